import { storageKeys } from '../config/storageKeys';
import { storedPreference } from './storedPreference';

export const THEME_MODES = ['light', 'dark'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];

export const themeModePreference = storedPreference<ThemeMode>(storageKeys.themeMode, THEME_MODES, 'light');
