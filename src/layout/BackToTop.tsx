import KeyboardArrowUp from '@mui/icons-material/KeyboardArrowUp';
import Fab from '@mui/material/Fab';
import useScrollTrigger from '@mui/material/useScrollTrigger';
import Zoom from '@mui/material/Zoom';
import { useTranslate } from 'react-admin';
import { BACK_TO_TOP_THRESHOLD } from '../theme/themeConstants';

/** Appears once the page is scrolled more than 200px. */
export function BackToTop() {
  const translate = useTranslate();
  const scrolled = useScrollTrigger({ disableHysteresis: true, threshold: BACK_TO_TOP_THRESHOLD });
  return (
    <Zoom in={scrolled}>
      <Fab
        size="small"
        color="primary"
        aria-label={translate('app.backToTop')}
        data-testid="back-to-top"
        onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        sx={{ position: 'fixed', right: 24, bottom: 24 }}
      >
        <KeyboardArrowUp />
      </Fab>
    </Zoom>
  );
}
