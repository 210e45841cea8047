import { useEffect } from 'react';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, Navigate, useParams } from 'react-router-dom';
import { staffPartnerFormRoute } from '../../../contract/forms';
import { apiPaths } from '../../config/apiPaths';
import { routePaths } from '../../config/routePaths';
import { PageHeading } from '../../layout/PageHeading';
import { ApiError, apiDownload, saveFile } from '../../providers/http';

/**
 * One file answering a partner form (/partner-forms/{id}/files/{fileId}), the page the CSV export links to:
 * it downloads the file through the API once, so the partner form's access rules decide (no access: not found).
 */
export default function PartnerFormFilePage() {
  const translate = useTranslate();
  const { id = '', fileId = '' } = useParams();
  const { data, error, isPending } = useQuery({
    queryKey: ['partner-forms', id, 'files', fileId],
    queryFn: async ({ signal }) => {
      const { blob, fileName } = await apiDownload(`${apiPaths.resourceItem('partner-forms', id)}/files/${encodeURIComponent(fileId)}`, { signal });
      return { blob, fileName: fileName ?? fileId };
    },
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

  // Saved once when it arrives; "Download again" saves the same bytes.
  useEffect(() => {
    if (data) saveFile(data.blob, data.fileName);
  }, [data]);

  if (error instanceof ApiError && (error.status === 404 || error.status === 403)) return <Navigate to={routePaths.notFound} replace />;
  return (
    <>
      <PageHeading title={translate('partnerForms.file.title')} />
      <Card variant="outlined" data-testid="partner-form-file">
        <CardContent>
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            {isPending && (
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
                <CircularProgress size={20} aria-hidden />
                <Typography>{translate('partnerForms.file.loading')}</Typography>
              </Stack>
            )}
            {data && (
              <Typography role="status" data-testid="partner-form-file-saved">
                {translate('partnerForms.file.saved', { name: data.fileName })}
              </Typography>
            )}
            {error && <Alert severity="error">{error.message || translate('partnerForms.file.failed')}</Alert>}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              {data && (
                <Button variant="contained" startIcon={<DownloadOutlined />} onClick={() => saveFile(data.blob, data.fileName)}>
                  {translate('partnerForms.file.again')}
                </Button>
              )}
              <Button component={RouterLink} to={staffPartnerFormRoute(id)}>
                {translate('partnerForms.file.openForm')}
              </Button>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
    </>
  );
}
