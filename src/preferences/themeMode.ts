import { DEFAULT_THEME_MODE, preferenceCookies, THEME_MODES, type ThemeMode } from '../../contract/preferenceCookies';
import { storageKeys } from '../config/storageKeys';
import { storedPreference } from './storedPreference';

export { THEME_MODES, type ThemeMode };

export const themeModePreference = storedPreference<ThemeMode>(storageKeys.themeMode, THEME_MODES, DEFAULT_THEME_MODE, preferenceCookies.themeMode.name);
