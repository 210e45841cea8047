import { useLocaleState } from 'react-admin';
import type { HelpLanguage } from '../../contract/helpCenter';

/** The language the reader reads the app in, as the help center's routes take it. */
export function useHelpLanguage(): HelpLanguage {
  const [locale] = useLocaleState();
  return locale === 'vi' ? 'vi' : 'en';
}
