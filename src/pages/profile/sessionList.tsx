import { useEffect, useEffectEvent, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ComputerOutlined from '@mui/icons-material/ComputerOutlined';
import PhoneIphoneOutlined from '@mui/icons-material/PhoneIphoneOutlined';
import { useLocaleState, useTranslate } from 'react-admin';
import { API_BASE } from '../../../contract/http';
import type { SignInDto } from '../../../contract/signIns';
import { PoliteStatus } from '../../components/PoliteStatus';
import { apiRequest } from '../../providers/http/httpClient';

/** Whose sessions a list shows: the signed-in user's own, or a user's for staff (`users`) or a partner admin (`partner-users`). */
export type SessionOwner = { kind: 'own' } | { kind: 'user'; apiResource: 'users' | 'partner-users'; userId: string };

const ownBase = `${API_BASE}/account/sessions`;
const userBase = (owner: Extract<SessionOwner, { kind: 'user' }>) => `${API_BASE}/${owner.apiResource}/${encodeURIComponent(owner.userId)}/sessions`;

/** The sessions calls (issue 26, point 3). */
export const sessionsApi = {
  list: (owner: SessionOwner, signal?: AbortSignal) =>
    apiRequest<SignInDto[]>(owner.kind === 'own' ? ownBase : userBase(owner), { signal, notify: false }).then((r) => r.data ?? []),
  end: (owner: SessionOwner, id: string) =>
    apiRequest(owner.kind === 'own' ? `${ownBase}/${encodeURIComponent(id)}/end` : `${userBase(owner)}/${encodeURIComponent(id)}/end`, { method: 'POST' }),
  endOthers: () => apiRequest<string[]>(`${ownBase}/end-others`, { method: 'POST' }),
};

/** Browsers and systems told apart by the User-Agent, most specific first (Edge and Opera say Chrome too, Chrome says Safari). */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/\b(?:iPhone|iPod)\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

export interface Device {
  browser: string | null;
  os: string | null;
  mobile: boolean;
}

/** The browser and system a User-Agent names (either null when not known: a script, a tool, or nothing sent). */
export function deviceOf(userAgent: string | null): Device {
  const agent = userAgent ?? '';
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1] ?? null;
  const os = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1] ?? null;
  return { browser, os, mobile: /\bMobile\b|\biPhone\b|\bAndroid\b/.test(agent) };
}

/** "Firefox on Windows", or what is known of it. */
function useDeviceName() {
  const translate = useTranslate();
  return (session: Pick<SignInDto, 'userAgent'>) => {
    const { browser, os } = deviceOf(session.userAgent);
    if (browser && os) return translate('sessions.deviceOn', { browser, os });
    return browser ?? os ?? translate('sessions.unknownDevice');
  };
}

