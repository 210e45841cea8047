import { useState, type ReactElement } from 'react';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useTranslate } from 'react-admin';

export interface RowMenuItem {
  key: string;
  label: string;
  icon?: ReactElement;
  color?: 'error';
  onSelect: () => void;
}

/**
 * The row's action menu, holding only the actions the user may take on it; a row with none shows the
 * no-action-allowed marker instead.
 */
export function RowActionMenu({ rowTitle, items }: { rowTitle: string; items: RowMenuItem[] }) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (items.length === 0) {
    const label = translate('admin.table.noActions');
    return (
      <Tooltip title={label}>
        <BlockOutlined fontSize="small" color="disabled" titleAccess={label} data-testid="row-no-actions" sx={{ m: 1, verticalAlign: 'middle' }} />
      </Tooltip>
    );
  }
  return (
    <>
      <IconButton
        size="small"
        aria-label={translate('admin.table.actionsOf', { title: rowTitle })}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="row-actions"
      >
        <MoreVert fontSize="small" />
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {items.map((item) => (
          <MenuItem
            key={item.key}
            data-testid={`row-action-${item.key}`}
            onClick={() => {
              setAnchor(null);
              item.onSelect();
            }}
            sx={item.color ? { color: `${item.color}.main` } : undefined}
          >
            {item.icon && <ListItemIcon sx={item.color ? { color: 'inherit' } : undefined}>{item.icon}</ListItemIcon>}
            <ListItemText>{item.label}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
