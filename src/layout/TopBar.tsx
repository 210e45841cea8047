import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import { useTranslate } from 'react-admin';
import { useChangeLanguage } from '../admin/preferenceHooks';
import { LanguageMenu } from '../components/LanguageMenu';
import { ConnectionStateIndicator } from '../realtime/ConnectionStateIndicator';
import { NotificationBell } from '../realtime/NotificationBell';
import { RealtimeSession } from '../realtime/RealtimeSession';
import { HEADER_HEIGHT_DESKTOP, HEADER_HEIGHT_MOBILE, NAV_WIDTH } from '../theme/themeConstants';
import { ProfileMenu } from './ProfileMenu';

export function TopBar({ onOpenNav }: { onOpenNav: () => void }) {
  const translate = useTranslate();
  const changeLanguage = useChangeLanguage();
  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{
        ml: { lg: `${NAV_WIDTH}px` },
        width: { lg: `calc(100% - ${NAV_WIDTH}px)` },
        bgcolor: 'background.default',
        backdropFilter: 'blur(6px)',
      }}
    >
      <Toolbar sx={{ minHeight: { xs: HEADER_HEIGHT_MOBILE, lg: HEADER_HEIGHT_DESKTOP }, gap: 1, px: { xs: 2, lg: 5 } }}>
        <IconButton edge="start" onClick={onOpenNav} aria-label={translate('app.nav.openMenu')} sx={{ display: { lg: 'none' } }} data-testid="open-nav">
          <MenuIcon />
        </IconButton>
        <Box sx={{ flexGrow: 1 }} />
        <RealtimeSession />
        <ConnectionStateIndicator />
        <NotificationBell />
        <LanguageMenu onChange={changeLanguage} />
        <ProfileMenu />
      </Toolbar>
    </AppBar>
  );
}
