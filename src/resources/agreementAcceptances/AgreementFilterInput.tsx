import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useGetList, useLocaleState, useTranslate } from 'react-admin';
import type { AgreementRecord } from '../../../contract/resources/agreements';
import type { FilterInputProps } from '../../entityTable/types';

/** One agreement's acceptances: the agreements by name (a portal keeps a handful). */
export function AgreementFilterInput({ label, value, onChange }: FilterInputProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { data } = useGetList<AgreementRecord>('agreements', { pagination: { page: 1, perPage: 100 }, sort: { field: 'nameEn', order: 'ASC' } });
  return (
    <TextField
      select
      size="small"
      fullWidth
      label={label}
      value={typeof value === 'string' && data?.some((a) => a.id === value) ? value : ''}
      onChange={(event) => onChange(event.target.value || undefined)}
    >
      <MenuItem value="">{translate('ra.action.clear_input_value')}</MenuItem>
      {data?.map((agreement) => (
        <MenuItem key={agreement.id} value={agreement.id}>
          {locale === 'vi' ? agreement.nameVi : agreement.nameEn}
        </MenuItem>
      ))}
    </TextField>
  );
}
