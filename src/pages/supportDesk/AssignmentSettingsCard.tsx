import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { usePermissions, useTranslate } from 'react-admin';
import { canAccessWith } from '../../../contract/permissions';
import { TICKET_CATEGORIES, type CategoryPriorities, type TicketAssignmentSettingsDto, type TicketCategory } from '../../../contract/ticketAssignment';
import { TICKET_PRIORITIES, type TicketPriority } from '../../../contract/tickets';
import { showToast } from '../../notifications/toastStore';
import { fetchAssignmentSettings, saveAssignmentSettings } from '../../resources/tickets/assignment/assignmentApi';
import { AvailabilitySwitch } from '../../resources/tickets/assignment/AvailabilitySwitch';
import { SupportTeamsEditor } from './SupportTeamsEditor';

/** The select's value for a category left at the default (NORMAL). */
const DEFAULT = '';

/**
 * Auto-assignment on the Support desk settings page: on or off (round robin among available staff who handle tickets),
 * and the priority each category a partner picks gives a new ticket. Read with TicketAssignments.View, saved with
 * Configure; the reader's own availability is switched here too.
 */
export function AssignmentSettingsCard() {
  const translate = useTranslate();
  const { permissions } = usePermissions<string[]>();
  const mayView = canAccessWith(permissions ?? [], { resource: 'TicketAssignments', action: 'View' });
  const mayConfigure = canAccessWith(permissions ?? [], { resource: 'TicketAssignments', action: 'Configure' });
  const [settings, setSettings] = useState<TicketAssignmentSettingsDto | null>(null);
  const [failed, setFailed] = useState(false);
  const [autoAssign, setAutoAssign] = useState(false);
  const [map, setMap] = useState<CategoryPriorities>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!mayView) return;
    let live = true;
    fetchAssignmentSettings()
      .then((loaded) => {
        if (!live) return;
        setSettings(loaded);
        setAutoAssign(loaded.autoAssign);
        setMap(loaded.categoryPriorities);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [mayView]);

  if (!mayView) return null;

  const save = async () => {
    setBusy(true);
    try {
      const saved = await saveAssignmentSettings({ autoAssign, categoryPriorities: map });
      setSettings(saved);
      showToast('success', translate('ticketAssignment.settingsSaved'));
    } catch {
      // The HTTP client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  const setCategory = (category: TicketCategory, value: string) =>
    setMap((current) => {
      const next = { ...current };
      if (value === DEFAULT) delete next[category];
      else next[category] = value as TicketPriority;
      return next;
    });

  return (
    <Card variant="outlined" component="section" aria-labelledby="assignment-settings-title" data-testid="assignment-settings">
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h6" component="h2" id="assignment-settings-title">
            {translate('ticketAssignment.card.title')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {translate('ticketAssignment.card.intro')}
          </Typography>
          {failed ? (
            <Alert severity="error">{translate('ticketAssignment.card.loadFailed')}</Alert>
          ) : settings ? (
            <>
              <FormControlLabel
                control={<Switch checked={autoAssign} disabled={!mayConfigure || busy} onChange={(event) => setAutoAssign(event.target.checked)} />}
                label={translate('ticketAssignment.card.autoAssign')}
              />
              <Typography variant="body2" data-testid="assignment-available">
                {settings.availableAgents.length
                  ? translate('ticketAssignment.card.available', { names: settings.availableAgents.map((a) => a.name).join(', ') })
                  : translate('ticketAssignment.card.noneAvailable')}
              </Typography>
              <AvailabilitySwitch />
              <SupportTeamsEditor mayConfigure={mayConfigure} />
              <Typography variant="subtitle1" component="h3">
                {translate('ticketAssignment.card.categories')}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {translate('ticketAssignment.card.categoriesIntro')}
              </Typography>
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
                {TICKET_CATEGORIES.map((category) => (
                  <TextField
                    key={category}
                    select
                    size="small"
                    label={translate(`ticketAssignment.category.${category}`)}
                    value={map[category] ?? DEFAULT}
                    disabled={!mayConfigure || busy}
                    onChange={(event) => setCategory(category, event.target.value)}
                    sx={{ minWidth: 200, flex: { xs: '1 1 100%', sm: '0 1 auto' } }}
                  >
                    <MenuItem value={DEFAULT}>{translate('ticketAssignment.priority.NORMAL')}</MenuItem>
                    {TICKET_PRIORITIES.filter((p) => p !== 'NORMAL').map((priority) => (
                      <MenuItem key={priority} value={priority}>
                        {translate(`ticketAssignment.priority.${priority}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                ))}
              </Stack>
              {mayConfigure && (
                <Stack direction="row">
                  <Button variant="contained" onClick={() => void save()} disabled={busy} data-testid="assignment-settings-save">
                    {translate('ticketAssignment.card.save')}
                  </Button>
                </Stack>
              )}
            </>
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
}
