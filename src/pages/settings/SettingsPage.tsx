import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { LANGUAGES, type Language } from '../../../contract/http';
import { useChangeLanguage, useChangeThemeMode } from '../../admin/preferenceHooks';
import { FlagIcon } from '../../components/FlagIcon';
import { PageHeading } from '../../layout/PageHeading';
import { languagePreference } from '../../preferences/language';
import { THEME_MODES, themeModePreference, type ThemeMode } from '../../preferences/themeMode';

/** Preferences kept in this browser: language and light or dark theme (DESIGN.md "Interface"). */
export default function SettingsPage() {
  const translate = useTranslate();
  const language = languagePreference.useValue();
  const themeMode = themeModePreference.useValue();
  const changeLanguage = useChangeLanguage();
  const changeThemeMode = useChangeThemeMode();

  return (
    <>
      <PageHeading title={translate('app.settings.title')}>
        <Typography sx={{ color: 'text.secondary', mt: 1 }}>{translate('app.settings.intro')}</Typography>
      </PageHeading>
      <Card variant="outlined" sx={{ maxWidth: 640 }}>
        <CardContent>
          <Stack spacing={4}>
            <FormControl>
              <FormLabel id="settings-language">{translate('app.settings.language')}</FormLabel>
              <RadioGroup aria-labelledby="settings-language" value={language} onChange={(event) => changeLanguage(event.target.value as Language)}>
                {LANGUAGES.map((option) => (
                  <FormControlLabel
                    key={option}
                    value={option}
                    control={<Radio />}
                    data-testid={`settings-language-${option}`}
                    label={
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        <FlagIcon language={option} size={20} />
                        <span>{translate(`app.language.${option}`)}</span>
                      </Stack>
                    }
                  />
                ))}
              </RadioGroup>
            </FormControl>
            <FormControl>
              <FormLabel id="settings-theme">{translate('app.settings.theme')}</FormLabel>
              <RadioGroup row aria-labelledby="settings-theme" value={themeMode} onChange={(event) => changeThemeMode(event.target.value as ThemeMode)}>
                {THEME_MODES.map((mode) => (
                  <FormControlLabel
                    key={mode}
                    value={mode}
                    control={<Radio />}
                    label={translate(`app.settings.${mode}`)}
                    data-testid={`settings-theme-${mode}`}
                  />
                ))}
              </RadioGroup>
            </FormControl>
          </Stack>
        </CardContent>
      </Card>
    </>
  );
}
