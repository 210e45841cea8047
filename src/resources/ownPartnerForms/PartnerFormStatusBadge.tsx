import Chip from '@mui/material/Chip';
import { useTranslate } from 'react-admin';
import type { PartnerFormStatus } from '../../../contract/forms';

const COLOURS = { OPEN: 'info', LOCKED: 'warning', SUBMITTED: 'success' } as const;

/** A partner form's status as the partner reads it: open (info), locked (warning), submitted (success). */
export function PartnerFormStatusBadge({ status }: { status: PartnerFormStatus }) {
  const translate = useTranslate();
  return <Chip size="small" color={COLOURS[status] ?? 'default'} label={translate(`formFiller.list.statuses.${status}`)} sx={{ fontWeight: 600 }} />;
}
