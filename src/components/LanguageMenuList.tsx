import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { LANGUAGES, type Language } from '../../contract/http';
import { useTranslateMessage } from '../i18n/translateMessage';
import { FlagIcon } from './FlagIcon';

export interface LanguageMenuListProps {
  anchor: HTMLElement | null;
  language: Language;
  onChoose: (language: Language) => void;
  onClose: () => void;
}

/** The language choices, loaded when the menu is first wanted (see LanguageMenu). */
export default function LanguageMenuList({ anchor, language, onChoose, onClose }: LanguageMenuListProps) {
  const translate = useTranslateMessage();
  return (
    <Menu
      anchorEl={anchor}
      open={!!anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      {LANGUAGES.map((option) => (
        <MenuItem key={option} selected={option === language} data-testid={`language-${option}`} onClick={() => onChoose(option)}>
          <ListItemIcon>
            <FlagIcon language={option} />
          </ListItemIcon>
          <ListItemText>{translate(`app.language.${option}`)}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
