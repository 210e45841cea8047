import { Link as RouterLink } from 'react-router-dom';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { FileLinkRefusal as Refusal } from '../../../contract/files';
import { PageHeading } from '../../layout/PageHeading';
import { FILES_ROUTE } from './FilePageShell';

/** Why a link opens no file, in the reader's language, with the way back to their files. Never shows the file. */
export function FileLinkRefusal({ refusal }: { refusal: Refusal }) {
  const translate = useTranslate();
  return (
    <Box sx={{ maxWidth: 560, mx: 'auto', py: { xs: 4, md: 8 }, textAlign: 'center' }} data-testid={`file-link-${refusal}`}>
      <BlockOutlined sx={{ fontSize: 56, color: 'text.secondary', mb: 2 }} aria-hidden />
      <PageHeading title={translate(`fileAccess.refusal.${refusal}.title`)}>
        <Typography sx={{ color: 'text.secondary', mt: 2 }}>{translate(`fileAccess.refusal.${refusal}.body`)}</Typography>
      </PageHeading>
      <Button component={RouterLink} to={FILES_ROUTE} variant="contained" size="large">
        {translate('fileAccess.refusal.toFiles')}
      </Button>
    </Box>
  );
}
