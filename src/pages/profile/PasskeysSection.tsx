import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useNotify, useTranslate } from 'react-admin';
import { PASSKEY_NAME_MAX, type PasskeyDto } from '../../../contract/schemas/passkeys';
import { ConfirmDialog } from '../../entityTable/ConfirmDialog';
import { isPasskeyPromptCancelled } from '../../auth/passkeySignIn';
import { passkeyApi } from '../../passkeys/passkeyApi';
import { useDateTimeFormat } from '../../resources/tickets/useDateTimeFormat';

const PASSKEYS_QUERY = ['account', 'passkeys'];

/** Asks for the passkey's name, then has the browser make the passkey (@simplewebauthn/browser loads on the click). */
async function enrolPasskey(name: string) {
  const [{ startRegistration }, optionsJSON] = await Promise.all([import('@simplewebauthn/browser'), passkeyApi.registrationOptions()]);
  return passkeyApi.register(name, await startRegistration({ optionsJSON }));
}

/** One name input in a dialog: naming a new passkey, or renaming one. */
function NameDialog({
  title,
  initial,
  submitLabel,
  onCancel,
  onSubmit,
}: {
  title: string;
  initial: string;
  submitLabel: string;
  onCancel: () => void;
  onSubmit: (name: string) => Promise<void>;
}) {
  const translate = useTranslate();
  const [name, setName] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError(translate('validation.required'));
    setBusy(true);
    setError(null);
    try {
      await onSubmit(name.trim());
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onCancel}
      aria-labelledby="passkey-name-title"
      data-testid="passkey-name-dialog"
      slotProps={{ paper: { sx: { width: 480, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="passkey-name-title">{title}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            name="passkeyName"
            label={translate('passkeys.card.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={Boolean(error)}
            helperText={error ?? translate('passkeys.card.nameHint')}
            slotProps={{ htmlInput: { maxLength: PASSKEY_NAME_MAX } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onCancel} disabled={busy} color="inherit">
            {translate('passkeys.card.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={busy} data-testid="passkey-name-submit">
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

function PasskeyRow({ passkey, onRename, onRemove }: { passkey: PasskeyDto; onRename: () => void; onRemove: () => void }) {
  const translate = useTranslate();
  const formatDate = useDateTimeFormat();
  const used = passkey.lastUsedAt ? translate('passkeys.card.lastUsed', { date: formatDate(passkey.lastUsedAt) }) : translate('passkeys.card.neverUsed');
  return (
    <Stack
      component="li"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ py: 1.5, alignItems: { sm: 'center' }, borderTop: 1, borderColor: 'divider' }}
      data-testid="passkey-row"
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{passkey.name}</Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('passkeys.card.created', { date: formatDate(passkey.createdAt) })} · {used}
        </Typography>
      </Box>
      <Stack direction="row" spacing={1} role="group" aria-label={translate('passkeys.card.actions', { name: passkey.name })}>
        <Button size="small" onClick={onRename} data-testid="passkey-rename">
          {translate('passkeys.card.rename')}
        </Button>
        <Button size="small" color="error" onClick={onRemove} data-testid="passkey-remove">
          {translate('passkeys.card.remove')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** The Security tab's passkeys: add one (named), see each with when it was added and last used, rename, remove. */
export function PasskeysSection() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const listed = useQuery({ queryKey: PASSKEYS_QUERY, queryFn: passkeyApi.list });
  const passkeys = listed.data ?? null;
  const loadError = listed.error ? listed.error.message : null;
  const reload = () => queryClient.invalidateQueries({ queryKey: PASSKEYS_QUERY });
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<PasskeyDto | null>(null);
  const [removing, setRemoving] = useState<PasskeyDto | null>(null);
  const [removeBusy, setRemoveBusy] = useState(false);
  const supported = typeof window !== 'undefined' && 'PublicKeyCredential' in window;

  const add = async (name: string) => {
    try {
      await enrolPasskey(name);
    } catch (error) {
      throw isPasskeyPromptCancelled(error) ? new Error(translate('passkeys.card.cancelled')) : error;
    }
    setAdding(false);
    notify('passkeys.added', { type: 'success' });
    await reload();
  };

  const rename = async (name: string) => {
    await passkeyApi.rename(renaming!.id, name);
    setRenaming(null);
    notify('passkeys.renamed', { type: 'success' });
    await reload();
  };

  const remove = async () => {
    setRemoveBusy(true);
    try {
      await passkeyApi.remove(removing!.id);
      notify('passkeys.removed', { type: 'success' });
      setRemoving(null);
      await reload();
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    } finally {
      setRemoveBusy(false);
    }
  };

  return (
    <Card variant="outlined" data-testid="passkeys-card">
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' }, mb: 2 }}>
          <Box>
            <Typography variant="h6" component="h2" id="passkeys-title">
              {translate('passkeys.card.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate('passkeys.card.intro')}
            </Typography>
          </Box>
          <Button variant="outlined" onClick={() => setAdding(true)} disabled={!supported} sx={{ flexShrink: 0 }} data-testid="passkey-add">
            {translate('passkeys.card.add')}
          </Button>
        </Stack>
        {!supported && <Alert severity="info">{translate('passkeys.card.unsupported')}</Alert>}
        {loadError && <Alert severity="error">{loadError}</Alert>}
        {passkeys === null && !loadError && <CircularProgress size={24} aria-label={translate('passkeys.card.loading')} />}
        {passkeys?.length === 0 && (
          <Typography variant="body2" data-testid="passkeys-empty">
            {translate('passkeys.card.empty')}
          </Typography>
        )}
        {passkeys && passkeys.length > 0 && (
          <Box component="ul" aria-labelledby="passkeys-title" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {passkeys.map((passkey) => (
              <PasskeyRow key={passkey.id} passkey={passkey} onRename={() => setRenaming(passkey)} onRemove={() => setRemoving(passkey)} />
            ))}
          </Box>
        )}
      </CardContent>
      {adding && (
        <NameDialog
          title={translate('passkeys.card.add')}
          initial={translate('passkeys.card.defaultName')}
          submitLabel={translate('passkeys.card.continue')}
          onCancel={() => setAdding(false)}
          onSubmit={add}
        />
      )}
      {renaming && (
        <NameDialog
          title={translate('passkeys.card.renameTitle')}
          initial={renaming.name}
          submitLabel={translate('passkeys.card.save')}
          onCancel={() => setRenaming(null)}
          onSubmit={rename}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={translate('passkeys.card.removeTitle', { name: removing?.name ?? '' })}
        confirmLabel={translate('passkeys.card.remove')}
        confirmColor="error"
        busy={removeBusy}
        onCancel={() => setRemoving(null)}
        onConfirm={() => void remove()}
        testId="passkey-remove-dialog"
      >
        <Typography>{translate('passkeys.card.removeText')}</Typography>
      </ConfirmDialog>
    </Card>
  );
}
