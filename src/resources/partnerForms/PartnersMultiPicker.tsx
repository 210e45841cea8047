import { useMemo } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useGetList, useTranslate } from 'react-admin';
import { PARTNER_PICKER_PAGE_SIZE } from '../../../contract/http';
import type { PartnerDto } from '../../../contract/partners';
import type { PartnerOption } from '../partners/PartnerPicker';
import { useTypedSearch } from './useTypedSearch';

interface PartnersMultiPickerProps {
  label: string;
  value: PartnerOption[];
  onChange: (partners: PartnerOption[]) => void;
  error?: boolean;
  helperText?: string;
}

/** Picks one or many partners by name (searched as the user types); deleted partners are not offered. */
export function PartnersMultiPicker({ label, value, onChange, error, helperText }: PartnersMultiPickerProps) {
  const translate = useTranslate();
  const { open, typed, term: name, autocomplete } = useTypedSearch();
  const { data, isFetching } = useGetList<PartnerDto>(
    'partners',
    { pagination: { page: 1, perPage: PARTNER_PICKER_PAGE_SIZE }, sort: { field: 'name', order: 'ASC' }, filter: name ? { name } : {} },
    { enabled: open, placeholderData: (previous) => previous },
  );
  const options = useMemo<PartnerOption[]>(
    () => (data ?? []).filter((partner) => !partner.deleted).map(({ id, name: partnerName }) => ({ id, name: partnerName, deleted: false })),
    [data],
  );
  return (
    <Autocomplete<PartnerOption, true>
      multiple
      {...autocomplete}
      value={value}
      onChange={(_, chosen) => onChange(chosen)}
      inputValue={typed}
      options={options}
      filterSelectedOptions
      disableCloseOnSelect
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      renderOption={({ key, ...props }, option) => (
        <li key={key} {...props} data-testid="partner-option">
          {option.name}
        </li>
      )}
      loading={isFetching}
      loadingText={translate('app.loading')}
      noOptionsText={translate('admin.partners.noOptions')}
      fullWidth
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required
          error={error}
          helperText={helperText}
          slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': 'partners-picker' } }}
        />
      )}
    />
  );
}
