import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslateMessage } from '../i18n/translateMessage';

/** The fallback while a lazily loaded page arrives. */
export function LoadingScreen({ fullHeight = false }: { fullHeight?: boolean }) {
  const translate = useTranslateMessage();
  return (
    <Box
      role="progressbar"
      aria-label={translate('app.loading')}
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: fullHeight ? '100vh' : 240 }}
    >
      <CircularProgress />
    </Box>
  );
}
