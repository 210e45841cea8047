import Chip from '@mui/material/Chip';
import { useTranslate } from 'react-admin';
import type { PartnerFormStatus } from '../../../contract/forms';

const COLORS: Record<PartnerFormStatus, 'info' | 'warning' | 'success'> = { OPEN: 'info', LOCKED: 'warning', SUBMITTED: 'success' };

/** A partner form's status: OPEN (being filled) info, LOCKED warning, SUBMITTED success. */
export function PartnerFormStatusChip({ status }: { status: PartnerFormStatus }) {
  const translate = useTranslate();
  return (
    <Chip
      label={translate(`partnerForms.status.${status}`)}
      color={COLORS[status] ?? 'default'}
      size="small"
      data-testid="partner-form-status"
      data-status={status}
      sx={{ fontWeight: 600 }}
    />
  );
}
