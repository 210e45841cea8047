import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useNotify, useTranslate } from 'react-admin';
import { API_BASE, LANGUAGES, type Language } from '../../../contract/http';
import {
  CHOOSABLE_NOTIFICATION_KINDS,
  NOTIFICATION_CHANNELS,
  type ChoosableNotificationKind,
  type NotificationChannel,
  type NotificationPreferencesDto,
} from '../../../contract/notificationPreferences';
import { apiRequest } from '../../providers/http/httpClient';

const PATH = `${API_BASE}/account/notification-preferences`;
const EVERY_LANGUAGE = 'every';

/** The zones the browser knows (the server accepts what its runtime knows, contract/schemas/notificationPreferences.ts). */
const zonesWith = (current: string) => {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(current) ? known : [current, ...known];
};

/**
 * The account's Notifications card (issue 38, item 4): a channel per kind; security mails shown fixed; the language of
 * the mails (the account has no other) and the zone their times and the daily summary follow.
 */
export function NotificationsCard() {
  const translate = useTranslate();
  const notify = useNotify();
  const [preferences, setPreferences] = useState<NotificationPreferencesDto | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const loading = new AbortController();
    apiRequest<NotificationPreferencesDto>(PATH, { signal: loading.signal, notify: false })
      .then((answer) => setPreferences(answer.data ?? null))
      .catch(() => !loading.signal.aborted && setFailed(true));
    return () => loading.abort();
  }, []);

  const choose = (kind: ChoosableNotificationKind, channel: NotificationChannel) =>
    setPreferences((current) => current && { ...current, channels: { ...current.channels, [kind]: channel } });
  const save = async () => {
    if (!preferences) return;
    const { channels, language, timeZone } = preferences;
    const answer = await apiRequest<NotificationPreferencesDto>(PATH, { method: 'PUT', body: { channels, language, timeZone } });
    if (answer.data) setPreferences(answer.data);
    notify('notificationPreferences.saved', { type: 'success' });
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="notifications-title" data-testid="notifications-card">
      <CardContent>
        <Typography id="notifications-title" variant="h6" component="h2">
          {translate('notificationPreferences.title')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {translate('notificationPreferences.intro')}
        </Typography>
        {failed && <Alert severity="error">{translate('notificationPreferences.loadFailed')}</Alert>}
        {!preferences && !failed && <Typography role="status">{translate('notificationPreferences.loading')}</Typography>}
        {preferences && (
          <Stack spacing={2}>
            {CHOOSABLE_NOTIFICATION_KINDS.map((kind) => (
              <TextField
                key={kind}
                select
                label={translate(`notificationPreferences.kinds.${kind}`)}
                value={preferences.channels[kind]}
                onChange={(event) => choose(kind, event.target.value as NotificationChannel)}
              >
                {NOTIFICATION_CHANNELS.map((channel) => (
                  <MenuItem key={channel} value={channel}>
                    {translate(`notificationPreferences.channels.${channel}`)}
                  </MenuItem>
                ))}
              </TextField>
            ))}
            <TextField
              select
              label={translate('notificationPreferences.language')}
              value={preferences.language ?? EVERY_LANGUAGE}
              onChange={(event) =>
                setPreferences({ ...preferences, language: event.target.value === EVERY_LANGUAGE ? null : (event.target.value as Language) })
              }
            >
              <MenuItem value={EVERY_LANGUAGE}>{translate('notificationPreferences.everyLanguage')}</MenuItem>
              {LANGUAGES.map((language) => (
                <MenuItem key={language} value={language}>
                  {translate(`notificationPreferences.languages.${language}`)}
                </MenuItem>
              ))}
            </TextField>
            <Autocomplete
              options={zonesWith(preferences.timeZone)}
              value={preferences.timeZone}
              disableClearable
              noOptionsText={translate('notificationPreferences.noTimeZone')}
              onChange={(_, timeZone) => setPreferences({ ...preferences, timeZone })}
              renderInput={(params) => (
                <TextField {...params} label={translate('notificationPreferences.timeZone')} helperText={translate('notificationPreferences.timeZoneHelp')} />
              )}
            />
            {preferences.security.map((kind) => (
              <TextField
                key={kind}
                label={translate(`notificationPreferences.kinds.${kind}`)}
                value={translate('notificationPreferences.always')}
                disabled
                helperText={translate('notificationPreferences.securityFixed')}
              />
            ))}
            <Button variant="contained" onClick={() => void save()} sx={{ alignSelf: 'flex-start' }}>
              {translate('notificationPreferences.save')}
            </Button>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
