import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { SsoDomainDto } from '../../../contract/sso';
import { ApiError } from '../../providers/http/ApiError';
import { CopyField } from './CopyField';
import { SettingsCard } from './SettingsCard';
import type { SignInSettingsApi } from './signInSettingsApi';

/** The organisation's email domains: claimed by its admin, confirmed by staff; the token is what staff check. */
export function DomainsSection(props: { domains: SsoDomainDto[]; api: SignInSettingsApi; canUpdate: boolean; canConfirm: boolean; onChange: () => void }) {
  const translate = useTranslate();
  const [domain, setDomain] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const run = async (call: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await call();
      props.onChange();
      return true;
    } catch (error) {
      if (error instanceof ApiError) setProblem(error.body.errors?.domain);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const claim = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(undefined);
    if (await run(() => props.api.addDomain(domain.trim()))) setDomain('');
  };

  return (
    <SettingsCard title={translate('signInSettings.domains.title')} intro={translate('signInSettings.domains.intro')} testId="sso-domains">
      {props.domains.length === 0 && <Typography sx={{ color: 'text.secondary' }}>{translate('signInSettings.domains.none')}</Typography>}
      {props.domains.map((row) => (
        <Box key={row.id} data-testid={`sso-domain-${row.domain}`}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, py: 1 }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{row.domain}</Typography>
            <Chip
              size="small"
              color={row.verifiedAt ? 'success' : 'warning'}
              label={translate(row.verifiedAt ? 'signInSettings.domains.verified' : 'signInSettings.domains.awaiting')}
            />
            <Box sx={{ flex: 1 }} />
            {props.canConfirm && !row.verifiedAt && (
              <Button size="small" variant="outlined" disabled={busy} onClick={() => void run(() => props.api.verifyDomain(row.id))}>
                {translate('signInSettings.domains.confirm')}
              </Button>
            )}
            {props.canUpdate && (
              <Button
                size="small"
                color="error"
                disabled={busy}
                onClick={() => void run(() => props.api.removeDomain(row.id))}
                aria-label={translate('signInSettings.domains.removeLabel', { domain: row.domain })}
              >
                {translate('signInSettings.domains.remove')}
              </Button>
            )}
          </Box>
          {!row.verifiedAt && <CopyField label={translate('signInSettings.domains.token')} value={row.verificationToken} />}
          <Divider />
        </Box>
      ))}
      {props.canUpdate && (
        <Box
          component="form"
          noValidate
          onSubmit={(event) => void claim(event)}
          sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}
        >
          <TextField
            id="sso-domain-new"
            size="small"
            label={translate('signInSettings.domains.new')}
            value={domain}
            onChange={(event) => setDomain(event.target.value)}
            error={!!problem}
            helperText={problem}
            sx={{ flex: '1 1 220px' }}
          />
          <Button type="submit" variant="outlined" disabled={busy || !domain.trim()}>
            {translate('signInSettings.domains.claim')}
          </Button>
        </Box>
      )}
    </SettingsCard>
  );
}
