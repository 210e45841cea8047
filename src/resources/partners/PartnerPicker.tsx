import { useEffect, useMemo, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import { useGetList, useTranslate } from 'react-admin';
import { PARTNER_PICKER_PAGE_SIZE } from '../../../contract/http';
import type { PartnerDto } from '../../../contract/partners';

/** Specification section 3 "Partner option": name, id and whether it is deleted (shown disabled). */
export interface PartnerOption {
  id: string;
  name: string;
  deleted: boolean;
}

const TYPING_DEBOUNCE_MS = 300;

export interface PartnerPickerProps {
  label: string;
  value: string | null;
  /** The chosen partner's name when only its id is known (a user's partnerName), shown before the options load. */
  valueLabel?: string | null;
  onChange: (partnerId: string | null) => void;
  error?: boolean;
  helperText?: string;
  required?: boolean;
  disabled?: boolean;
  size?: 'small' | 'medium';
}

/**
 * Picks a partner: the first 100 (page 1) are loaded when the list opens and again as the user types, by
 * name; deleted partners are listed (includeDeleted) but cannot be chosen.
 */
export function PartnerPicker({ label, value, valueLabel, onChange, error, helperText, required, disabled, size }: PartnerPickerProps) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [name, setName] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setName(typed.trim()), TYPING_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const { data, isFetching } = useGetList<PartnerDto>(
    'partners',
    {
      pagination: { page: 1, perPage: PARTNER_PICKER_PAGE_SIZE },
      sort: { field: 'name', order: 'ASC' },
      filter: { includeDeleted: true, ...(name ? { name } : {}) },
    },
    // Also loads when only the chosen id is known, to show its name.
    { enabled: open || (!!value && !valueLabel), placeholderData: (previous) => previous },
  );

  const options = useMemo<PartnerOption[]>(() => (data ?? []).map(({ id, name: partnerName, deleted }) => ({ id, name: partnerName, deleted })), [data]);
  const selected = useMemo<PartnerOption | null>(() => {
    if (!value) return null;
    return options.find((o) => o.id === value) ?? { id: value, name: valueLabel ?? value, deleted: false };
  }, [value, valueLabel, options]);

  return (
    <Autocomplete<PartnerOption>
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={selected}
      onChange={(_, option) => onChange(option?.id ?? null)}
      inputValue={open ? typed : (selected?.name ?? '')}
      onInputChange={(_, text, reason) => {
        if (reason === 'input' || reason === 'clear') setTyped(text);
      }}
      options={options}
      filterOptions={(all) => all}
      getOptionLabel={(option) => option.name}
      getOptionDisabled={(option) => option.deleted}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      renderOption={({ key, ...props }, option) => (
        <li key={key} {...props} data-testid="partner-option">
          {option.deleted ? translate('admin.partners.deletedOption', { name: option.name }) : option.name}
        </li>
      )}
      loading={isFetching}
      loadingText={translate('app.loading')}
      noOptionsText={translate('admin.partners.noOptions')}
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
          slotProps={{
            htmlInput: { ...params.inputProps, 'data-testid': 'partner-picker' },
            input: {
              ...params.InputProps,
              endAdornment: (
                <>
                  {isFetching && open ? <CircularProgress color="inherit" size={18} aria-label={translate('app.loading')} /> : null}
                  {params.InputProps.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
