// First: its popstate listener must come before the router's (see the module).
import './routes/popStateGuard';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { PrerenderedSignInCleanup } from './auth/prerender/PrerenderedSignInCleanup';
import { ToastHost } from './notifications/ToastHost';
import { followDocumentLanguage, languagePreference } from './preferences/language';
import { themeModePreference } from './preferences/themeMode';
import { AppRoutes } from './routes/AppRoutes';
import { SessionEndedRedirect } from './routes/SessionEndedRedirect';
import { PortalThemeProvider } from './theme/PortalThemeProvider';

followDocumentLanguage();
// The server prerenders /sign-in in the language and theme these cookies name; preferences stored before they existed get them here.
languagePreference.mirrorToCookie();
themeModePreference.mirrorToCookie();

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <BrowserRouter>
      <PortalThemeProvider>
        <SessionEndedRedirect />
        <PrerenderedSignInCleanup />
        <AppRoutes />
        <ToastHost />
      </PortalThemeProvider>
    </BrowserRouter>
  </StrictMode>,
);
