import { useState } from 'react';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { FormTextField, type FormTextFieldProps } from '../components/FormTextField';
import { useTranslateMessage } from '../i18n/translateMessage';

/** A password input with a show/hide switch. */
export function PasswordField(props: Omit<FormTextFieldProps, 'type' | 'endAdornment'>) {
  const translate = useTranslateMessage();
  const [visible, setVisible] = useState(false);
  return (
    <FormTextField
      {...props}
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
