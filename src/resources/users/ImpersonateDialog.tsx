import { useState, type FormEvent } from 'react';
import SupervisorAccountOutlined from '@mui/icons-material/SupervisorAccountOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import { API_V1 } from '../../../contract/http';
import {
  IMPERSONATION_DEFAULT_MINUTES,
  IMPERSONATION_MAX_MINUTES,
  IMPERSONATION_REASON_MAX,
  impersonationSchema,
  type ImpersonationTokens,
} from '../../../contract/schemas/impersonation';
import type { UserDto } from '../../../contract/users';
import type { EntityRowAction, RowActionDialogProps } from '../../entityTable/types';
import { ApiError } from '../../providers/http/ApiError';
import { apiRequest } from '../../providers/http/httpClient';
import { decodeAccessToken } from '../../providers/session/accessToken';
import { impersonationEndsAt, startImpersonationSession } from '../../providers/session/impersonationSession';
import { appLoad, readCredentials } from '../../providers/session/sessionStorage';
import { useSchemaForm } from '../../schemaForm/useSchemaForm';

const impersonate = (id: string, body: { reason: string; minutes: number }) =>
  apiRequest<ImpersonationTokens>(`${API_V1}/users/${encodeURIComponent(id)}/impersonate`, { method: 'POST', body, notify: false }).then((r) => r.data);

/** Signed in as oneself, not as someone else: only then is impersonating offered (the server refuses it anyway). */
function signedInAs(): string | null {
  try {
    const claims = decodeAccessToken(readCredentials()?.token ?? '');
    return claims.act || impersonationEndsAt() ? null : claims.sub;
  } catch {
    return null;
  }
}

/**
 * Impersonate a user for support (Users.Impersonate): a reason and a time limit, then the app reloads as them with
 * the banner on every screen. The server decides the rest (rank, partner, activity) and says why when it refuses.
 */
export function ImpersonateDialog({ record, onClose }: RowActionDialogProps<UserDto>) {
  const translate = useTranslate();
  const form = useSchemaForm(impersonationSchema, { reason: '', minutes: String(IMPERSONATION_DEFAULT_MINUTES) });
  const [submitting, setSubmitting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    form.touchAll();
    if (!form.isValid) return;
    setSubmitting(true);
    setRefusal(null);
    try {
      const tokens = await impersonate(String(record.id), { reason: form.values.reason.trim(), minutes: Number(form.values.minutes) });
      startImpersonationSession(tokens);
      appLoad.at('/');
    } catch (error) {
      if (error instanceof ApiError && error.body.errors) form.setServerErrors(error.body.errors);
      setRefusal(error instanceof Error ? error.message : String(error));
      setSubmitting(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="impersonate-title"
      data-testid="impersonate-dialog"
      slotProps={{ paper: { component: 'form', onSubmit: submit } as object }}
    >
      <DialogTitle id="impersonate-title">{translate('impersonation.dialog.title', { name: record.fullName || record.email })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{translate('impersonation.dialog.intro')}</DialogContentText>
          {refusal && (
            <Alert severity="error" data-testid="impersonate-refused">
              {refusal}
            </Alert>
          )}
          <TextField
            {...form.field('reason')}
            label={translate('impersonation.dialog.reason')}
            helperText={form.field('reason').helperText ?? translate('impersonation.dialog.reasonHelp')}
            required
            multiline
            minRows={2}
            autoFocus
            slotProps={{ htmlInput: { maxLength: IMPERSONATION_REASON_MAX } }}
          />
          <TextField
            {...form.field('minutes')}
            label={translate('impersonation.dialog.minutes')}
            helperText={form.field('minutes').helperText ?? translate('impersonation.dialog.minutesHelp', { max: IMPERSONATION_MAX_MINUTES })}
            required
            type="number"
            slotProps={{ htmlInput: { min: 1, max: IMPERSONATION_MAX_MINUTES, step: 1, inputMode: 'numeric' } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose}>{translate('impersonation.dialog.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={submitting} startIcon={<SupervisorAccountOutlined />} data-testid="impersonate-start">
          {translate('impersonation.dialog.start')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The users list's row action: with Users.Impersonate, on an active user other than oneself, when not impersonating already. */
export const impersonateAction: EntityRowAction<UserDto> = {
  key: 'impersonate',
  labelKey: 'impersonation.action',
  icon: <SupervisorAccountOutlined fontSize="small" />,
  access: { action: 'Impersonate' },
  appliesTo: (user) => {
    const me = signedInAs();
    return !!me && user.isActive && !user.deleted && String(user.id) !== me;
  },
  Dialog: ImpersonateDialog,
};
