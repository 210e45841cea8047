import { useEffect, type ReactNode } from 'react';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FilterListOutlined from '@mui/icons-material/FilterListOutlined';
import Refresh from '@mui/icons-material/Refresh';
import Search from '@mui/icons-material/Search';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useTranslate } from 'react-admin';
import { useStateResetOn } from '../components/useStateResetOn';

/** Typing in the keyword box searches once the user pauses this long. */
const KEYWORD_DEBOUNCE_MS = 400;

interface EntityToolbarProps {
  keyword?: { value: string; onChange: (keyword: string) => void };
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

/** Keyword search and the advanced-search toggle on the left; reload, export and add on the right. */
export function EntityToolbar({ keyword, filters, selection, onReload, reloading, onExport, exporting, onAdd, actions }: EntityToolbarProps) {
  const translate = useTranslate();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ p: 2, alignItems: { sm: 'center' } }}>
      <Stack direction="row" spacing={1} sx={{ flex: 1, alignItems: 'center', minWidth: 0 }}>
        {keyword && <KeywordBox value={keyword.value} onChange={keyword.onChange} />}
        {filters && (
          <Tooltip title={translate('admin.table.advancedSearch')}>
            <IconButton
              onClick={filters.onToggle}
              aria-expanded={filters.open}
              aria-label={translate('admin.table.advancedSearch')}
              color={filters.open ? 'primary' : 'default'}
              data-testid="entity-filters-toggle"
            >
              <Badge badgeContent={filters.activeCount} color="primary">
                <FilterListOutlined />
              </Badge>
            </IconButton>
          </Tooltip>
        )}
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', justifyContent: { xs: 'flex-start', sm: 'flex-end' } }}>
        {selection && selection.count > 0 && (
          <>
            <Chip
              label={translate('admin.table.selected', { smart_count: selection.count })}
              onDelete={selection.onClear}
              data-testid="entity-selected-count"
            />
            {selection.onDelete && (
              <Button color="error" startIcon={<DeleteOutline />} onClick={selection.onDelete} data-testid="entity-delete-selected">
                {translate('admin.table.deleteSelected')}
              </Button>
            )}
          </>
        )}
        <Tooltip title={translate('admin.table.reload')}>
          <span>
            <IconButton onClick={onReload} disabled={reloading} aria-label={translate('admin.table.reload')} data-testid="entity-reload">
              <Refresh />
            </IconButton>
          </span>
        </Tooltip>
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

/** The keyword box: searches as the user types (after a pause) or at once on Enter. */
function KeywordBox({ value, onChange }: { value: string; onChange: (keyword: string) => void }) {
  const translate = useTranslate();
  const [text, setText] = useStateResetOn([value], () => value);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onChange(text), KEYWORD_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);
  const label = translate('admin.table.keyword');
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
