import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { ToastHost } from './notifications/ToastHost';
import { followDocumentLanguage } from './preferences/language';
import { AppRoutes } from './routes/AppRoutes';
import { SessionEndedRedirect } from './routes/SessionEndedRedirect';
import { PortalThemeProvider } from './theme/PortalThemeProvider';

followDocumentLanguage();

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <BrowserRouter>
      <PortalThemeProvider>
        <SessionEndedRedirect />
        <AppRoutes />
        <ToastHost />
      </PortalThemeProvider>
    </BrowserRouter>
  </StrictMode>,
);
