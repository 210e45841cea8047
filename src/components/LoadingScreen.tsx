import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { useTranslateMessage } from '../i18n/translateMessage';
import { AUTH_CONTENT_WIDTH, HEADER_HEIGHT_DESKTOP, HEADER_HEIGHT_MOBILE, NAV_WIDTH } from '../theme/themeConstants';

/** What is on its way: the signed-in shell, the sign-in column, or a page inside the shell. */
export type LoadingLayout = 'app' | 'signIn' | 'content';

const ROWS = 6;

/** A page's heading and a table of a few rows, as most screens open. */
function ContentSkeleton() {
  return (
    <>
      <Skeleton variant="text" sx={{ fontSize: '1.5rem', width: 220, mb: 2 }} />
      <Paper variant="outlined" sx={{ px: 2, py: 1 }}>
        <Skeleton variant="text" sx={{ width: '40%', mb: 1 }} />
        {Array.from({ length: ROWS }, (_, row) => (
          <Box key={row} sx={{ display: 'flex', alignItems: 'center', gap: 2, height: 52, borderTop: 1, borderColor: 'divider' }}>
            <Skeleton variant="circular" width={28} height={28} />
            <Skeleton variant="text" sx={{ flex: 2 }} />
            <Skeleton variant="text" sx={{ flex: 1, display: { xs: 'none', sm: 'block' } }} />
            <Skeleton variant="rounded" width={64} height={22} />
          </Box>
        ))}
      </Paper>
    </>
  );
}

/** The signed-in shell: side navigation from lg, top bar, and the page's heading and rows. */
function AppSkeleton() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex' }}>
      <Box
        sx={{
          display: { xs: 'none', lg: 'block' },
          width: NAV_WIDTH,
          flexShrink: 0,
          px: 2,
          py: 3,
          borderRight: 1,
          borderColor: 'divider',
          borderRightStyle: 'dashed',
        }}
      >
        <Skeleton variant="rounded" height={40} sx={{ mb: 4, width: '70%' }} />
        {Array.from({ length: 8 }, (_, item) => (
          <Skeleton key={item} variant="rounded" height={28} sx={{ mb: 2, width: `${85 - (item % 3) * 15}%` }} />
        ))}
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ height: { xs: HEADER_HEIGHT_MOBILE, lg: HEADER_HEIGHT_DESKTOP }, display: 'flex', alignItems: 'center', gap: 1.5, px: { xs: 2, lg: 5 } }}>
          <Skeleton variant="circular" width={32} height={32} sx={{ display: { lg: 'none' } }} />
          <Box sx={{ flex: 1 }} />
          {[0, 1, 2].map((icon) => (
            <Skeleton key={icon} variant="circular" width={32} height={32} />
          ))}
        </Box>
        <Box sx={{ px: { xs: 2, sm: 3, lg: 5 }, py: { xs: 2, lg: 3 } }}>
          <ContentSkeleton />
        </Box>
      </Box>
    </Box>
  );
}

/** The sign-in layout's header and its column with two fields and a button. */
function SignInSkeleton() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Box sx={{ height: { xs: HEADER_HEIGHT_MOBILE, lg: HEADER_HEIGHT_DESKTOP }, px: { xs: 2, md: 5 }, display: 'flex', alignItems: 'center', gap: 1 }}>
        <Skeleton variant="rounded" width={140} height={36} />
        <Box sx={{ flex: 1 }} />
        <Skeleton variant="circular" width={32} height={32} />
      </Box>
      <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', px: 2, py: 4 }}>
        <Paper variant="outlined" sx={{ width: '100%', maxWidth: AUTH_CONTENT_WIDTH, p: { xs: 3, sm: 5 } }}>
          <Skeleton variant="text" sx={{ fontSize: '2rem', width: '60%' }} />
          <Skeleton variant="text" sx={{ width: '80%', mb: 3 }} />
          <Skeleton variant="rounded" height={56} sx={{ mb: 3 }} />
          <Skeleton variant="rounded" height={56} sx={{ mb: 3 }} />
          <Skeleton variant="rounded" height={48} />
        </Paper>
      </Box>
    </Box>
  );
}

/**
 * The fallback while code or data arrives: the shape of what is coming rather than a spinner on a blank page.
 * One busy progress bar named "Loading…" to assistive technology; its shapes are decoration.
 */
export function LoadingScreen({ layout = 'content' }: { layout?: LoadingLayout }) {
  const translate = useTranslateMessage();
  return (
    <Box
      role="progressbar"
      aria-busy="true"
      aria-label={translate('app.loading')}
      data-testid="loading-skeleton"
      data-layout={layout}
      sx={{ bgcolor: 'background.default' }}
    >
      {layout === 'app' ? <AppSkeleton /> : layout === 'signIn' ? <SignInSkeleton /> : <ContentSkeleton />}
    </Box>
  );
}
