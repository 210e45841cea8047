import { useState } from 'react';
import MoreVert from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslate } from 'react-admin';

interface ItemMenuProps {
  label: string;
  index: number;
  count: number;
  onMove: (to: number) => void;
  onRemove: () => void;
  removeLabel: string;
  testId: string;
}

/** An item's actions: move up, move down (the way to reorder without dragging) and remove. */
export function ItemMenu({ label, index, count, onMove, onRemove, removeLabel, testId }: ItemMenuProps) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const act = (action: () => void) => () => {
    setAnchor(null);
    action();
  };
  return (
    <>
      <IconButton size="small" aria-label={label} aria-haspopup="menu" onClick={(event) => setAnchor(event.currentTarget)} data-testid={`${testId}-menu`}>
        <MoreVert fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem disabled={index === 0} onClick={act(() => onMove(index - 1))} data-testid={`${testId}-move-up`}>
          {translate('formBuilder.questions.moveUp')}
        </MenuItem>
        <MenuItem disabled={index === count - 1} onClick={act(() => onMove(index + 1))} data-testid={`${testId}-move-down`}>
          {translate('formBuilder.questions.moveDown')}
        </MenuItem>
        <MenuItem onClick={act(onRemove)} sx={{ color: 'error.main' }} data-testid={`${testId}-remove`}>
          {removeLabel}
        </MenuItem>
      </Menu>
    </>
  );
}
