import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Form, ResourceContextProvider, SaveButton, useCreate, useTranslate, useUpdate, type RaRecord } from 'react-admin';
import { schemaResolver } from '../forms/schemaResolver';
import { inputOf, schemaOf } from './entityInput';
import type { EntityResource, FormMode } from './types';

interface EntityFormDialogProps<T extends RaRecord> {
  resource: EntityResource<T>;
  mode: FormMode;
  /** The row being edited (edit mode). */
  record?: T;
  onClose: () => void;
  onSaved: (mode: FormMode) => void;
}

type SubmitErrors = Record<string, string>;

/** Field errors of a refused call, keyed by field (react-admin's HttpError body, as the data provider makes it). */
function fieldErrorsOf(error: unknown): SubmitErrors | undefined {
  const errors = (error as { body?: { errors?: SubmitErrors } } | null)?.body?.errors;
  return errors && Object.keys(errors).length ? errors : undefined;
}

/**
 * The add/edit dialog: titled create or edit plus the resource's name, the id shown on edit. The contract
 * schema checks the values before any call; the server's field errors show the same way, next to their
 * inputs, until the field is edited. A successful save closes the dialog.
 */
export function EntityFormDialog<T extends RaRecord>({ resource, mode, record, onClose, onSaved }: EntityFormDialogProps<T>) {
  const translate = useTranslate();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [create] = useCreate();
  const [update] = useUpdate();
  const form = resource.form!;
  const schema = schemaOf(form.schema, mode);
  const toInput = useMemo(() => form.toInput ?? ((values: Record<string, unknown>) => inputOf(schema, values)), [form, schema]);

  const resolver = useMemo(() => {
    const check = schemaResolver(schema, translate);
    return (async (values, context, options) => {
      const result = await check(toInput(values as Record<string, unknown>, mode), context, options);
      return Object.keys(result.errors).length ? result : { values, errors: {} };
    }) as typeof check;
  }, [schema, translate, toInput, mode]);

  const save = async (values: Record<string, unknown>): Promise<SubmitErrors | undefined> => {
    const input = toInput(values, mode);
    try {
      if (mode === 'create') {
        if (form.create) await form.create(input);
        else await create(resource.name, { data: input }, { returnPromise: true });
      } else {
        await update(resource.name, { id: record!.id, data: input, previousData: record }, { returnPromise: true });
      }
    } catch (error) {
      return fieldErrorsOf(error);
    }
    onSaved(mode);
    return undefined;
  };

  const name = translate(resource.nameKey);
  const title = translate(mode === 'create' ? 'admin.table.createTitle' : 'admin.table.editTitle', { name });
  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={narrow}
      fullWidth
      maxWidth={form.width ?? 'sm'}
      aria-labelledby="entity-form-title"
      data-testid="entity-form-dialog"
      // The form holds title, content and actions: it takes the paper's column layout so the content scrolls.
      sx={{ '& .MuiDialog-paper > form': { display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 } }}
    >
      <ResourceContextProvider value={resource.name}>
        <Form
          record={mode === 'edit' ? record : undefined}
          defaultValues={mode === 'create' ? (form.defaults as Record<string, unknown> | undefined) : undefined}
          resolver={resolver}
          onSubmit={save as (values: Record<string, unknown>) => Promise<SubmitErrors | undefined>}
          // Each field says what is wrong; a toast on top would also cover the buttons on a phone.
          disableInvalidFormNotification
          noValidate
        >
          <DialogTitle id="entity-form-title" sx={{ pb: mode === 'edit' ? 0 : undefined }}>
            {title}
          </DialogTitle>
          {mode === 'edit' && record && (
            <Typography variant="caption" component="p" sx={{ px: 3, color: 'text.secondary', wordBreak: 'break-all' }} data-testid="entity-id">
              {translate('admin.table.id')}: <Box component="span" sx={{ fontFamily: 'monospace', userSelect: 'all' }}>{String(record.id)}</Box>
            </Typography>
          )}
          <DialogContent sx={{ pt: '16px !important' }}>
            <form.Inputs mode={mode} />
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={onClose} color="inherit" data-testid="entity-form-cancel">
              {translate('admin.table.cancel')}
            </Button>
            <SaveButton label="admin.table.submit" alwaysEnable data-testid="entity-form-submit" />
          </DialogActions>
        </Form>
      </ResourceContextProvider>
    </Dialog>
  );
}
