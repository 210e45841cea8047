import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { TEXT_PREVIEW_TYPES, type FileLinkViewDto } from '../../../contract/files';
import { formatBytes } from '../../components/attachments/attachmentRules';
import { PageHeading } from '../../layout/PageHeading';
import { fileTypeKey } from '../accessibleFiles/own/fileFacts';
import { FileLinkRefusal } from './FileLinkRefusal';
import { formatCountdown, useCountdown } from './useCountdown';

/** An opened link: the file's facts, the time the link has left, the file shown inline (PDF, image, text) and its download. */
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
  if (TEXT_PREVIEW_TYPES.includes(view.contentType)) return <TextPreview contentUrl={contentUrl} label={label} />;
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

/**
 * A text file shown as text: read through the opening's content URL and put in the page as a string (React
 * escapes it, nothing in it runs), in a region that takes focus so a keyboard can scroll it.
 */
function TextPreview({ contentUrl, label }: { contentUrl: string; label: string }) {
  const translate = useTranslate();
  const { data, isError } = useQuery({
    queryKey: ['file-link-text', contentUrl],
    queryFn: async ({ signal }) => {
      const answer = await fetch(contentUrl, { signal });
      if (!answer.ok) throw new Error(String(answer.status));
      return answer.text();
    },
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  if (isError) return <Alert severity="error">{translate('fileAccess.page.textFailed')}</Alert>;
  if (data === undefined) return <CircularProgress size={24} aria-label={translate('fileAccess.page.loading')} />;
  return (
    <Paper
      variant="outlined"
      component="pre"
      role="region"
      aria-label={label}
      tabIndex={0}
      data-testid="file-text-preview"
      sx={{
        m: 0,
        p: 2,
        maxHeight: { xs: '70vh', md: '80vh' },
        overflow: 'auto',
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
        fontFamily: 'monospace',
        fontSize: 14,
      }}
    >
      {data}
    </Paper>
  );
}
