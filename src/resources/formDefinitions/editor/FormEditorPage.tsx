import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
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
import { MergeDialog } from './MergeDialog';
import { RemovalUndo } from './RemovalUndo';
import { removeQuestion, removeSection, restoreRemoved, type Removed } from './sectionsDraft';
import { SectionsEditor } from './SectionsEditor';
import { fieldsOf, useFormEditor, type LoadedVersion } from './useFormEditor';
import { useLeaveGuard } from './useLeaveGuard';
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
  const [conflict, setConflict] = useState<LoadedVersion | null>(null);
  const [focusRequests] = useState(createFocusRequests);
  // Leaving with unsaved changes asks first: in the app, by the browser's back button, by reloading or closing the tab.
  const leaveGuard = useLeaveGuard(dirty);
  const { changeSections } = editor;
  const [removed, setRemoved] = useState<Removed | null>(null);
  const remove = useCallback(
    (item: Removed) => {
      changeSections((current) => (item.kind === 'section' ? removeSection(current, item.section.key) : removeQuestion(current, item.list, item.question.key)));
      setRemoved(item);
    },
    [changeSections],
  );
  // After an undo, focus returns to the restored item's menu, where the removal was chosen.
  const refocus = useRef<Removed | null>(null);
  useEffect(() => {
    const restored = refocus.current;
    if (!restored) return;
    refocus.current = null;
    const key = restored.kind === 'section' ? restored.section.key : restored.question.key;
    const card = document.querySelector(`[data-testid="${restored.kind}"][data-key="${CSS.escape(key)}"]`);
    card?.querySelector<HTMLElement>(`[data-testid="${restored.kind}-menu"]`)?.focus();
  }, [sections]);
  const undo = () => {
    if (!removed) return;
    refocus.current = removed;
    changeSections((current) => restoreRemoved(current, removed));
    setRemoved(null);
  };
  const readOnly = !form || form.status !== 'Editing' || !canAccessWith(permissions ?? [], { resource: 'Form', action: 'Update' });

  const editing = useMemo<SectionsEditing>(
    () => ({
      ...focusRequests,
      readOnly,
      errors,
      savedKeys: editor.savedKeys,
      change: editor.changeSections,
      remove,
      errorText: (field) => {
        const message = errors.get(field);
        return message === undefined ? undefined : messageText(message);
      },
    }),
    [focusRequests, readOnly, errors, editor.savedKeys, editor.changeSections, remove, messageText],
  );

  // Errors no input shows (the number of sections, say) are listed above the editor.
  const unplaced = [...errors]
    .filter(([field]) => field.startsWith('form:') && !FORM_FIELD_NAMES.some((name) => field === formField(name)))
    .map(([, message]) => message);

  const tell = (outcome: Awaited<ReturnType<typeof editor.save>>) => {
    setConflict(typeof outcome === 'object' && 'conflict' in outcome ? outcome.conflict : null);
    if (outcome === 'saved') showToast('success', translate('formBuilder.editor.saved'));
    else if (outcome === 'invalid') showToast('error', translate('formBuilder.editor.invalid'));
    else if ('failed' in outcome) showToast('error', outcome.failed || translate('formBuilder.editor.saveFailed'));
  };
  const save = async () => tell(await editor.save());

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
      {/* A read-only field's helper text still informs (a key's meaning, a section's question count): readable, not greyed out. */}
      <Stack spacing={2} sx={{ mb: 8, '& .MuiFormHelperText-root.Mui-disabled': { color: 'text.secondary' } }}>
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
      {conflict && editor.base && (
        <MergeDialog
          base={{ fields: fieldsOf(editor.base.form), sections: editor.base.sections }}
          mine={{ fields, sections }}
          theirs={{ fields: fieldsOf(conflict.form), sections: conflict.sections }}
          busy={saving}
          onCancel={() => setConflict(null)}
          onSave={(merged) => void editor.saveMerged(conflict, merged).then(tell)}
        />
      )}
      {removed && (
        <RemovalUndo
          key={removed.kind === 'section' ? removed.section.key : removed.question.key}
          removed={removed}
          onUndo={undo}
          onClose={() => setRemoved(null)}
        />
      )}
      <ConfirmDialog
        open={leaveGuard.asking}
        title={translate('formBuilder.leave.title')}
        confirmLabel={translate('formBuilder.leave.confirm')}
        confirmColor="error"
        onCancel={leaveGuard.stay}
        onConfirm={leaveGuard.leave}
        testId="form-leave"
      >
        {translate('formBuilder.leave.body')}
      </ConfirmDialog>
    </>
  );
}
