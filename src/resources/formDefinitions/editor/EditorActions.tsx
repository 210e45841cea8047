import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Publish from '@mui/icons-material/Publish';
import Save from '@mui/icons-material/Save';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { usePermissions, useTranslate } from 'react-admin';
import { formEditorRoute, type FormDto } from '../../../../contract/forms';
import { canAccessWith } from '../../../../contract/permissions';
import { ConfirmDialog } from '../../../entityTable/ConfirmDialog';
import { showToast } from '../../../notifications/toastStore';
import { ApiError } from '../../../providers/http';
import { publishForm, startNewVersion } from '../formDefinitionApi';

interface EditorActionsProps {
  form: FormDto;
  dirty: boolean;
  saving: boolean;
  onSave: () => void;
  onPublished: () => void;
}

/** Save and Publish for an Editing version, New version for a Ready or Outdate one, as the user's permissions allow. */
export function EditorActions({ form, dirty, saving, onSave, onPublished }: EditorActionsProps) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { permissions } = usePermissions<string[]>();
  const may = (action: string) => canAccessWith(permissions ?? [], { resource: 'Form', action });
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const editing = form.status === 'Editing';

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      // The server names what stands in the way: no answerable question yet, an Editing version already there.
      if (!(error instanceof ApiError)) throw error;
      showToast('error', error.message);
    } finally {
      setBusy(false);
    }
  };
  const publish = async () => {
    await run(async () => {
      await publishForm(form.id);
      showToast('success', translate('formBuilder.editor.published'));
      onPublished();
    });
    setConfirming(false);
  };
  const newVersion = () =>
    run(async () => {
      const created = await startNewVersion(form.id);
      showToast('success', translate('formBuilder.editor.newVersionDone', { number: created.versionNumber }));
      navigate(formEditorRoute(created.id));
    });

  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center', rowGap: 1 }}>
      {dirty && (
        <Typography variant="body2" sx={{ color: 'warning.main' }} data-testid="form-unsaved">
          {translate('formBuilder.editor.unsaved')}
        </Typography>
      )}
      {editing && may('Update') && (
        <>
          <Button variant="contained" startIcon={<Save />} onClick={onSave} disabled={saving || !dirty} data-testid="form-save">
            {translate('formBuilder.editor.save')}
          </Button>
          <Button
            variant="outlined"
            startIcon={<Publish />}
            onClick={() => (dirty ? showToast('warning', translate('formBuilder.editor.publishUnsaved')) : setConfirming(true))}
            disabled={saving || busy}
            data-testid="form-publish"
          >
            {translate('formBuilder.editor.publish')}
          </Button>
        </>
      )}
      {!editing && may('Create') && (
        <Button variant="contained" startIcon={<ContentCopy />} onClick={() => void newVersion()} disabled={busy} data-testid="form-new-version">
          {translate('formBuilder.editor.newVersion')}
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        title={translate('formBuilder.editor.publishTitle')}
        confirmLabel={translate('formBuilder.editor.publish')}
        busy={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void publish()}
        testId="form-publish-confirm"
      >
        {translate('formBuilder.editor.publishBody')}
      </ConfirmDialog>
    </Stack>
  );
}
