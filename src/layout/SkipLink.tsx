import Box from '@mui/material/Box';
import { useTranslate } from 'react-admin';

export const MAIN_CONTENT_ID = 'main-content';

/**
 * "Skip to main content": the first thing Tab reaches, hidden until focused, moving the focus to <main> so
 * keyboard users do not walk through the whole navigation on every page.
 */
export function SkipLink() {
  const translate = useTranslate();
  return (
    <Box
      component="a"
      href={`#${MAIN_CONTENT_ID}`}
      data-testid="skip-link"
      onClick={(event) => {
        event.preventDefault();
        // Focusing scrolls the main content into view; the address keeps no #fragment for the router to see.
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
      sx={{
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1.5,
        borderRadius: 1,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        fontWeight: 600,
        textDecoration: 'none',
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none', outline: '3px solid', outlineColor: 'primary.contrastText', outlineOffset: -5 },
      }}
    >
      {translate('app.skipToContent')}
    </Box>
  );
}
