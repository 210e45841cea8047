import { Link as RouterLink, useLocation } from 'react-router-dom';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useTranslate } from 'react-admin';
import { NAV_ITEM_HEIGHT } from '../theme/themeConstants';
import { isActiveLink, navTestId, type NavLink } from './navigation';

export function NavLinkItem({ link, nested = false, onNavigate }: { link: NavLink; nested?: boolean; onNavigate?: () => void }) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const active = isActiveLink(link, pathname);
  const Icon = link.icon;
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={RouterLink}
        to={link.path}
        selected={active}
        aria-current={active ? 'page' : undefined}
        data-testid={navTestId(link.path)}
        onClick={onNavigate}
        sx={{
          minHeight: NAV_ITEM_HEIGHT,
          borderRadius: 1,
          mb: 0.5,
          pl: nested ? 4 : 2,
          color: 'text.secondary',
          '&.Mui-selected': { color: 'primary.main', fontWeight: 600 },
        }}
      >
        <ListItemIcon sx={{ minWidth: 36, color: 'inherit' }}>
          <Icon fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={translate(link.labelKey)} slotProps={{ primary: { variant: 'body2', fontWeight: 'inherit' } }} />
      </ListItemButton>
    </ListItem>
  );
}
