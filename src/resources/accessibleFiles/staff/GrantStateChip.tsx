import Chip from '@mui/material/Chip';
import { useTranslate } from 'react-admin';
import type { GrantState } from '../../../../contract/files';

const COLOURS: Record<GrantState, 'info' | 'success' | 'default' | 'error' | 'warning'> = {
  scheduled: 'info',
  active: 'success',
  expired: 'default',
  revoked: 'error',
  exhausted: 'warning',
};

/** Where a grant stands, in words (not only in colour) for screen readers too. */
export function GrantStateChip({ state }: { state: GrantState }) {
  const translate = useTranslate();
  const text = translate(`fileManager.grants.state.${state}`);
  return (
    <Chip
      size="small"
      variant="outlined"
      color={COLOURS[state]}
      label={text}
      aria-label={translate('fileManager.grants.stateLabel', { state: text })}
      data-testid="grant-state"
    />
  );
}
