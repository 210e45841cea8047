import { lazy, Suspense, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import type { Language } from '../../contract/http';
import { useTranslateMessage } from '../i18n/translateMessage';
import { languagePreference } from '../preferences/language';
import { FlagIcon } from './FlagIcon';

/* The popup (MUI Menu, Popover, Modal) is loaded on first use, keeping it out of the sign-in page's budget. */
const loadMenuList = () => import('./LanguageMenuList');
const LanguageMenuList = lazy(loadMenuList);

/**
 * The flag menu of the top bar and the sign-in header. It stores the choice; the admin passes
 * `onChange` to switch react-admin's locale as well.
 */
export function LanguageMenu({ onChange }: { onChange?: (language: Language) => void }) {
  const translate = useTranslateMessage();
  const language = languagePreference.useValue();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [wanted, setWanted] = useState(false);

  const choose = (next: Language) => {
    setAnchor(null);
    languagePreference.set(next);
    onChange?.(next);
  };

  return (
    <>
      <IconButton
        aria-label={translate('app.language.label')}
        aria-haspopup="menu"
        data-testid="language-menu"
        onPointerEnter={loadMenuList}
        onFocus={loadMenuList}
        onClick={(event) => {
          setWanted(true);
          setAnchor(event.currentTarget);
        }}
        sx={{ width: 40, height: 40 }}
      >
        <FlagIcon language={language} size={26} />
      </IconButton>
      {wanted && (
        <Suspense fallback={null}>
          <LanguageMenuList anchor={anchor} language={language} onChoose={choose} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
