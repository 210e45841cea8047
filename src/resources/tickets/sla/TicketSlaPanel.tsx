import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { usePermissions, useTranslate } from 'react-admin';
import { canAccessWith } from '../../../../contract/permissions';
import type { TicketSla } from '../../../../contract/serviceLevels';
import { SlaTargetChip } from './TicketSlaChip';

/** The ticket page's SLA clock for staff who may read service levels: each target with its state, time left and due date. */
export function TicketSlaPanel({ sla }: { sla: TicketSla | null | undefined }) {
  const translate = useTranslate();
  const { permissions } = usePermissions<string[]>();
  if (!canAccessWith(permissions ?? [], { resource: 'ServiceLevels', action: 'View' })) return null;
  const targets = (['firstResponse', 'resolution'] as const).filter((kind) => sla?.[kind]);
  if (!targets.length) return null;
  return (
    <Stack component="section" aria-labelledby="ticket-sla-title" spacing={1} data-testid="ticket-sla-panel">
      <Typography variant="subtitle2" component="h3" id="ticket-sla-title">
        {translate('serviceLevels.ticket.title')}
      </Typography>
      <Stack spacing={1}>
        {targets.map((kind) => (
          <SlaTargetChip key={kind} kind={kind} target={sla![kind]!} withDetail />
        ))}
      </Stack>
    </Stack>
  );
}
