import { useCallback, useEffect, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { API_V1 } from '../../../contract/http';
import { SCIM_BASE_PATH, type CreatedScimTokenDto, type ScimTokenDto } from '../../../contract/scimTokens';
import { apiRequest } from '../../providers/http/httpClient';
import { CopyField } from './CopyField';
import { SettingsCard } from './SettingsCard';

const tokensPath = (partnerId: string) => `${API_V1}/partners/${encodeURIComponent(partnerId)}/scim-tokens`;

/** A partner's SCIM provisioning tokens: listed, made (the token shown once, to copy) and revoked. */
export function ScimTokensSection({ partnerId, canManage }: { partnerId: string; canManage: boolean }) {
  const translate = useTranslate();
  const [tokens, setTokens] = useState<ScimTokenDto[]>([]);
  const [name, setName] = useState('');
  const [shown, setShown] = useState<CreatedScimTokenDto | null>(null);
  const [busy, setBusy] = useState(false);

  const reload = useCallback(() => {
    apiRequest<ScimTokenDto[]>(tokensPath(partnerId), { notify: false }).then(
      ({ data }) => setTokens(data ?? []),
      () => setTokens([]),
    );
  }, [partnerId]);
  useEffect(reload, [reload]);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const { data } = await apiRequest<CreatedScimTokenDto>(tokensPath(partnerId), { method: 'POST', body: { name: name.trim() } });
      setShown(data);
      setName('');
      reload();
    } catch {
      // The toast says why.
    } finally {
      setBusy(false);
    }
  };
  const revoke = (id: string) => void apiRequest(`${tokensPath(partnerId)}/${encodeURIComponent(id)}`, { method: 'DELETE' }).then(reload, () => undefined);

  return (
    <SettingsCard title={translate('signInSettings.scim.title')} intro={translate('signInSettings.scim.intro')} testId="scim-tokens">
      <CopyField label={translate('signInSettings.scim.baseUrl')} value={`${window.location.origin}${SCIM_BASE_PATH}`} />
      <Divider sx={{ my: 1 }} />
      {tokens.length === 0 && <Typography sx={{ color: 'text.secondary', py: 1 }}>{translate('signInSettings.scim.none')}</Typography>}
      {tokens.map((token) => (
        <Box key={token.id} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, py: 1 }} data-testid="scim-token">
          <Typography sx={{ fontWeight: 600 }}>{token.name}</Typography>
          <Chip
            size="small"
            color={token.revokedAt ? 'default' : 'success'}
            label={translate(token.revokedAt ? 'signInSettings.scim.revoked' : 'signInSettings.scim.active')}
          />
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {translate(token.lastUsedAt ? 'signInSettings.scim.lastUsed' : 'signInSettings.scim.neverUsed', {
              time: token.lastUsedAt ? new Date(token.lastUsedAt).toLocaleString() : '',
            })}
          </Typography>
          <Box sx={{ flex: 1 }} />
          {canManage && !token.revokedAt && (
            <Button size="small" color="error" onClick={() => revoke(token.id)} aria-label={translate('signInSettings.scim.revokeLabel', { name: token.name })}>
              {translate('signInSettings.scim.revoke')}
            </Button>
          )}
        </Box>
      ))}
      {canManage && (
        <Box component="form" noValidate onSubmit={(event) => void create(event)} sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
          <TextField
            id="scim-token-name"
            size="small"
            label={translate('signInSettings.scim.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            sx={{ flex: '1 1 220px' }}
          />
          <Button type="submit" variant="outlined" disabled={busy || !name.trim()}>
            {translate('signInSettings.scim.create')}
          </Button>
        </Box>
      )}
      <Dialog open={!!shown} onClose={() => setShown(null)} fullWidth maxWidth="sm" aria-labelledby="scim-token-shown">
        <DialogTitle id="scim-token-shown">{translate('signInSettings.scim.shownTitle')}</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 1 }}>{translate('signInSettings.scim.shownOnce')}</Typography>
          {shown && <CopyField label={shown.name} value={shown.token} testId="scim-token-value" />}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setShown(null)}>{translate('signInSettings.scim.done')}</Button>
        </DialogActions>
      </Dialog>
    </SettingsCard>
  );
}
