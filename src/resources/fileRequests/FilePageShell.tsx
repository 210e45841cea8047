import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { useTranslate } from 'react-admin';

/** Where "back" goes from the file page: the user's list of files. */
export const FILES_ROUTE = '/accessible-files';

/** The file page outside the main layout: a header with the way back to the files, and the main content. */
export function FilePageShell({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Box component="header" sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
        <Container maxWidth="lg" sx={{ py: 1, px: { xs: 1.5, sm: 3 } }}>
          <Button component={RouterLink} to={FILES_ROUTE} startIcon={<ArrowBack />} size="small">
            {translate('fileAccess.page.back')}
          </Button>
        </Container>
      </Box>
      <Container component="main" maxWidth="lg" sx={{ py: { xs: 2, sm: 4 }, px: { xs: 1.5, sm: 3 } }}>
        {children}
      </Container>
    </Box>
  );
}
