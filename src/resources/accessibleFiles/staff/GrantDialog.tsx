import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { GRANT_CONDITION_TYPES, type FileGrantDto, type GrantConditionType, type ManagedFileDto } from '../../../../contract/files';
import { fileGrantSchema, fileGrantTermsSchema } from '../../../../contract/schemas/files';
import { createGrant, updateGrantTerms } from './fileManagerApi';
import { GrantTargetPicker } from './GrantTargetPicker';
import { GrantTermsFields } from './GrantTermsFields';
import { termsBody, termsValuesOf } from './grantTerms';
import { useCheckedSubmit } from './useCheckedSubmit';
import { grantDateFormat, grantInWords } from './grantWords';
import { RecordPicker } from './RecordPicker';
import { StaffDialog } from './StaffDialog';

interface GrantDialogProps {
  /** Editing this grant's terms; absent: a new grant. */
  grant?: FileGrantDto;
  /** A new grant of this file (the file manager's "grant access"). */
  file?: Pick<ManagedFileDto, 'id' | 'fileName'>;
  onClose: () => void;
  onSaved: () => void;
}

/** Adds a grant (file, who by condition type, window and terms) or changes an existing grant's terms. */
export function GrantDialog({ grant, file, onClose, onSaved }: GrantDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const [fileId, setFileId] = useState<string | null>(grant?.fileId ?? file?.id ?? null);
  const [conditionType, setConditionType] = useState<GrantConditionType>(grant?.conditionType ?? 'partner');
  const [targetId, setTargetId] = useState<string | null>(grant?.targetId ?? null);
  const [terms, setTerms] = useState(() => termsValuesOf(grant));
  const body = useMemo(
    () => (grant ? termsBody(terms) : { fileId: fileId ?? '', conditionType, targetId: targetId ?? '', ...termsBody(terms) }),
    [grant, fileId, conditionType, targetId, terms],
  );
  const checked = useCheckedSubmit(grant ? fileGrantTermsSchema : fileGrantSchema, body);
  const { busy } = checked;

  const save = () =>
    checked.submit(
      () => (grant ? updateGrantTerms(grant, fileGrantTermsSchema.cast(body)) : createGrant(fileGrantSchema.cast(body))),
      () => {
        notify(grant ? 'fileManager.grants.saved' : 'fileManager.grants.created', { type: 'success' });
        onSaved();
        onClose();
      },
    );

  const { status, message } = checked.failure;
  return (
    <StaffDialog
      title={translate(grant ? 'fileManager.grants.editTitle' : 'fileManager.grants.addTitle')}
      onClose={onClose}
      onSubmit={() => void save()}
      busy={busy}
      testId="grant-dialog"
    >
      <Stack spacing={2}>
        {grant ? (
          <>
            <Typography sx={{ overflowWrap: 'anywhere' }}>{grantInWords(grant, translate, grantDateFormat(locale))}</Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {translate('fileManager.grants.editHelp')}
            </Typography>
          </>
        ) : (
          <>
            <RecordPicker<ManagedFileDto>
              resource="files"
              label={translate('fileManager.grants.fields.file')}
              value={fileId}
              valueLabel={file?.fileName}
              onChange={(id) => setFileId(id)}
              optionLabel={(option) => option.fileName}
              required
              error={!!checked.errorOf('fileId')}
              helperText={checked.errorOf('fileId')}
              disabled={busy}
              testId="grant-file-picker"
            />
            <TextField
              select
              required
              label={translate('fileManager.grants.fields.conditionType')}
              value={conditionType}
              onChange={(event) => {
                setConditionType(event.target.value as GrantConditionType);
                setTargetId(null);
              }}
              disabled={busy}
              slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'grant-condition-type' } as object } }}
            >
              {GRANT_CONDITION_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {translate(`fileManager.grants.conditionType.${type}`)}
                </MenuItem>
              ))}
            </TextField>
            <GrantTargetPicker
              key={conditionType}
              conditionType={conditionType}
              value={targetId}
              onChange={setTargetId}
              error={checked.errorOf('targetId')}
              disabled={busy}
            />
          </>
        )}
        <GrantTermsFields values={terms} onChange={setTerms} errorOf={checked.errorOf} disabled={busy} />
        {status === 412 ? (
          <Alert severity="warning" data-testid="grant-stale">
            {translate('fileManager.grants.changedMeanwhile')}
          </Alert>
        ) : (
          message && <Alert severity="error">{message}</Alert>
        )}
      </Stack>
    </StaffDialog>
  );
}
