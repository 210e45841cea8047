import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslateMessage } from '../i18n/translateMessage';

function BrandMark() {
  return (
    <svg width="36" height="36" viewBox="0 0 36 36" aria-hidden="true">
      <rect width="36" height="36" rx="8" fill="#1877F2" />
      <path d="M10 26V10h8.5a5.5 5.5 0 0 1 0 11H14" fill="none" stroke="#FFFFFF" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="25" cy="25" r="3" fill="#FFFFFF" />
    </svg>
  );
}

/**
 * The logo block: mark, name and tagline, linking home. The link is the name alone (its accessible name must
 * contain the text it shows), stretched over the block so the mark and tagline open home too.
 */
export function Brand({ taglineOnPhones = true }: { taglineOnPhones?: boolean }) {
  const translate = useTranslateMessage();
  return (
    <Box data-testid="brand" sx={{ position: 'relative', display: 'inline-flex', alignItems: 'center', gap: 1.5, color: 'text.primary' }}>
      <BrandMark />
      <Box>
        <Typography
          variant="subtitle1"
          component={RouterLink}
          to="/"
          aria-label={translate('app.brand.home')}
          sx={{
            display: 'block',
            fontWeight: 700,
            lineHeight: 1.2,
            color: 'inherit',
            textDecoration: 'none',
            '&::after': { content: '""', position: 'absolute', inset: 0 },
          }}
        >
          {translate('app.brand.name')}
        </Typography>
        <Typography
          variant="caption"
          component="span"
          sx={{ display: { xs: taglineOnPhones ? 'block' : 'none', sm: 'block' }, color: 'text.secondary', lineHeight: 1.3 }}
        >
          {translate('app.brand.tagline')}
        </Typography>
      </Box>
    </Box>
  );
}
