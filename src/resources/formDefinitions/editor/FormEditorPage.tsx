import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import ArrowBack from '@mui/icons-material/ArrowBack';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { usePermissions, useTranslate } from 'react-admin';
import { canAccessWith } from '../../../../contract/permissions';
import { ConfirmDialog } from '../../../entityTable/ConfirmDialog';
import { PageHeading } from '../../../layout/PageHeading';
import { showToast } from '../../../notifications/toastStore';
import { FORM_FIELD_NAMES } from '../formDefinitionApi';
import { FormFieldsInputs } from '../FormFieldsInputs';
import { FormStatusChip } from '../FormStatusChip';
import { EditorActions } from './EditorActions';
import { formField } from './editorErrors';
import { createFocusRequests, DraftSectionsContext, SectionsEditingContext, type SectionsEditing } from './FormEditorContext';
import { FormPreview } from './FormPreview';
import { SectionsEditor } from './SectionsEditor';
import { useFormEditor } from './useFormEditor';
import { useMessageText } from './useMessageText';

/**
 * One form version (/form-config/{formId}): its fields, sections and questions, and a live preview. Only an
 * Editing version changes; any other is shown read-only with the specification's warning.
 */
export default function FormEditorPage() {
  const translate = useTranslate();
  const messageText = useMessageText();
  const { formId = '' } = useParams();
  const { permissions } = usePermissions<string[]>();
  const editor = useFormEditor(formId);
  const { query, form, fields, sections, errors, dirty, saving } = editor;
  const [view, setView] = useState<'edit' | 'preview'>('edit');
  const [conflict, setConflict] = useState(false);
  const [focusRequests] = useState(createFocusRequests);
  // Closing the tab or reloading with unsaved changes asks first (the browser's own question).
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  const readOnly = !form || form.status !== 'Editing' || !canAccessWith(permissions ?? [], { resource: 'Form', action: 'Update' });

  const editing = useMemo<SectionsEditing>(
    () => ({
      ...focusRequests,
      readOnly,
      errors,
      savedKeys: editor.savedKeys,
      change: editor.changeSections,
      errorText: (field) => {
        const message = errors.get(field);
        return message === undefined ? undefined : messageText(message);
      },
    }),
    [focusRequests, readOnly, errors, editor.savedKeys, editor.changeSections, messageText],
  );

  // Errors no input shows (the number of sections, say) are listed above the editor.
  const unplaced = [...errors]
    .filter(([field]) => field.startsWith('form:') && !FORM_FIELD_NAMES.some((name) => field === formField(name)))
    .map(([, message]) => message);

  const save = async () => {
    const outcome = await editor.save();
    if (outcome === 'saved') showToast('success', translate('formBuilder.editor.saved'));
    else if (outcome === 'invalid') showToast('error', translate('formBuilder.editor.invalid'));
    else if (outcome === 'conflict') setConflict(true);
    else showToast('error', outcome.failed || translate('formBuilder.editor.saveFailed'));
  };

  const back = (
    <Button component={RouterLink} to="/form-config" startIcon={<ArrowBack />} size="small" sx={{ mb: 1, ml: -1 }}>
      {translate('formBuilder.editor.back')}
    </Button>
  );
  if (query.isPending) {
    return (
      <>
        {back}
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
          <CircularProgress aria-label={translate('app.loading')} />
        </Box>
      </>
    );
  }
  if (!form || !fields) {
    return (
      <>
        {back}
        <Card variant="outlined" data-testid="form-not-found">
          <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <SearchOffOutlined color="error" />
            <Typography>{translate('formBuilder.editor.notFound')}</Typography>
          </CardContent>
        </Card>
      </>
    );
  }

  return (
    <>
      {back}
      <PageHeading title={fields.name || form.name}>
        <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography sx={{ color: 'text.secondary' }}>{translate('formBuilder.editor.version', { number: form.versionNumber })}</Typography>
          <FormStatusChip status={form.status} />
        </Stack>
      </PageHeading>
      <Stack spacing={2} sx={{ mb: 8 }}>
        {unplaced.length > 0 && (
          <Alert severity="error" data-testid="form-errors">
            {unplaced.map((message, index) => (
              <div key={index}>{messageText(message)}</div>
            ))}
          </Alert>
        )}
        {form.status !== 'Editing' && (
          <Alert severity="warning" data-testid="form-read-only">
            {translate('formBuilder.editor.readOnly', { status: translate(`formBuilder.status.${form.status}`) })}
          </Alert>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, rowGap: 1 }}>
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            value={view}
            onChange={(_, next) => next && setView(next)}
            aria-label={translate('formBuilder.editor.view')}
          >
            <ToggleButton value="edit" data-testid="form-view-edit">
              {translate('formBuilder.editor.edit')}
            </ToggleButton>
            <ToggleButton value="preview" data-testid="form-view-preview">
              {translate('formBuilder.editor.preview')}
            </ToggleButton>
          </ToggleButtonGroup>
          <EditorActions form={form} dirty={dirty} saving={saving} onSave={() => void save()} onPublished={() => void editor.reload()} />
        </Stack>
        {view === 'preview' ? (
          <FormPreview sections={sections} />
        ) : (
          <>
            <Card variant="outlined" component="section" aria-labelledby="form-details-title">
              <CardContent>
                <Typography variant="h6" component="h2" id="form-details-title" sx={{ mb: 2 }}>
                  {translate('formBuilder.fields.details')}
                </Typography>
                <FormFieldsInputs
                  values={fields}
                  onChange={editor.changeField}
                  disabled={readOnly}
                  errorText={(name) => {
                    const message = errors.get(formField(name));
                    return message === undefined ? undefined : messageText(message);
                  }}
                />
              </CardContent>
            </Card>
            <SectionsEditingContext.Provider value={editing}>
              <DraftSectionsContext.Provider value={sections}>
                <SectionsEditor sections={sections} />
              </DraftSectionsContext.Provider>
            </SectionsEditingContext.Provider>
          </>
        )}
      </Stack>
      <ConfirmDialog
        open={conflict}
        title={translate('formBuilder.conflict.title')}
        confirmLabel={translate('formBuilder.conflict.reload')}
        onCancel={() => setConflict(false)}
        onConfirm={() => {
          setConflict(false);
          void editor.reload();
        }}
        testId="form-conflict"
      >
        {translate('formBuilder.conflict.body')}
      </ConfirmDialog>
    </>
  );
}
