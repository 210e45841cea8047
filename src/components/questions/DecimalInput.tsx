import { useState } from 'react';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { formatDecimal } from '../../../contract/answers';

type DecimalInputProps = Omit<TextFieldProps, 'value' | 'onChange' | 'onFocus' | 'onBlur' | 'type'> & {
  /** What is stored: a canonical decimal, or the text as typed while it is not one yet. */
  value: string;
  locale: string;
  /** Every change, with the text as the person typed it (the caller turns it into what it stores). */
  onText: (text: string) => void;
  /** The stored value as shown away from the input; a canonical decimal in the locale's marks by default. */
  format?: (value: string, locale: string) => string;
};

/**
 * A decimal typed in the reader's own marks ("1.234,5" in vi): while focused it shows exactly what is typed,
 * never rewritten under the cursor; away from it, the stored value formatted for the locale.
 */
export function DecimalInput({ value, locale, onText, format = formatDecimal, slotProps, ...field }: DecimalInputProps) {
  const [typed, setTyped] = useState<string | null>(null);
  return (
    <TextField
      {...field}
      value={typed ?? (value ? format(value, locale) : '')}
      onFocus={() => setTyped(value ? format(value, locale) : '')}
      onBlur={() => setTyped(null)}
      onChange={(event) => {
        setTyped(event.target.value);
        onText(event.target.value);
      }}
      slotProps={{ ...slotProps, htmlInput: { inputMode: 'decimal', autoComplete: 'off', ...(slotProps?.htmlInput as object) } }}
    />
  );
}
