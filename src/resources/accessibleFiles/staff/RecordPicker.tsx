import { useMemo } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useGetList, useTranslate, type RaRecord } from 'react-admin';
import { useTypedSearch } from '../../partnerForms/useTypedSearch';

const PICKER_PAGE_SIZE = 20;

export interface RecordPickerProps<T extends RaRecord> {
  /** react-admin resource searched by keyword (POST /{api path}/search). */
  resource: string;
  label: string;
  value: string | null;
  /** The chosen record's label when only its id is known. */
  valueLabel?: string | null;
  onChange: (id: string | null, record: T | null) => void;
  optionLabel: (record: T) => string;
  error?: boolean;
  helperText?: string;
  required?: boolean;
  disabled?: boolean;
  testId: string;
  size?: 'small' | 'medium';
}

/** Picks one record of a resource, searched on the server as the user types (files, roles, users). */
export function RecordPicker<T extends RaRecord>({
  resource,
  label,
  value,
  valueLabel,
  onChange,
  optionLabel,
  error,
  helperText,
  required,
  disabled,
  testId,
  size,
}: RecordPickerProps<T>) {
  const translate = useTranslate();
  const search = useTypedSearch();
  const { data, isFetching } = useGetList<T>(
    resource,
    { pagination: { page: 1, perPage: PICKER_PAGE_SIZE }, filter: search.term ? { q: search.term } : {} },
    { enabled: search.open, placeholderData: (previous) => previous },
  );
  const options = useMemo(() => data ?? [], [data]);
  const selected = useMemo<T | null>(() => {
    if (!value) return null;
    return options.find((o) => String(o.id) === value) ?? ({ id: value, __label: valueLabel ?? value } as unknown as T);
  }, [value, valueLabel, options]);
  const labelOf = (record: T) => (record as { __label?: string }).__label ?? optionLabel(record);

  return (
    <Autocomplete<T>
      {...search.autocomplete}
      value={selected}
      onChange={(_, record) => onChange(record ? String(record.id) : null, record)}
      inputValue={search.open ? search.typed : selected ? labelOf(selected) : ''}
      options={options}
      getOptionLabel={labelOf}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      loading={isFetching}
      loadingText={translate('fileManager.grants.loading')}
      noOptionsText={translate('fileManager.grants.noOptions')}
      disabled={disabled}
      size={size}
      fullWidth
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          error={error}
          helperText={helperText}
          slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': testId } }}
        />
      )}
    />
  );
}
