import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { FileLinkViewDto } from '../../../contract/files';
import { formatBytes } from '../../components/attachments/attachmentRules';
import { PageHeading } from '../../layout/PageHeading';
import { fileTypeKey } from '../accessibleFiles/own/fileFacts';
import { FileLinkRefusal } from './FileLinkRefusal';
import { formatCountdown, useCountdown } from './useCountdown';

/** An opened link: the file's facts, the time the link has left, the file shown inline (PDF, image) and its download. */
export function FileLinkView({ view }: { view: FileLinkViewDto }) {
  const translate = useTranslate();
  const left = useCountdown(view.expiresAt);
  // The content URLs die with the link: from then on the page says so rather than show a half-usable file.
  if (left === 0) return <FileLinkRefusal refusal="expired" />;
  const facts: [string, string][] = [
    [translate('fileAccess.page.type'), translate(fileTypeKey(view.contentType))],
    [translate('fileAccess.page.size'), formatBytes(view.size)],
  ];
  if (!view.viewOnly)
    facts.push([translate('fileAccess.page.downloadsLeft'), view.downloadsLeft === null ? translate('fileAccess.page.unlimited') : String(view.downloadsLeft)]);
  const shown = view.inline && view.contentUrl;
  return (
    <>
      <PageHeading title={view.fileName}>
        <Box
          component="dl"
          aria-label={translate('fileAccess.page.details')}
          sx={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 2, rowGap: 0.5, mt: 2, mb: 0, '& dd': { m: 0 } }}
        >
          {facts.map(([term, value]) => (
            <Box key={term} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                {term}
              </Typography>
              <Typography component="dd" variant="body2">
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        <Typography variant="body2" sx={{ mt: 1, fontWeight: 600 }} data-testid="link-countdown">
          {translate('fileAccess.page.linkExpires', { time: formatCountdown(left) })}
        </Typography>
      </PageHeading>
      {view.viewOnly && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('fileAccess.page.viewOnly')}
        </Alert>
      )}
      {!shown && (
        <Alert severity={view.downloadUrl ? 'info' : 'warning'} sx={{ mb: 2 }}>
          {translate(view.downloadUrl ? 'fileAccess.page.notShown' : 'fileAccess.page.notShownViewOnly')}
        </Alert>
      )}
      {view.downloadUrl && (
        <Button component="a" href={view.downloadUrl} download={view.fileName} variant="contained" startIcon={<Download />} sx={{ mb: 2 }}>
          {translate('fileAccess.page.download')}
        </Button>
      )}
      {shown && <FilePreview view={view} contentUrl={view.contentUrl!} />}
    </>
  );
}

function FilePreview({ view, contentUrl }: { view: FileLinkViewDto; contentUrl: string }) {
  const translate = useTranslate();
  const label = translate('fileAccess.page.preview', { name: view.fileName });
  if (view.contentType === 'application/pdf')
    return (
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Box component="iframe" src={contentUrl} title={label} sx={{ display: 'block', width: '100%', height: { xs: '70vh', md: '80vh' }, border: 0 }} />
      </Paper>
    );
  return (
    <Paper variant="outlined" sx={{ p: 1, textAlign: 'center' }}>
      <Box component="img" src={contentUrl} alt={label} sx={{ maxWidth: '100%', height: 'auto', display: 'inline-block' }} />
    </Paper>
  );
}
