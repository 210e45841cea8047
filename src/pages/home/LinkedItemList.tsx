import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';

export interface LinkedItem {
  key: string;
  /** The item's page; without one the row is plain text. */
  to?: string;
  primary: ReactNode;
  secondary?: ReactNode;
  /** A chip or figure at the row's end. */
  trailing?: ReactNode;
  /** Called as the link is followed (a notification becomes read). */
  onOpen?: () => void;
}

/** A card's items, each one click (a link) from its page. */
export function LinkedItemList({ items, label }: { items: LinkedItem[]; label: string }) {
  return (
    <List dense disablePadding aria-label={label}>
      {items.map((item) => {
        const text = (
          <ListItemText
            primary={item.primary}
            secondary={item.secondary}
            slotProps={{ primary: { sx: { fontWeight: 600, overflowWrap: 'anywhere' } }, secondary: { sx: { overflowWrap: 'anywhere' } } }}
          />
        );
        const body = (
          <>
            {text}
            {item.trailing}
          </>
        );
        return item.to ? (
          <ListItem key={item.key} disablePadding>
            <ListItemButton component={RouterLink} to={item.to} onClick={item.onOpen} sx={{ gap: 1, px: 2 }}>
              {body}
            </ListItemButton>
          </ListItem>
        ) : (
          <ListItem key={item.key} sx={{ gap: 1, px: 2 }}>
            {body}
          </ListItem>
        );
      })}
    </List>
  );
}
