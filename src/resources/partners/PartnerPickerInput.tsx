import { useInput, useRecordContext, useTranslate } from 'react-admin';
import { PartnerPicker } from './PartnerPicker';

/** The partner picker as a form input (react-admin): its error shows like any other field's. */
export function PartnerPickerInput({ source, label, required }: { source: string; label: string; required?: boolean }) {
  const translate = useTranslate();
  const record = useRecordContext<{ partnerName?: string | null }>();
  const { field, fieldState, formState } = useInput({ source });
  const showError = fieldState.invalid && (fieldState.isTouched || formState.isSubmitted);
  const message = fieldState.error?.message;
  return (
    <PartnerPicker
      label={translate(label)}
      value={(field.value as string | null) || null}
      valueLabel={record?.partnerName}
      onChange={(partnerId) => {
        field.onChange(partnerId);
        field.onBlur();
      }}
      required={required}
      error={showError}
      helperText={showError && message ? translate(message, { _: message }) : ' '}
    />
  );
}
