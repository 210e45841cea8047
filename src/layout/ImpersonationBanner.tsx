import { useEffect, useState } from 'react';
import SupervisorAccountOutlined from '@mui/icons-material/SupervisorAccountOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useLocaleState, useTranslate } from 'react-admin';
import { jwtDecode } from 'jwt-decode';
import { API_BASE } from '../../contract/http';
import type { AccessTokenClaims } from '../../contract/tokens';
import { routePaths } from '../config/routePaths';
import { apiRequest } from '../providers/http/httpClient';
import { onAccessTokenChanged } from '../providers/session/sessionEvents';
import { impersonationEndsAt } from '../providers/session/impersonationSession';
import {
  appLoad,
  clearSession,
  markReturningFromImpersonation,
  readCredentials,
  resumeSession,
  takeImpersonatorSession,
} from '../providers/session/sessionStorage';

/** POST: ends the impersonation's sign-in on the server (audited like every request made while impersonating). */
export const END_IMPERSONATION_PATH = `${API_BASE}/token/impersonation/end`;

function claimsOf(token: string | null | undefined): AccessTokenClaims | null {
  try {
    return token ? jwtDecode<AccessTokenClaims>(token) : null;
  } catch {
    return null;
  }
}

/** The signed-in session's claims, kept current as the access token changes (refresh, another tab). */
function useSessionClaims() {
  const [claims, setClaims] = useState(() => claimsOf(readCredentials()?.token));
  useEffect(() => onAccessTokenChanged((token) => setClaims(claimsOf(token))), []);
  return claims;
}

/**
 * "Return to my account": the impersonation's sign-in ends on the server, and this tab takes the impersonator's own
 * session back (kept aside when it started) and reloads as them; without one kept (another tab), it signs out.
 */
export async function returnToOwnAccount() {
  markReturningFromImpersonation();
  try {
    await apiRequest(END_IMPERSONATION_PATH, { method: 'POST', notify: false });
  } catch {
    // Already ended, or past its limit: the impersonator's session comes back all the same.
  }
  const kept = takeImpersonatorSession();
  clearSession();
  if (kept) resumeSession(kept);
  else appLoad.at(routePaths.signIn);
}

/**
 * On every screen while impersonating (issue 26, point 5): who is signed in on whose behalf, until when, and the
 * way back. At the time limit the tab returns to the impersonator by itself.
 */
export function ImpersonationBanner() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const claims = useSessionClaims();
  const [returning, setReturning] = useState(false);
  const endsAt = claims?.act ? impersonationEndsAt() : null;

  useEffect(() => {
    if (!endsAt) return;
    const timer = window.setTimeout(() => void returnToOwnAccount(), Math.max(0, Date.parse(endsAt) - Date.now()));
    return () => window.clearTimeout(timer);
  }, [endsAt]);

  if (!claims?.act) return null;
  const time = endsAt ? new Intl.DateTimeFormat(locale === 'vi' ? 'vi-VN' : 'en-GB', { hour: '2-digit', minute: '2-digit' }).format(new Date(endsAt)) : null;
  const goBack = () => {
    setReturning(true);
    void returnToOwnAccount();
  };
  return (
    <Box
      component="section"
      role="region"
      aria-label={translate('impersonation.banner.label')}
      data-testid="impersonation-banner"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1.5,
        mb: 2,
        px: 2,
        py: 1.25,
        borderRadius: 2,
        border: 1,
        borderColor: 'warning.main',
        bgcolor: (theme) => alpha(theme.palette.warning.main, 0.12),
        color: 'text.primary',
      }}
    >
      <SupervisorAccountOutlined aria-hidden sx={{ color: 'warning.dark' }} />
      <Typography role="status" sx={{ flex: '1 1 16rem', minWidth: 0, overflowWrap: 'anywhere', fontWeight: 500 }}>
        {translate('impersonation.banner.text', { user: claims.fullName || claims.email, impersonator: claims.act.fullName })}
        {time && ` — ${translate('impersonation.banner.endsAt', { time })}`}
      </Typography>
      <Button variant="contained" color="inherit" size="small" onClick={goBack} disabled={returning} data-testid="impersonation-return">
        {translate(returning ? 'impersonation.banner.returning' : 'impersonation.banner.return')}
      </Button>
    </Box>
  );
}
