import { useEffect, useMemo, useState } from 'react';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { usePermissions, useTranslate } from 'react-admin';
import { canAccessWith } from '../../../contract/permissions';
import { isRuleMessage } from '../../../contract/schemas/messages';
import { serviceLevelSettingsSchema } from '../../../contract/schemas/serviceLevels';
import { SLA_TARGET_KINDS, WEEKDAYS, type ServiceLevelSettings, type Weekday } from '../../../contract/serviceLevels';
import { TICKET_PRIORITIES } from '../../../contract/tickets';
import { showToast } from '../../notifications/toastStore';
import { schemaErrors, type AnySchema, type FieldMessages } from '../../schemaForm/schemaErrors';
import { fetchServiceLevels, saveServiceLevels } from './serviceLevelsApi';

const timeZones = (): string[] => {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return supported.includes('UTC') ? supported : ['UTC', ...supported];
};

/**
 * Service levels on the Support desk settings page: the business calendar (time zone, hours per weekday, named
 * holidays) and the targets per priority in business minutes. Read with ServiceLevels.View, saved with Configure;
 * checked with the contract's schema before it is sent (the server checks it again).
 */
export function ServiceLevelSettingsCard() {
  const translate = useTranslate();
  const { permissions } = usePermissions<string[]>();
  const mayView = canAccessWith(permissions ?? [], { resource: 'ServiceLevels', action: 'View' });
  const mayConfigure = canAccessWith(permissions ?? [], { resource: 'ServiceLevels', action: 'Configure' });
  const [settings, setSettings] = useState<ServiceLevelSettings | null>(null);
  const [failed, setFailed] = useState(false);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [busy, setBusy] = useState(false);
  const zones = useMemo(() => timeZones(), []);
  const readOnly = !mayConfigure || busy;

  useEffect(() => {
    if (!mayView) return;
    let live = true;
    fetchServiceLevels()
      .then(({ calendar, targets }) => live && setSettings({ calendar, targets }))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [mayView]);

  if (!mayView) return null;

  const messageOf = (path: string) => {
    const message = errors[path];
    if (!message) return undefined;
    return isRuleMessage(message) ? translate(message.key, message.values) : message;
  };

  const update = (change: (current: ServiceLevelSettings) => ServiceLevelSettings) => setSettings((current) => (current ? change(current) : current));
  const setCalendar = (calendar: Partial<ServiceLevelSettings['calendar']>) => update((s) => ({ ...s, calendar: { ...s.calendar, ...calendar } }));
  const setDay = (day: Weekday, hours: ServiceLevelSettings['calendar']['week'][Weekday]) =>
    update((s) => ({ ...s, calendar: { ...s.calendar, week: { ...s.calendar.week, [day]: hours } } }));

  const save = async () => {
    if (!settings) return;
    const found = schemaErrors(serviceLevelSettingsSchema as unknown as AnySchema, settings);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const saved = await saveServiceLevels(settings);
      setSettings({ calendar: saved.calendar, targets: saved.targets });
      showToast('success', translate('serviceLevels.card.saved'));
    } catch {
      // The HTTP client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  const dayErrors = (day: Weekday) => [
    messageOf(`calendar.week.${day}`),
    ...settings!.calendar.week[day].map((_, i) => messageOf(`calendar.week.${day}[${i}]`)),
  ];

  return (
    <Card variant="outlined" component="section" aria-labelledby="service-levels-title" data-testid="service-level-settings">
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h6" component="h2" id="service-levels-title">
            {translate('serviceLevels.card.title')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {translate('serviceLevels.card.intro')}
          </Typography>
          {!mayConfigure && <Alert severity="info">{translate('serviceLevels.card.readOnly')}</Alert>}
          {failed && <Alert severity="error">{translate('serviceLevels.card.loadFailed')}</Alert>}
          {settings && (
            <>
              <Autocomplete
                options={zones}
                value={settings.calendar.timeZone}
                disableClearable
                disabled={readOnly}
                onChange={(_, value) => setCalendar({ timeZone: value })}
                sx={{ maxWidth: 360 }}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    size="small"
                    label={translate('serviceLevels.card.timeZone')}
                    error={!!messageOf('calendar.timeZone')}
                    helperText={messageOf('calendar.timeZone')}
                  />
                )}
              />
              <Typography variant="subtitle1" component="h3">
                {translate('serviceLevels.card.week')}
              </Typography>
              {messageOf('calendar.week') && <Alert severity="error">{messageOf('calendar.week')}</Alert>}
              {WEEKDAYS.map((day) => {
                const dayName = translate(`serviceLevels.weekday.${day}`);
                const hours = settings.calendar.week[day];
                return (
                  <Stack key={day} component="fieldset" spacing={1} sx={{ border: 0, p: 0, m: 0 }} data-testid={`service-levels-${day}`}>
                    <Typography component="legend" variant="body2" sx={{ fontWeight: 600 }}>
                      {dayName}
                    </Typography>
                    {hours.length === 0 && (
                      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                        {translate('serviceLevels.card.closed')}
                      </Typography>
                    )}
                    {hours.map((range, index) => (
                      <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
                        {(['start', 'end'] as const).map((edge) => (
                          <TextField
                            key={edge}
                            size="small"
                            label={translate(`serviceLevels.card.${edge}`)}
                            value={range[edge]}
                            disabled={readOnly}
                            slotProps={{
                              htmlInput: { inputMode: 'numeric', placeholder: 'HH:MM', 'aria-label': `${dayName} ${translate(`serviceLevels.card.${edge}`)}` },
                            }}
                            error={!!messageOf(`calendar.week.${day}[${index}].${edge}`)}
                            helperText={messageOf(`calendar.week.${day}[${index}].${edge}`)}
                            onChange={(event) =>
                              setDay(
                                day,
                                hours.map((r, i) => (i === index ? { ...r, [edge]: event.target.value } : r)),
                              )
                            }
                            sx={{ width: 130 }}
                          />
                        ))}
                        {mayConfigure && (
                          <IconButton
                            aria-label={translate('serviceLevels.card.removeHours', { day: dayName, start: range.start, end: range.end })}
                            disabled={busy}
                            onClick={() =>
                              setDay(
                                day,
                                hours.filter((_, i) => i !== index),
                              )
                            }
                          >
                            <DeleteOutline />
                          </IconButton>
                        )}
                      </Stack>
                    ))}
                    {dayErrors(day)
                      .filter(Boolean)
                      .map((message, i) => (
                        <Typography key={i} variant="body2" color="error" role="alert">
                          {message}
                        </Typography>
                      ))}
                    {mayConfigure && (
                      <AddButton
                        label={translate('serviceLevels.card.addHours', { day: dayName })}
                        disabled={busy}
                        onClick={() => setDay(day, [...hours, { start: '08:00', end: '17:00' }])}
                      />
                    )}
                  </Stack>
                );
              })}
              <Typography variant="subtitle1" component="h3">
                {translate('serviceLevels.card.holidays')}
              </Typography>
              {settings.calendar.holidays.length === 0 && (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {translate('serviceLevels.card.noHolidays')}
                </Typography>
              )}
              {messageOf('calendar.holidays') && <Alert severity="error">{messageOf('calendar.holidays')}</Alert>}
              {settings.calendar.holidays.map((holiday, index) => (
                <Stack
                  key={index}
                  direction="row"
                  spacing={1}
                  sx={{ alignItems: 'flex-start', flexWrap: 'wrap', rowGap: 1 }}
                  data-testid="service-levels-holiday"
                >
                  <TextField
                    size="small"
                    type="date"
                    label={translate('serviceLevels.card.holidayDate')}
                    value={holiday.date}
                    disabled={readOnly}
                    slotProps={{ inputLabel: { shrink: true } }}
                    error={!!messageOf(`calendar.holidays[${index}].date`)}
                    helperText={messageOf(`calendar.holidays[${index}].date`)}
                    onChange={(event) =>
                      setCalendar({ holidays: settings.calendar.holidays.map((h, i) => (i === index ? { ...h, date: event.target.value } : h)) })
                    }
                  />
                  <TextField
                    size="small"
                    label={translate('serviceLevels.card.holidayName')}
                    value={holiday.name}
                    disabled={readOnly}
                    error={!!messageOf(`calendar.holidays[${index}].name`)}
                    helperText={messageOf(`calendar.holidays[${index}].name`)}
                    onChange={(event) =>
                      setCalendar({ holidays: settings.calendar.holidays.map((h, i) => (i === index ? { ...h, name: event.target.value } : h)) })
                    }
                  />
                  {mayConfigure && (
                    <IconButton
                      aria-label={translate('serviceLevels.card.removeHoliday', { name: holiday.name || holiday.date })}
                      disabled={busy}
                      onClick={() => setCalendar({ holidays: settings.calendar.holidays.filter((_, i) => i !== index) })}
                    >
                      <DeleteOutline />
                    </IconButton>
                  )}
                </Stack>
              ))}
              {mayConfigure && (
                <AddButton
                  label={translate('serviceLevels.card.addHoliday')}
                  disabled={busy}
                  onClick={() => setCalendar({ holidays: [...settings.calendar.holidays, { date: '', name: '' }] })}
                />
              )}
              <Typography variant="subtitle1" component="h3">
                {translate('serviceLevels.card.targets')}
              </Typography>
              {TICKET_PRIORITIES.map((priority) => (
                <Stack key={priority} direction="row" spacing={1} sx={{ alignItems: 'flex-start', flexWrap: 'wrap', rowGap: 1 }}>
                  <Typography variant="body2" sx={{ width: 120, pt: 1, fontWeight: 600 }}>
                    {translate(`ticketAssignment.priority.${priority}`)}
                  </Typography>
                  {SLA_TARGET_KINDS.map((kind) => (
                    <TextField
                      key={kind}
                      size="small"
                      type="number"
                      label={translate(`serviceLevels.card.${kind}`)}
                      value={settings.targets[priority][kind]}
                      disabled={readOnly}
                      slotProps={{
                        htmlInput: {
                          min: 1,
                          'aria-label': `${translate(`ticketAssignment.priority.${priority}`)}: ${translate(`serviceLevels.card.${kind}`)}`,
                        },
                      }}
                      error={!!messageOf(`targets.${priority}.${kind}`)}
                      helperText={messageOf(`targets.${priority}.${kind}`)}
                      onChange={(event) =>
                        update((s) => ({
                          ...s,
                          targets: { ...s.targets, [priority]: { ...s.targets[priority], [kind]: Number(event.target.value) } },
                        }))
                      }
                      sx={{ width: 170 }}
                    />
                  ))}
                </Stack>
              ))}
              {mayConfigure && (
                <Stack direction="row">
                  <Button variant="contained" onClick={() => void save()} disabled={busy} data-testid="service-levels-save">
                    {translate('serviceLevels.card.save')}
                  </Button>
                </Stack>
              )}
            </>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** A small "Add …" button on a row of its own. */
function AddButton({ label, disabled, onClick }: { label: string; disabled: boolean; onClick: () => void }) {
  return (
    <Stack direction="row">
      <Button size="small" startIcon={<AddOutlined />} disabled={disabled} onClick={onClick}>
        {label}
      </Button>
    </Stack>
  );
}
