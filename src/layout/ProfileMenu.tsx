import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import Logout from '@mui/icons-material/Logout';
import PersonOutline from '@mui/icons-material/PersonOutline';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useGetIdentity, useLogout, useTranslate } from 'react-admin';
import { routePaths } from '../config/routePaths';
import type { SessionUser } from '../providers/auth/sessionUser';
import { MenuWithHeader } from './MenuWithHeader';
import { UserAvatar } from './UserAvatar';

const links = [
  { to: routePaths.home, labelKey: 'app.profileMenu.home', icon: HomeOutlined, testId: 'profile-menu-home' },
  { to: routePaths.profile, labelKey: 'app.profileMenu.profile', icon: PersonOutline, testId: 'profile-menu-profile' },
  { to: routePaths.settings, labelKey: 'app.profileMenu.settings', icon: SettingsOutlined, testId: 'profile-menu-settings' },
];

const MENU_ID = 'profile-menu-items';

/** The avatar menu of the top bar: who is signed in, then Home, Profile, Settings, Logout. */
export function ProfileMenu() {
  const translate = useTranslate();
  const logout = useLogout();
  const { identity } = useGetIdentity();
  const user = identity as SessionUser | undefined;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);

  return (
    <>
      <IconButton
        aria-label={translate('app.profileMenu.label')}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? MENU_ID : undefined}
        data-testid="profile-menu"
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ p: 0.5 }}
      >
        <UserAvatar user={user} />
      </IconButton>
      <MenuWithHeader
        id={MENU_ID}
        anchor={anchor}
        onClose={close}
        label={translate('app.profileMenu.label')}
        paperSx={{ width: 240 }}
        header={
          <>
            <Box sx={{ px: 2, py: 1.5 }}>
              <Typography variant="subtitle2" noWrap data-testid="profile-menu-name">
                {user?.fullName}
              </Typography>
              <Typography variant="body2" noWrap sx={{ color: 'text.secondary' }}>
                {user?.email}
              </Typography>
            </Box>
            <Divider />
          </>
        }
      >
        {links.map(({ to, labelKey, icon: Icon, testId }) => (
          <MenuItem key={to} component={RouterLink} to={to} onClick={close} data-testid={testId}>
            <ListItemIcon>
              <Icon fontSize="small" />
            </ListItemIcon>
            {translate(labelKey)}
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          data-testid="logout"
          onClick={() => {
            close();
            logout();
          }}
          sx={{ color: 'error.main' }}
        >
          <ListItemIcon sx={{ color: 'inherit' }}>
            <Logout fontSize="small" />
          </ListItemIcon>
          {translate('app.profileMenu.logout')}
        </MenuItem>
      </MenuWithHeader>
    </>
  );
}
