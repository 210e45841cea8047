import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslate } from 'react-admin';
import type { FormDto } from '../../../contract/forms';
import { formFieldsSchema } from '../../../contract/schemas/formDefinitions';
import type { RuleMessage } from '../../../contract/schemas/messages';
import { ApiError } from '../../providers/http';
import { showToast } from '../../notifications/toastStore';
import { schemaErrors } from '../../schemaForm/schemaErrors';
import { useMessageText } from './editor/useMessageText';
import { createForm, type FormFields } from './formDefinitionApi';
import { FormFieldsInputs } from './FormFieldsInputs';

const EMPTY: FormFields = { name: '', description: '', type: '', note: '' };

/** A new form definition (name, description, type, note): its version 1, Editing, opened in the editor once made. */
export function FormCreateDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (form: FormDto) => void }) {
  const translate = useTranslate();
  const messageText = useMessageText();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, RuleMessage | string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const found = schemaErrors(formFieldsSchema, values);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      onCreated(await createForm(values));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.envelope?.errors?.length) setErrors(Object.fromEntries(error.envelope.errors.map(({ field, message }) => [field, message])));
      else showToast('error', error.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="form-create-title" data-testid="form-create">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <DialogTitle id="form-create-title">{translate('formBuilder.create.title')}</DialogTitle>
        <DialogContent sx={{ '&&': { pt: 1 } }}>
          <FormFieldsInputs
            values={values}
            autoFocus
            disabled={busy}
            onChange={(name, value) => {
              setValues((current) => ({ ...current, [name]: value }));
              setErrors(({ [name]: _cleared, ...rest }) => rest);
            }}
            errorText={(name) => (errors[name] === undefined ? undefined : messageText(errors[name]))}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy} color="inherit">
            {translate('formBuilder.create.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid="form-create-submit">
            {translate('formBuilder.create.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
