import type { FilterInputProps } from '../../entityTable/types';
import { PartnerPicker } from './PartnerPicker';

/** The partner picker as an advanced-search field (users of one partner). */
export function PartnerFilterInput({ label, value, onChange }: FilterInputProps) {
  return <PartnerPicker label={label} value={typeof value === 'string' ? value : null} onChange={onChange} size="small" />;
}
