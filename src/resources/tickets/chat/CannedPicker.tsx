import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { PickerOption } from './pickerOptions';

interface CannedPickerProps {
  id: string;
  query: string;
  /** The canned responses that match, then the help articles (each twice: its link, its text). */
  options: PickerOption[];
  active: number;
  onPick: (option: PickerOption) => void;
}

/** The id of an option, for the composer's aria-activedescendant. */
export const cannedOptionId = (listId: string, index: number) => `${listId}-option-${index}`;

function OptionText({ option }: { option: PickerOption }) {
  const translate = useTranslate();
  if (option.kind === 'canned') {
    return (
      <>
        <ListItemText
          primary={option.response.title}
          secondary={option.response.body}
          slotProps={{
            primary: { noWrap: true },
            secondary: { noWrap: true, sx: { color: 'text.secondary' } },
          }}
        />
        {option.response.language && (
          <Typography variant="caption" sx={{ ml: 1, color: 'text.secondary', textTransform: 'uppercase' }} aria-hidden>
            {option.response.language}
          </Typography>
        )}
      </>
    );
  }
  return (
    <ListItemText
      primary={option.hit.title}
      secondary={translate(option.as === 'link' ? 'helpCenter.picker.insertLink' : 'helpCenter.picker.insertText')}
      slotProps={{ primary: { noWrap: true, lang: option.hit.language }, secondary: { noWrap: true, sx: { color: 'text.secondary' } } }}
    />
  );
}

/**
 * The listbox the composer's `/` opens (the composer keeps the focus and moves the active option with the arrows,
 * WAI-ARIA combobox pattern); a click picks too. Canned responses come first, then help articles (issue 39) in a
 * group of their own. Its count is announced politely as it filters.
 */
export function CannedPicker({ id, query, options, active, onPick }: CannedPickerProps) {
  const translate = useTranslate();
  const cannedCount = options.filter((option) => option.kind === 'canned').length;
  const firstArticle = options.findIndex((option) => option.kind === 'article');
  const optionAt = (option: PickerOption, index: number) => (
    <ListItemButton
      key={option.kind === 'canned' ? option.response.id : `${option.hit.id}-${option.as}`}
      id={cannedOptionId(id, index)}
      role="option"
      aria-selected={index === active}
      selected={index === active}
      tabIndex={-1}
      // The composer keeps the focus: a press on an option must not take it away before the click picks.
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => onPick(option)}
    >
      <OptionText option={option} />
    </ListItemButton>
  );
  return (
    <Paper variant="outlined" sx={{ mb: 1, maxHeight: 240, overflowY: 'auto' }} data-testid="canned-picker">
      <Typography variant="caption" component="div" aria-live="polite" sx={{ px: 1.5, pt: 0.75, color: 'text.secondary' }}>
        {cannedCount ? translate('cannedResponses.picker.count', { smart_count: cannedCount }) : translate('cannedResponses.picker.none', { query })}
      </Typography>
      <List id={id} role="listbox" dense aria-label={translate('cannedResponses.picker.label')} sx={{ py: 0 }}>
        {options.slice(0, firstArticle < 0 ? options.length : firstArticle).map(optionAt)}
        {firstArticle >= 0 && (
          <Box role="group" aria-labelledby={`${id}-articles`} data-testid="picker-articles">
            <ListSubheader id={`${id}-articles`} role="presentation" disableSticky sx={{ lineHeight: 2 }}>
              {translate('helpCenter.picker.articles')}
            </ListSubheader>
            {options.slice(firstArticle).map((option, index) => optionAt(option, firstArticle + index))}
          </Box>
        )}
      </List>
    </Paper>
  );
}