function useTimeOf() {
  const [locale] = useLocaleState();
  return (iso: string) => new Intl.DateTimeFormat(locale === 'vi' ? 'vi-VN' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** The confirmation before ending: says what ends, and the button that does it is not the default. */
function ConfirmEnd({ title, body, busy, onConfirm, onCancel }: { title: string; body: string; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const translate = useTranslate();
  return (
    <Dialog open onClose={onCancel} aria-labelledby="session-end-title" aria-describedby="session-end-body" data-testid="session-end-confirm">
      <DialogTitle id="session-end-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="session-end-body">{body}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} autoFocus>
          {translate('sessions.cancel')}
        </Button>
        <Button onClick={onConfirm} color="error" variant="contained" loading={busy} data-testid="session-end-confirm-button">
          {translate('sessions.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** One sign-in: device and browser, "this device", how it was made, address, signed in, last active; impersonations say by whom and why. */
function SessionRow({ session, onEnd }: { session: SignInDto; onEnd?: () => void }) {
  const translate = useTranslate();
  const deviceName = useDeviceName();
  const timeOf = useTimeOf();
  const device = deviceOf(session.userAgent);
  const name = deviceName(session);
  const Icon = device.mobile ? PhoneIphoneOutlined : ComputerOutlined;
  return (
    <Box
      component="li"
      data-testid="session-row"
      data-current={session.current}
      sx={{
        display: 'flex',
        gap: 1.5,
        alignItems: 'flex-start',
        flexWrap: 'wrap',
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
        '&:first-of-type': { borderTop: 0 },
      }}
    >
      <Icon aria-hidden sx={{ mt: 0.25, color: 'text.secondary' }} />
      <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          <Typography component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {name}
          </Typography>
          {session.current && (
            <Chip size="small" color="primary" variant="outlined" label={translate('sessions.thisDevice')} data-testid="session-this-device" />
          )}
        </Stack>
        {session.impersonator && (
          <Typography variant="body2" sx={{ color: 'warning.dark', overflowWrap: 'anywhere' }} data-testid="session-impersonation">
            {translate('sessions.impersonatedBy', { name: session.impersonator.fullName, reason: session.reason ?? '' })}
            {session.endsAt && ` · ${translate('sessions.impersonationEnds', { time: timeOf(session.endsAt) })}`}
          </Typography>
        )}
        <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          {translate(`sessions.method.${session.method}`)} ·{' '}
          {translate('sessions.address', { address: session.address ?? translate('sessions.unknownAddress') })}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {translate('sessions.signedIn', { time: timeOf(session.createdAt) })} · {translate('sessions.lastActive', { time: timeOf(session.lastActiveAt) })}
        </Typography>
      </Box>
      {!session.current && onEnd && (
        <Button
          size="small"
          color="error"
          variant="outlined"
          onClick={onEnd}
          data-session-end={session.id}
          aria-label={translate('sessions.endLabel', { device: name })}
          sx={{ ml: 'auto' }}
        >
          {translate('sessions.end')}
        </Button>
      )}
    </Box>
  );
}

/**
 * The sign-ins that still last, each with its End button (confirmed; none without `canEnd`), and for one's own list
 * "End all other sessions". Reloads after every end; a failure to load says so with a retry.
 */
export function SessionList({ owner, emptyKey, canEnd = true }: { owner: SessionOwner; emptyKey: string; canEnd?: boolean }) {
  const translate = useTranslate();
  const deviceName = useDeviceName();
  const [sessions, setSessions] = useState<SignInDto[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [confirming, setConfirming] = useState<{ kind: 'one'; session: SignInDto } | { kind: 'others' } | null>(null);
  const [busy, setBusy] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  // What takes the focus once the list is reloaded after an end: the next sign-in's End, or the list itself.
  const focusAfterLoad = useRef<string | 'list' | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const loading = useRef<AbortController | null>(null);
  const ownerKey = owner.kind === 'own' ? 'own' : `${owner.apiResource}/${owner.userId}`;

  const load = () => {
    loading.current?.abort();
    const controller = new AbortController();
    loading.current = controller;
    sessionsApi.list(owner, controller.signal).then(
      (list) => {
        setSessions(list);
        setFailed(false);
      },
      () => {
        if (!controller.signal.aborted) setFailed(true);
      },
    );
  };

  useEffect(() => {
    const target = focusAfterLoad.current;
    if (!sessions || !target) return;
    focusAfterLoad.current = null;
    const end = target === 'list' ? null : listRef.current?.querySelector<HTMLElement>(`[data-session-end="${CSS.escape(target)}"]`);
    (end ?? listRef.current)?.focus();
  }, [sessions]);

  const loadFirst = useEffectEvent(load);
  useEffect(() => {
    loadFirst();
    return () => loading.current?.abort();
  }, [ownerKey]);

  const others = sessions?.filter((session) => !session.current) ?? [];

  const confirm = async () => {
    if (!confirming) return;
    setBusy(true);
    try {
      if (confirming.kind === 'one') {
        await sessionsApi.end(owner, confirming.session.id);
        const at = others.findIndex((session) => session.id === confirming.session.id);
        focusAfterLoad.current = (others[at + 1] ?? others[at - 1])?.id ?? 'list';
        setAnnouncement(translate('sessions.endedOne', { device: deviceName(confirming.session) }));
      } else {
        await sessionsApi.endOthers();
        focusAfterLoad.current = 'list';
        setAnnouncement(translate('sessions.endedAllOthers'));
      }
    } catch {
      // The request's own toast says why; the list is reloaded either way.
    } finally {
      setBusy(false);
      setConfirming(null);
      load();
    }
  };

  return (
    <Box>
      {failed && (
        <Alert
          severity="error"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                setFailed(false);
                load();
              }}
            >
              {translate('sessions.retry')}
            </Button>
          }
        >
          {translate('sessions.loadFailed')}
        </Alert>
      )}
      {!sessions && !failed && <CircularProgress aria-label={translate('sessions.loading')} size={28} sx={{ display: 'block', mx: 'auto', my: 2 }} />}
      {sessions && (
        <Box
          ref={listRef}
          component="ul"
          tabIndex={-1}
          sx={{ listStyle: 'none', m: 0, p: 0, outline: 'none' }}
          aria-label={translate('sessions.title')}
          data-testid="session-list"
        >
          {sessions.map((session) => (
            <SessionRow key={session.id} session={session} onEnd={canEnd ? () => setConfirming({ kind: 'one', session }) : undefined} />
          ))}
        </Box>
      )}
      {sessions && others.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary', py: 1 }} data-testid="session-none">
          {translate(emptyKey)}
        </Typography>
      )}
      {owner.kind === 'own' && others.length > 0 && (
        <Stack direction="row" sx={{ justifyContent: 'flex-end', pt: 1 }}>
          <Button color="error" onClick={() => setConfirming({ kind: 'others' })} data-testid="session-end-others">
            {translate('sessions.endOthers')}
          </Button>
        </Stack>
      )}
      <PoliteStatus message={announcement} />
      {confirming && (
        <ConfirmEnd
          title={translate(confirming.kind === 'one' ? 'sessions.confirmEndTitle' : 'sessions.confirmEndOthersTitle')}
          body={
            confirming.kind === 'one'
              ? translate('sessions.confirmEndBody', { device: deviceName(confirming.session) })
              : translate('sessions.confirmEndOthersBody')
          }
          busy={busy}
          onConfirm={() => void confirm()}
          onCancel={() => setConfirming(null)}
        />
      )}
    </Box>
  );
}
