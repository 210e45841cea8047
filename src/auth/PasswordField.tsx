import { useState } from 'react';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../contract/schemas/passwordLength';
import { FormTextField, type FormTextFieldProps } from '../components/FormTextField';
import { useTranslateMessage, type TranslateMessage } from '../i18n/translateMessage';

/** The rule a new password must meet (contract/schemas/fields), said before the reader breaks it. */
export const passwordRuleHint = (translate: TranslateMessage) => translate('app.auth.passwordRule', { min: PASSWORD_MIN, max: PASSWORD_MAX });

/**
 * A password input with a show/hide switch. `showRule` puts the new-password rule under it while it has
 * no error (the error replaces it).
 */
export function PasswordField({ showRule, ...props }: Omit<FormTextFieldProps, 'type' | 'endAdornment'> & { showRule?: boolean }) {
  const translate = useTranslateMessage();
  const [visible, setVisible] = useState(false);
  return (
    <FormTextField
      {...props}
      helperText={props.helperText || (showRule ? passwordRuleHint(translate) : undefined)}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            edge="end"
            aria-label={translate(visible ? 'app.auth.hidePassword' : 'app.auth.showPassword')}
            onClick={() => setVisible((shown) => !shown)}
          >
            {visible ? <VisibilityOff /> : <Visibility />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
