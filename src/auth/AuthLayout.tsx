import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import { Brand } from '../components/Brand';
import { LanguageMenu } from '../components/LanguageMenu';
import { supportEmail } from '../config/routePaths';
import { useTranslateMessage } from '../i18n/translateMessage';
import { AUTH_CONTENT_WIDTH, HEADER_HEIGHT_DESKTOP, HEADER_HEIGHT_MOBILE } from '../theme/themeConstants';

/** The sign-in layout: brand, language switch and a Need help link above a 450px column. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const translate = useTranslateMessage();
  return (
    <Box data-auth-layout sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box
        component="header"
        sx={{
          height: { xs: HEADER_HEIGHT_MOBILE, lg: HEADER_HEIGHT_DESKTOP },
          px: { xs: 2, md: 5 },
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
        }}
      >
        <Brand taglineOnPhones={false} />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <LanguageMenu />
          <Link
            href={`mailto:${supportEmail}`}
            underline="hover"
            color="text.primary"
            variant="subtitle2"
            data-testid="need-help"
            sx={{ whiteSpace: 'nowrap' }}
          >
            {translate('app.auth.needHelp')}
          </Link>
        </Box>
      </Box>
      <Box component="main" sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', px: 2, py: 4 }}>
        <Paper variant="outlined" sx={{ width: '100%', maxWidth: AUTH_CONTENT_WIDTH, p: { xs: 3, sm: 5 } }}>
          {children}
        </Paper>
      </Box>
    </Box>
  );
}
