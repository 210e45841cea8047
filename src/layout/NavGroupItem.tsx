import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useTranslate } from 'react-admin';
import { NAV_ITEM_HEIGHT } from '../theme/themeConstants';
import { isActiveLink, type NavGroup } from './navigation';
import { NavLinkItem } from './NavLinkItem';

/** A group opens by default unless it says otherwise, and always when it holds the current item. */
export function NavGroupItem({ group, onNavigate }: { group: NavGroup; onNavigate?: () => void }) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const holdsCurrent = group.children.some((child) => isActiveLink(child, pathname));
  const [open, setOpen] = useState(!group.collapsedByDefault || holdsCurrent);
  const Icon = group.icon;
  const listId = `nav-group-${group.id}-items`;
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      <ListItemButton
        onClick={() => setOpen((current) => !current)}
        aria-expanded={open}
        aria-controls={listId}
        data-testid={`nav-group-${group.id}`}
        sx={{ minHeight: NAV_ITEM_HEIGHT, borderRadius: 1, mb: 0.5, color: holdsCurrent ? 'text.primary' : 'text.secondary' }}
      >
        <ListItemIcon sx={{ minWidth: 36, color: 'inherit' }}>
          <Icon fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={translate(group.labelKey)} slotProps={{ primary: { variant: 'body2', fontWeight: 600 } }} />
        {open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
      </ListItemButton>
      <Collapse in={open} unmountOnExit>
        <List disablePadding id={listId}>
          {group.children.map((child) => (
            <NavLinkItem key={child.path} link={child} nested onNavigate={onNavigate} />
          ))}
        </List>
      </Collapse>
    </ListItem>
  );
}
