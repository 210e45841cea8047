import Chip from '@mui/material/Chip';
import { useTranslate } from 'react-admin';
import type { FormStatus } from '../../../contract/forms';

const COLORS: Record<FormStatus, 'warning' | 'success' | 'default'> = { Editing: 'warning', Ready: 'success', Outdate: 'default' };

/** A form version's state: Editing (may change), Ready (given to partners), Outdate (replaced by a newer Ready). */
export function FormStatusChip({ status, size = 'small' }: { status: FormStatus; size?: 'small' | 'medium' }) {
  const translate = useTranslate();
  return (
    <Chip
      label={translate(`formBuilder.status.${status}`)}
      color={COLORS[status] ?? 'default'}
      size={size}
      data-testid="form-status"
      data-status={status}
      sx={{ fontWeight: 600 }}
    />
  );
}
