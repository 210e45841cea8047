import TextField from '@mui/material/TextField';
import type { FilterInputProps } from '../../../entityTable/types';

/** The id search: the server matches the start of an id (hex digits and dashes), so only those can be typed. */
export function TicketIdFilterInput({ label, value, onChange }: FilterInputProps) {
  return (
    <TextField
      size="small"
      fullWidth
      label={label}
      name="id"
      value={typeof value === 'string' ? value : ''}
      onChange={(event) =>
        onChange(
          event.target.value
            .toLowerCase()
            .replace(/[^0-9a-f-]/g, '')
            .slice(0, 36) || undefined,
        )
      }
      slotProps={{ htmlInput: { spellCheck: false, autoComplete: 'off', style: { fontFamily: 'monospace' } } }}
    />
  );
}
