import { useEffect, useState } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { usePermissions, useTranslate } from 'react-admin';
import { canAccessWith } from '../../../../contract/permissions';
import { fetchAvailability, saveAvailability } from './assignmentApi';

/**
 * A staff user marks themself available (or not) for auto-assigned tickets (GET/PUT /support-desk/availability).
 * Shown only to those with TicketAssignments.View; nothing while it loads.
 */
export function AvailabilitySwitch() {
  const translate = useTranslate();
  const { permissions } = usePermissions<string[]>();
  const allowed = canAccessWith(permissions ?? [], { resource: 'TicketAssignments', action: 'View' });
  const [available, setAvailable] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!allowed) return;
    let live = true;
    fetchAvailability()
      .then((answer) => live && setAvailable(answer.available))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [allowed]);

  if (!allowed || available === null) return null;

  const toggle = async (next: boolean) => {
    setBusy(true);
    try {
      setAvailable((await saveAvailability(next)).available);
    } catch {
      // The HTTP client has shown the server's message; the switch keeps its state.
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormControlLabel
      control={<Switch checked={available} disabled={busy} onChange={(event) => void toggle(event.target.checked)} data-testid="availability-switch" />}
      label={translate('ticketAssignment.availability.label')}
      title={translate(available ? 'ticketAssignment.availability.on' : 'ticketAssignment.availability.off')}
    />
  );
}
