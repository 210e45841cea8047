import { afterEach, describe, expect, it } from 'vitest';
import { languagePreference } from '../../../src/preferences/language';
import { themeModePreference } from '../../../src/preferences/themeMode';

const cookies = () => document.cookie.split('; ').sort();

afterEach(() => {
  for (const name of ['portal-language', 'portal-theme']) document.cookie = `${name}=; path=/; max-age=0`;
});

describe('language and theme are mirrored into cookies for the server', () => {
  it('whenever they are chosen', () => {
    languagePreference.set('vi');
    themeModePreference.set('dark');
    expect(cookies()).toEqual(['portal-language=vi', 'portal-theme=dark']);
  });

  it('at start, for choices stored before the cookies existed, and the default when nothing was chosen', () => {
    localStorage.setItem('portal.language', 'vi');
    languagePreference.mirrorToCookie();
    themeModePreference.mirrorToCookie();
    expect(cookies()).toEqual(['portal-language=vi', 'portal-theme=light']);
  });
});
