import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useNotify, useTranslate } from 'react-admin';
import { FILE_DECISION_NOTE_MAX, type FileRequestDto, type ManagedFileDto } from '../../../../contract/files';
import { id as idField, required } from '../../../../contract/schemas/fields';
import { approveFileRequestSchema, rejectFileRequestSchema } from '../../../../contract/schemas/files';
import { ApiError } from '../../../providers/http';
import type { AnySchema } from '../../../schemaForm/schemaErrors';
import { approveFileRequest, rejectFileRequest } from './fileManagerApi';
import { GrantTermsFields } from './GrantTermsFields';
import { termsBody, termsValuesOf } from './grantTerms';
import { useCheckedSubmit } from './useCheckedSubmit';
import { RecordPicker } from './RecordPicker';
import { StaffDialog } from './StaffDialog';

interface DecisionProps {
  request: FileRequestDto;
  onClose: () => void;
  /** Decided (or found decided by someone else): the list reloads. */
  onDecided: () => void;
}

/** What the requester asked for, and why. */
function RequestSummary({ request }: { request: FileRequestDto }) {
  const translate = useTranslate();
  const names = { name: request.requestedByName, partner: request.partnerName };
  return (
    <Stack spacing={0.5} sx={{ mb: 2 }}>
      <Typography>
        {request.fileId
          ? translate('fileManager.requests.asked', { ...names, file: request.fileName ?? '' })
          : translate('fileManager.requests.askedText', { ...names, text: request.requestText })}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
        {translate('fileManager.requests.reasonSaid', { reason: request.reason })}
      </Typography>
    </Stack>
  );
}

/** A 409: another admin decided first. Said plainly (the list has reloaded to show the decision). */
function DecisionFailure({ status, message }: { status: number | null; message: string | null }) {
  const translate = useTranslate();
  return status === 409 ? (
    <Alert severity="warning" data-testid="request-already-decided">
      {translate('fileManager.requests.alreadyDecided')}
    </Alert>
  ) : message ? (
    <Alert severity="error">{message}</Alert>
  ) : null;
}

/** Decided: say so, reload, close. A 409 also reloads the list, which then shows who decided. */
function useDecision(schema: AnySchema, body: object, { onClose, onDecided }: Omit<DecisionProps, 'request'>, doneKey: string) {
  const notify = useNotify();
  const checked = useCheckedSubmit(schema, body);
  const decide = (call: () => Promise<unknown>) =>
    void checked.submit(
      call,
      () => {
        notify(doneKey, { type: 'success' });
        onDecided();
        onClose();
      },
      (error) => error instanceof ApiError && error.status === 409 && onDecided(),
    );
  return { ...checked, decide };
}

/** A free-text request names no file: the approval must (the server says `filesApi.approveNeedsFile` otherwise). */
const approveWithFileSchema = approveFileRequestSchema.shape({ fileId: idField().required(required) });

/** Approves a request: which file (a free-text request names none), for whom, and the grant's window and terms. */
export function ApproveRequestDialog({ request, onClose, onDecided }: DecisionProps) {
  const translate = useTranslate();
  const [fileId, setFileId] = useState<string | null>(request.fileId);
  const [conditionType, setConditionType] = useState<'partner' | 'user'>('partner');
  const [terms, setTerms] = useState(termsValuesOf);
  const body = useMemo(() => ({ fileId, conditionType, ...termsBody(terms) }), [fileId, conditionType, terms]);
  const checked = useDecision(request.fileId ? approveFileRequestSchema : approveWithFileSchema, body, { onClose, onDecided }, 'fileManager.requests.approved');
  const { busy } = checked;

  const fileError = checked.errorOf('fileId');
  return (
    <StaffDialog
      title={translate('fileManager.requests.approveTitle', { name: request.requestedByName })}
      onClose={onClose}
      onSubmit={() => checked.decide(() => approveFileRequest(request.id, approveFileRequestSchema.cast(body)))}
      submitLabel={translate('fileManager.requests.approve')}
      busy={busy}
      testId="approve-request-dialog"
    >
      <RequestSummary request={request} />
      <Stack spacing={2}>
        {!request.fileId && (
          <RecordPicker<ManagedFileDto>
            resource="files"
            label={translate('fileManager.requests.chooseFile')}
            value={fileId}
            onChange={(id) => setFileId(id)}
            optionLabel={(file) => file.fileName}
            required
            error={!!fileError}
            helperText={fileError ?? translate('fileManager.requests.chooseFileHelp')}
            testId="approve-file-picker"
          />
        )}
        <Stack>
          <FormLabel id="approve-grant-to">{translate('fileManager.requests.grantTo')}</FormLabel>
          <RadioGroup aria-labelledby="approve-grant-to" value={conditionType} onChange={(event) => setConditionType(event.target.value as 'partner' | 'user')}>
            <FormControlLabel value="partner" control={<Radio />} label={translate('fileManager.requests.grantToPartner', { partner: request.partnerName })} />
            <FormControlLabel value="user" control={<Radio />} label={translate('fileManager.requests.grantToUser', { name: request.requestedByName })} />
          </RadioGroup>
        </Stack>
        <GrantTermsFields values={terms} onChange={setTerms} errorOf={checked.errorOf} disabled={busy} />
        <DecisionFailure {...checked.failure} />
      </Stack>
    </StaffDialog>
  );
}

/** Rejects a request with a reason the requester is told. */
export function RejectRequestDialog({ request, onClose, onDecided }: DecisionProps) {
  const translate = useTranslate();
  const [reason, setReason] = useState('');
  const body = useMemo(() => ({ reason }), [reason]);
  const checked = useDecision(rejectFileRequestSchema, body, { onClose, onDecided }, 'fileManager.requests.rejected');
  const { busy } = checked;

  const error = checked.errorOf('reason');
  return (
    <StaffDialog
      title={translate('fileManager.requests.rejectTitle', { name: request.requestedByName })}
      onClose={onClose}
      onSubmit={() => checked.decide(() => rejectFileRequest(request.id, reason.trim()))}
      submitLabel={translate('fileManager.requests.reject')}
      submitColor="error"
      busy={busy}
      testId="reject-request-dialog"
    >
      <RequestSummary request={request} />
      <Stack spacing={2}>
        <TextField
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          required
          multiline
          minRows={3}
          fullWidth
          label={translate('fileManager.requests.rejectReason')}
          error={!!error}
          helperText={error ?? `${reason.length} / ${FILE_DECISION_NOTE_MAX}`}
          slotProps={{ htmlInput: { maxLength: FILE_DECISION_NOTE_MAX, 'data-testid': 'reject-reason' } }}
        />
        <DecisionFailure {...checked.failure} />
      </Stack>
    </StaffDialog>
  );
}
