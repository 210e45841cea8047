import { Suspense, useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslate } from 'react-admin';
import { LoadingScreen } from '../components/LoadingScreen';
import { MuiLocaleProvider } from '../i18n/MuiLocaleProvider';
import { useStateResetOn } from '../components/useStateResetOn';
import { MOBILE_NAV_WIDTH, NAV_WIDTH } from '../theme/themeConstants';
import { BackToTop } from './BackToTop';
import { ImpersonationBanner } from './ImpersonationBanner';
import { SideNav } from './SideNav';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink';
import { TopBar } from './TopBar';

/**
 * The signed-in shell: side navigation (permanent from lg, a drawer below that closes on navigation),
 * top bar, lazily loaded page with a loading fallback, back-to-top; the page scrolls to top on each path.
 */
export function PortalLayout({ children }: { children?: ReactNode }) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const [navOpen, setNavOpen] = useStateResetOn([pathname], () => false);
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('lg'), { noSsr: true });

  // Braces: Chromium's scrollTo answers a Promise, which React would take for the effect's cleanup.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <SkipLink>
        {wide ? (
          <Drawer variant="permanent" sx={{ '& .MuiDrawer-paper': { width: NAV_WIDTH, boxSizing: 'border-box', borderRightStyle: 'dashed' } }}>
            <SideNav />
          </Drawer>
        ) : (
          <Drawer
            variant="temporary"
            open={navOpen}
            onClose={() => setNavOpen(false)}
            slotProps={{ paper: { 'aria-label': translate('app.nav.label') } }}
            sx={{ '& .MuiDrawer-paper': { width: MOBILE_NAV_WIDTH, boxSizing: 'border-box' } }}
          >
            <SideNav onNavigate={() => setNavOpen(false)} />
          </Drawer>
        )}
        <TopBar onOpenNav={() => setNavOpen(true)} />
        <Box
          component="main"
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          sx={{ outline: 'none', ml: { lg: `${NAV_WIDTH}px` }, px: { xs: 2, sm: 3, lg: 5 }, py: { xs: 2, lg: 3 } }}
        >
          <ImpersonationBanner />
          <MuiLocaleProvider>
            <Suspense fallback={<LoadingScreen />}>{children}</Suspense>
          </MuiLocaleProvider>
        </Box>
        <BackToTop />
      </SkipLink>
    </Box>
  );
}
