import { useMemo, useState } from 'react';
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
import { schemaResolver } from '../schemaForm/schemaResolver';
import { changedFields } from '../providers/data/recordChanges';
import { inputOf, schemaOf } from './entityInput';
import { RecordConflictAlert } from './RecordConflictAlert';
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
type Values = Record<string, unknown>;

/** The current record of a save refused because someone else saved first (412). */
function currentOfConflict<T>(error: unknown): T | undefined {
  const refused = error as { status?: number; body?: { current?: T } } | null;
  return refused?.status === 412 && refused.body?.current ? refused.body.current : undefined;
}

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
  // The version being edited: the record opened, or the other person's after a conflict.
  const [base, setBase] = useState(record);
  const [conflict, setConflict] = useState<{ current: T; values: Values } | null>(null);
  const [formKey, setFormKey] = useState(0);

  const resolver = useMemo(() => {
    const check = schemaResolver(schema, translate);
    return (async (values, context, options) => {
      const result = await check(toInput(values as Record<string, unknown>, mode), context, options);
      return Object.keys(result.errors).length ? result : { values, errors: {} };
    }) as typeof check;
  }, [schema, translate, toInput, mode]);

  const submit = async (values: Values, previous: T | undefined): Promise<SubmitErrors | undefined> => {
    const input = toInput(values, mode);
    try {
      if (mode === 'create') {
        if (form.create) await form.create(input);
        else await create(resource.name, { data: input }, { returnPromise: true });
      } else {
        await update(resource.name, { id: record!.id, data: input, previousData: previous }, { returnPromise: true });
      }
    } catch (error) {
      const current = currentOfConflict<T>(error);
      if (current) setConflict({ current, values });
      return current ? undefined : fieldErrorsOf(error);
    }
    onSaved(mode);
    return undefined;
  };
  const save = (values: Values) => submit(values, base);

  const reloadTheirs = () => {
    setBase(conflict!.current);
    setConflict(null);
    setFormKey((key) => key + 1);
  };
  // My edits (what I changed from the version I opened) go onto their version; their other changes stay.
  const overwriteTheirs = () => {
    const { current, values } = conflict!;
    const mine = Object.keys(changedFields(toInput(values, mode), toInput(base as Values, mode)));
    setBase(current);
    setConflict(null);
    void submit({ ...(current as Values), ...Object.fromEntries(mine.map((field) => [field, values[field]])) }, current);
  };
  const labelOf = (field: string) => {
    const column = resource.columns.find((c) => c.source === field);
    return column ? translate(column.labelKey) : field;
  };

  const name = translate(resource.nameKey, { smart_count: 1 });
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
          key={formKey}
          record={mode === 'edit' ? base : undefined}
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
              {translate('admin.table.id')}:{' '}
              <Box component="span" sx={{ fontFamily: 'monospace', userSelect: 'all' }}>
                {String(record.id)}
              </Box>
            </Typography>
          )}
          <DialogContent sx={{ pt: '16px !important' }}>
            {conflict && (
              <RecordConflictAlert
                theirs={changedFields(toInput(conflict.current as Values, mode), toInput(base as Values, mode))}
                labelOf={labelOf}
                onReload={reloadTheirs}
                onOverwrite={overwriteTheirs}
              />
            )}
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
