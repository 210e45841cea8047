import { renderToString } from 'react-dom/server';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { MemoryRouter } from 'react-router-dom';
import type { Language } from '../../../contract/http';
import type { ThemeMode } from '../../../contract/preferenceCookies';
import { routePaths } from '../../config/routePaths';
import { languagePreference } from '../../preferences/language';
import { themeModePreference } from '../../preferences/themeMode';
import { PortalThemeProvider } from '../../theme/PortalThemeProvider';
import { AuthLayout } from '../AuthLayout';
import { SignInPage } from '../SignInPage';
import { Prerendering } from './prerenderedSignIn';

/**
 * The sign-in screen as static HTML, run by the build in Node (scripts/prerenderSignIn.ts): the real layout and form in
 * one language and theme, with emotion's styles inline beside the elements. Their own cache key keeps them apart
 * from the app's emotion cache.
 */
export function renderSignIn(language: Language, themeMode: ThemeMode): string {
  // Node has no localStorage: the preferences hold the values in memory for this render.
  languagePreference.set(language);
  themeModePreference.set(themeMode);
  const html = renderToString(
    <CacheProvider value={createCache({ key: 'pre' })}>
      <MemoryRouter initialEntries={[routePaths.signIn]}>
        <PortalThemeProvider>
          <Prerendering.Provider value>
            <AuthLayout>
              <SignInPage />
            </AuthLayout>
          </Prerendering.Provider>
        </PortalThemeProvider>
      </MemoryRouter>
    </CacheProvider>,
    { identifierPrefix: 'pre-' },
  );
  // The app's emotion cache moves every server-rendered <style data-emotion> into <head> at start unless marked as placed.
  return html.replaceAll('<style data-emotion="pre', '<style data-s="" data-emotion="pre');
}
