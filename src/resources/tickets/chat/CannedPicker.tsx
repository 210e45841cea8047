import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { CannedResponseDto } from '../../../../contract/cannedResponses';

interface CannedPickerProps {
  id: string;
  query: string;
  matches: CannedResponseDto[];
  active: number;
  onPick: (response: CannedResponseDto) => void;
}

/** The id of an option, for the composer's aria-activedescendant. */
export const cannedOptionId = (listId: string, index: number) => `${listId}-option-${index}`;

/**
 * The listbox the composer's `/` opens (the composer keeps the focus and moves the active option with the arrows,
 * WAI-ARIA combobox pattern); a click picks too. Its count is announced politely as it filters.
 */
export function CannedPicker({ id, query, matches, active, onPick }: CannedPickerProps) {
  const translate = useTranslate();
  return (
    <Paper variant="outlined" sx={{ mb: 1, maxHeight: 240, overflowY: 'auto' }} data-testid="canned-picker">
      <Typography variant="caption" component="div" aria-live="polite" sx={{ px: 1.5, pt: 0.75, color: 'text.secondary' }}>
        {matches.length ? translate('cannedResponses.picker.count', { smart_count: matches.length }) : translate('cannedResponses.picker.none', { query })}
      </Typography>
      <List id={id} role="listbox" dense aria-label={translate('cannedResponses.picker.label')} sx={{ py: 0 }}>
        {matches.map((response, index) => (
          <ListItemButton
            key={response.id}
            id={cannedOptionId(id, index)}
            role="option"
            aria-selected={index === active}
            selected={index === active}
            tabIndex={-1}
            // The composer keeps the focus: a press on an option must not take it away before the click picks.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onPick(response)}
          >
            <ListItemText
              primary={response.title}
              secondary={response.body}
              slotProps={{
                primary: { noWrap: true },
                secondary: { noWrap: true, sx: { color: 'text.secondary' } },
              }}
            />
            {response.language && (
              <Typography variant="caption" sx={{ ml: 1, color: 'text.secondary', textTransform: 'uppercase' }} aria-hidden>
                {response.language}
              </Typography>
            )}
          </ListItemButton>
        ))}
      </List>
    </Paper>
  );
}
