import { useEffect, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';

/** A page's title, also the browser tab's. */
export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  const translate = useTranslate();
  const brand = translate('app.brand.name');
  useEffect(() => {
    document.title = `${title} | ${brand}`;
  }, [title, brand]);
  return (
    <Box sx={{ mb: { xs: 3, md: 5 } }}>
      {/* Smaller on phones, so a long title does not push the page's content below the fold. */}
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, fontSize: { xs: '1.625rem', sm: '2.125rem' }, overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
