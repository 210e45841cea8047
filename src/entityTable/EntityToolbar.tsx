import { useEffect, useState, type ReactNode } from 'react';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FilterListOutlined from '@mui/icons-material/FilterListOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import Refresh from '@mui/icons-material/Refresh';
import Search from '@mui/icons-material/Search';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslate } from 'react-admin';
import { useStateResetOn } from '../components/useStateResetOn';

/** Typing in the keyword box searches once the user pauses this long. */
const KEYWORD_DEBOUNCE_MS = 400;

interface EntityToolbarProps {
  keyword?: { value: string; onChange: (keyword: string) => void; labelKey?: string };
  filters?: { open: boolean; activeCount: number; onToggle: () => void };
  selection?: { count: number; onDelete?: () => void; onClear: () => void };
  onReload: () => void;
  reloading: boolean;
  onExport?: () => void;
  exporting: boolean;
  onAdd?: () => void;
  /** A screen's own buttons (acting on the selection, say), after export. */
  actions?: ReactNode;
}

/**
 * Keyword search and the advanced-search toggle on the left; reload, export and add on the right. On a phone the
 * search takes the row, with the toggle, add and a "more" menu (reload, export) as icon buttons beside it.
 */
export function EntityToolbar({ keyword, filters, selection, onReload, reloading, onExport, exporting, onAdd, actions }: EntityToolbarProps) {
  const translate = useTranslate();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const selectionTools = selection && selection.count > 0 && (
    <>
      <Chip label={translate('admin.table.selected', { smart_count: selection.count })} onDelete={selection.onClear} data-testid="entity-selected-count" />
      {selection.onDelete && (
        <Button color="error" startIcon={<DeleteOutline />} onClick={selection.onDelete} data-testid="entity-delete-selected">
          {translate('admin.table.deleteSelected')}
        </Button>
      )}
    </>
  );
  if (narrow)
    return (
      <Stack spacing={1.5} sx={{ p: 2 }}>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
          {keyword ? <KeywordBox {...keyword} /> : <Box sx={{ flex: 1 }} />}
          {filters && <FiltersToggle {...filters} />}
          {onAdd && (
            <Tooltip title={translate('admin.table.add')}>
              <IconButton color="primary" onClick={onAdd} aria-label={translate('admin.table.add')} data-testid="entity-add">
                <Add />
              </IconButton>
            </Tooltip>
          )}
          <MoreActions onReload={onReload} reloading={reloading} onExport={onExport} exporting={exporting} />
        </Stack>
        {(selectionTools || actions) && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', justifyContent: 'flex-end' }}>
            {selectionTools}
            {actions}
          </Stack>
        )}
      </Stack>
    );
  return (
    <Stack direction="row" spacing={1.5} sx={{ p: 2, alignItems: 'center' }}>
      <Stack direction="row" spacing={1} sx={{ flex: 1, alignItems: 'center', minWidth: 0 }}>
        {keyword && <KeywordBox {...keyword} />}
        {filters && <FiltersToggle {...filters} />}
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', justifyContent: 'flex-end' }}>
        {selectionTools}
        <ReloadButton onReload={onReload} reloading={reloading} />
        {onExport && (
          <Button variant="outlined" startIcon={<FileDownloadOutlined />} onClick={onExport} disabled={exporting} data-testid="entity-export">
            {translate('admin.table.export')}
          </Button>
        )}
        {actions}
        {onAdd && (
          <Button variant="contained" startIcon={<Add />} onClick={onAdd} data-testid="entity-add">
            {translate('admin.table.add')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}

/**
 * The advanced-search toggle; the count of filters set is in its name (and tooltip), a dot says some are set: a
 * badge showing the number would be text the button's name must contain as written (axe's label-content-name-mismatch).
 */
function FiltersToggle({ open, activeCount, onToggle }: NonNullable<EntityToolbarProps['filters']>) {
  const translate = useTranslate();
  const title = translate('admin.table.advancedSearch');
  const label = activeCount > 0 ? translate('admin.table.advancedSearchActive', { smart_count: activeCount }) : title;
  return (
    <Tooltip title={label}>
      <IconButton onClick={onToggle} aria-expanded={open} aria-label={label} color={open ? 'primary' : 'default'} data-testid="entity-filters-toggle">
        {activeCount > 0 ? (
          <Badge variant="dot" color="primary" data-testid="entity-filters-set">
            <FilterListOutlined />
          </Badge>
        ) : (
          <FilterListOutlined />
        )}
      </IconButton>
    </Tooltip>
  );
}

function ReloadButton({ onReload, reloading }: Pick<EntityToolbarProps, 'onReload' | 'reloading'>) {
  const translate = useTranslate();
  return (
    <Tooltip title={translate('admin.table.reload')}>
      <span>
        <IconButton onClick={onReload} disabled={reloading} aria-label={translate('admin.table.reload')} data-testid="entity-reload">
          <Refresh />
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** On a phone: reload and export in one menu, or the reload button alone when there is nothing to export. */
function MoreActions({ onReload, reloading, onExport, exporting }: Pick<EntityToolbarProps, 'onReload' | 'reloading' | 'onExport' | 'exporting'>) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!onExport) return <ReloadButton onReload={onReload} reloading={reloading} />;
  const run = (action: () => void) => () => {
    setAnchor(null);
    action();
  };
  return (
    <>
      <Tooltip title={translate('admin.table.more')}>
        <IconButton
          aria-label={translate('admin.table.more')}
          aria-haspopup="menu"
          onClick={(event) => setAnchor(event.currentTarget)}
          data-testid="entity-more"
        >
          <MoreVert />
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem onClick={run(onReload)} disabled={reloading} data-testid="entity-reload">
          <ListItemIcon>
            <Refresh fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('admin.table.reload')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={run(onExport)} disabled={exporting} data-testid="entity-export">
          <ListItemIcon>
            <FileDownloadOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('admin.table.export')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}

/** The keyword box: searches as the user types (after a pause) or at once on Enter. */
function KeywordBox({ value, onChange, labelKey }: { value: string; onChange: (keyword: string) => void; labelKey?: string }) {
  const translate = useTranslate();
  const [text, setText] = useStateResetOn([value], () => value);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onChange(text), KEYWORD_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);
  const label = translate(labelKey ?? 'admin.table.keyword');
  return (
    <Box sx={{ flex: 1, maxWidth: { sm: 360 } }}>
      <TextField
        size="small"
        fullWidth
        type="search"
        placeholder={label}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onChange(text);
        }}
        slotProps={{
          htmlInput: { 'aria-label': label, 'data-testid': 'entity-keyword' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
    </Box>
  );
}
