import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Language } from '../../contract/http';
import { passwordStrength, userInputsOf, type PasswordStrength } from '../../contract/passwordStrength';
import { PASSWORD_MAX } from '../../contract/schemas/passwordLength';
import { lookup } from '../../i18n/interpolate';
import passwordStrengthEn from '../../i18n/passwordStrength.en';
import passwordStrengthVi from '../../i18n/passwordStrength.vi';
import { languagePreference } from '../preferences/language';

const catalogues: Record<Language, object> = { en: passwordStrengthEn, vi: passwordStrengthVi };

/** Translates a passwordStrength.* key in the chosen language (this catalogue travels with the meter, not the sign-in bundle). */
export const translateStrength = (language: Language, key: string, values?: Record<string, unknown>) => lookup(catalogues[language], key, values);

/** The password field's error when the rule refuses the password (the server's message, passwordStrength.tooWeak). */
export const strengthError = (language: Language, strength: PasswordStrength | undefined) =>
  strength && !strength.strong ? { error: true, helperText: translateStrength(language, 'passwordStrength.tooWeak') } : {};

const SEGMENTS = 4;
const FILLED: Record<PasswordStrength['level'], number> = { weak: 1, fair: 2, good: 3, strong: 4 };
const COLOUR: Record<PasswordStrength['level'], string> = { weak: 'error.main', fair: 'warning.main', good: 'success.light', strong: 'success.main' };

/**
 * The strength of the password being typed (contract/passwordStrength.ts, the rule the server applies), or undefined
 * while it is empty, too long or being measured. zxcvbn loads on the first character typed.
 */
export function usePasswordStrength(password: string, email?: string): PasswordStrength | undefined {
  const [measured, setMeasured] = useState<{ password: string; email?: string; strength: PasswordStrength }>();

  useEffect(() => {
    if (!password || password.length > PASSWORD_MAX) return;
    let current = true;
    passwordStrength(password, userInputsOf(email)).then(
      (strength) => {
        if (current) setMeasured({ password, email, strength });
      },
      () => undefined, // zxcvbn could not load (offline): the server still checks.
    );
    return () => {
      current = false;
    };
  }, [password, email]);

  return measured && measured.password === password && measured.email === email ? measured.strength : undefined;
}

/**
 * A password's strength (usePasswordStrength): a bar of four segments, and the level in words with zxcvbn's warning
 * and suggestions in our texts, said politely to a screen reader. The refusal itself is the password field's error
 * (strengthError).
 */
export function PasswordStrengthMeter({ strength }: { strength: PasswordStrength | undefined }) {
  const language = languagePreference.useValue();
  const t = (key: string, values?: Record<string, unknown>) => translateStrength(language, key, values);
  const advice = strength ? [strength.warning, ...strength.suggestions].filter((key): key is string => !!key) : [];
  return (
    <Box sx={{ mt: 1 }} data-testid="password-strength">
      <Box aria-hidden sx={{ display: 'flex', gap: 0.5, height: 6 }}>
        {Array.from({ length: SEGMENTS }, (_, index) => (
          <Box
            key={index}
            sx={{
              flex: 1,
              borderRadius: 1,
              bgcolor: strength && index < FILLED[strength.level] ? COLOUR[strength.level] : 'action.disabledBackground',
            }}
          />
        ))}
      </Box>
      <Box role="status" aria-live="polite" aria-atomic="true" sx={{ mt: 0.5, minHeight: '1.5em' }}>
        {strength && (
          <>
            <Typography variant="body2" component="p" sx={{ fontWeight: 500 }}>
              {t('passwordStrength.label', { level: t(`passwordStrength.levels.${strength.level}`) })}
            </Typography>
            {advice.length > 0 && (
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {advice.map((key) => (
                  <Typography key={key} variant="body2" component="li" color="text.secondary">
                    {t(key)}
                  </Typography>
                ))}
              </Box>
            )}
          </>
        )}
      </Box>
    </Box>
  );
}
