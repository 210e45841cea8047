import { useMemo } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useGetList, useTranslate } from 'react-admin';
import { PARTNER_PICKER_PAGE_SIZE } from '../../../contract/http';
import type { FormDto } from '../../../contract/forms';
import type { FilterInputProps } from '../../entityTable/types';
import { useTypedSearch } from './useTypedSearch';

interface DefinitionOption {
  definitionId: string;
  name: string;
}

/**
 * The form filter of the partner forms list: picks a form definition (all its versions) by name. The forms are
 * searched as the user types; versions of one definition are one option.
 */
export function FormDefinitionFilterInput({ label, value, onChange, autoFocus, errorText }: FilterInputProps & { autoFocus?: boolean; errorText?: string }) {
  const translate = useTranslate();
  const { open, typed, term: keyword, autocomplete } = useTypedSearch();
  const { data, isFetching } = useGetList<FormDto>(
    'forms',
    { pagination: { page: 1, perPage: PARTNER_PICKER_PAGE_SIZE }, filter: keyword ? { q: keyword } : {} },
    { enabled: open || typeof value === 'string', placeholderData: (previous) => previous },
  );
  const options = useMemo(() => {
    const byDefinition = new Map<string, DefinitionOption>();
    for (const form of data ?? [])
      if (!byDefinition.has(form.definitionId)) byDefinition.set(form.definitionId, { definitionId: form.definitionId, name: form.name });
    return [...byDefinition.values()];
  }, [data]);
  const selected = typeof value === 'string' && value ? (options.find((o) => o.definitionId === value) ?? { definitionId: value, name: '' }) : null;
  return (
    <Autocomplete<DefinitionOption>
      {...autocomplete}
      value={selected}
      onChange={(_, option) => onChange(option?.definitionId)}
      inputValue={open ? typed : (selected?.name ?? '')}
      options={options}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, chosen) => option.definitionId === chosen.definitionId}
      loading={isFetching}
      loadingText={translate('app.loading')}
      noOptionsText={translate('partnerForms.filters.noForms')}
      size="small"
      fullWidth
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          autoFocus={autoFocus}
          error={!!errorText}
          helperText={errorText}
          slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': 'form-filter' } }}
        />
      )}
    />
  );
}
