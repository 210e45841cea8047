import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import HourglassBottom from '@mui/icons-material/HourglassBottom';
import PauseCircleOutline from '@mui/icons-material/PauseCircleOutline';
import Schedule from '@mui/icons-material/Schedule';
import type { SvgIconComponent } from '@mui/icons-material';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { visuallyHiddenSx } from '../../../components/visuallyHidden';
import { useTranslate } from 'react-admin';
import type { SlaState, SlaTarget, SlaTargetKind, TicketSla } from '../../../../contract/serviceLevels';
import { useDateTimeFormat } from '../useDateTimeFormat';

const LOOK: Record<SlaState, { Icon: SvgIconComponent; color: 'default' | 'success' | 'warning' | 'error' | 'info' }> = {
  breached: { Icon: ErrorOutline, color: 'error' },
  near: { Icon: HourglassBottom, color: 'warning' },
  ok: { Icon: Schedule, color: 'info' },
  paused: { Icon: PauseCircleOutline, color: 'default' },
  met: { Icon: CheckCircleOutline, color: 'success' },
};

/** Which target a one-chip cell shows: the most pressing. */
const URGENCY: SlaState[] = ['breached', 'near', 'ok', 'paused', 'met'];

/** The target of a ticket's SLA most in need of attention, or null when none applies. */
export function mostPressing(sla: TicketSla | null | undefined): { kind: SlaTargetKind; target: SlaTarget } | null {
  const targets = (['firstResponse', 'resolution'] as const).flatMap((kind) => (sla?.[kind] ? [{ kind, target: sla[kind]! }] : []));
  // A first response still running comes before the resolution of the same urgency.
  targets.sort((a, b) => URGENCY.indexOf(a.target.state) - URGENCY.indexOf(b.target.state));
  return targets[0] ?? null;
}

/** "1 h 20 min" / "20 min" of business time. */
export function useBusinessDuration() {
  const translate = useTranslate();
  return (minutes: number) => {
    const whole = Math.abs(minutes);
    return whole >= 60
      ? translate('serviceLevels.hours', { hours: Math.floor(whole / 60), minutes: whole % 60 })
      : translate('serviceLevels.minutes', { minutes: whole });
  };
}

/** What a target says beside its state: time left or over, and when it is due. */
export function useSlaDetail() {
  const translate = useTranslate();
  const duration = useBusinessDuration();
  const dateTime = useDateTimeFormat();
  return (target: SlaTarget) => {
    const parts: string[] = [];
    if (target.state === 'breached') parts.push(translate('serviceLevels.minutesOver', { time: duration(target.businessMinutesLeft) }));
    else if (target.state !== 'met') parts.push(translate('serviceLevels.minutesLeft', { time: duration(target.businessMinutesLeft) }));
    if (target.dueAt && target.state !== 'breached') parts.push(translate('serviceLevels.due', { date: dateTime(target.dueAt) }));
    return parts.join(' · ');
  };
}

/**
 * One SLA target as an icon with its label (never colour alone): "First response: Near breach", and in its
 * accessible text the time left and the due date. `withDetail` shows that detail on a line under the chip (the
 * ticket page); `compact` shows the state alone where a table has no room (the ticket manager), the target and
 * the detail staying in its accessible text and title.
 */
export function SlaTargetChip({
  kind,
  target,
  withDetail = false,
  compact = false,
}: {
  kind: SlaTargetKind;
  target: SlaTarget;
  withDetail?: boolean;
  compact?: boolean;
}) {
  const translate = useTranslate();
  const detail = useSlaDetail()(target);
  const { Icon, color } = LOOK[target.state];
  const kindLabel = translate(`serviceLevels.target.${kind}`);
  const stateLabel = translate(`serviceLevels.state.${target.state}`);
  const label = translate('serviceLevels.chip', { target: kindLabel, state: stateLabel });
  const full = detail ? `${label} · ${detail}` : label;
  const hidden = (text: string) => (
    <Box component="span" sx={visuallyHiddenSx}>
      {text}
    </Box>
  );
  // The detail is text a screen reader reads with the chip (an aria-label on a chip's plain div is not announced).
  const shown = compact ? (
    <>
      {hidden(`${kindLabel}: `)}
      {stateLabel}
      {detail && hidden(` · ${detail}`)}
    </>
  ) : withDetail || !detail ? (
    label
  ) : (
    <>
      {label}
      {hidden(` · ${detail}`)}
    </>
  );
  const chip = (
    <Chip
      icon={<Icon fontSize="small" />}
      label={shown}
      title={full}
      color={color}
      size="small"
      variant="outlined"
      data-testid="ticket-sla"
      data-sla-state={target.state}
      data-sla-target={kind}
      // Relative: the detail's visually hidden text is placed within the chip, never out where it widens the page.
      // The state's colour is on the icon and border; the text keeps the body's contrast on a hovered row too.
      sx={{ fontWeight: 600, maxWidth: '100%', position: 'relative', alignSelf: 'flex-start', '& .MuiChip-label': { color: 'text.primary' } }}
    />
  );
  if (!withDetail || !detail) return chip;
  return (
    <Stack spacing={0.25} data-testid="ticket-sla-target">
      {chip}
      <Typography variant="caption" color="text.secondary" data-testid="ticket-sla-detail">
        {detail}
      </Typography>
    </Stack>
  );
}

/** A list cell: the most pressing target of the ticket, or nothing. */
export function TicketSlaCell({ sla }: { sla: TicketSla | null | undefined }) {
  const pressing = mostPressing(sla);
  return pressing ? <SlaTargetChip kind={pressing.kind} target={pressing.target} compact /> : null;
}
