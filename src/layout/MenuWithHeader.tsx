import type { ReactNode } from 'react';
import MenuList from '@mui/material/MenuList';
import Popover from '@mui/material/Popover';
import type { SxProps, Theme } from '@mui/material/styles';

interface MenuWithHeaderProps {
  /** The popup's id, for the opening button's aria-controls. */
  id: string;
  anchor: HTMLElement | null;
  onClose: () => void;
  /** The menu's accessible name. */
  label: string;
  /** Shown above the menu, outside role=menu: a title, a summary, buttons of their own. */
  header?: ReactNode;
  /** Shown instead of the menu when given: a menu without items is no menu. */
  empty?: ReactNode;
  children?: ReactNode;
  paperSx?: SxProps<Theme>;
  dense?: boolean;
  'data-testid'?: string;
}

/**
 * A top-bar popup: a header outside the menu and a real menu (role=menu, items only) under it, so the first
 * item takes the focus on opening and the arrow keys move between items.
 */
export function MenuWithHeader({ id, anchor, onClose, label, header, empty, children, paperSx, dense, ...rest }: MenuWithHeaderProps) {
  const open = !!anchor;
  return (
    <Popover
      anchorEl={anchor}
      open={open}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { id, sx: paperSx } }}
      data-testid={rest['data-testid']}
    >
      {header}
      {empty ?? (
        <MenuList autoFocusItem={open} aria-label={label} dense={dense}>
          {children}
        </MenuList>
      )}
    </Popover>
  );
}
