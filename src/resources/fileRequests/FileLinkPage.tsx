import { useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { RedirectToNotFound } from '../../admin/RedirectToNotFound';
import { fetchFileLinkView, refusalOf } from './fileLinkApi';
import { FileLinkRefusal } from './FileLinkRefusal';
import { FileLinkView } from './FileLinkView';
import { FilePageShell } from './FilePageShell';

/** /file-request/view?token=…, outside the layout: the file a signed link opens, or why it opens none. */
export default function FileLinkPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  if (!token) return <RedirectToNotFound />;
  return (
    <FilePageShell>
      <OpenedLink key={token} token={token} />
    </FilePageShell>
  );
}

function OpenedLink({ token }: { token: string }) {
  const translate = useTranslate();
  // Asked once per page: the answer counts a visit, and a later refusal is the countdown's to show.
  const { data, error, isPending, refetch, isFetching } = useQuery({
    queryKey: ['file-link-view', token],
    queryFn: ({ signal }) => fetchFileLinkView(token, signal),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  if (data) return <FileLinkView view={data} />;
  const refusal = error ? refusalOf(error) : null;
  if (refusal) return <FileLinkRefusal refusal={refusal} />;
  if (error && !isFetching)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void refetch()}>
            {translate('fileAccess.retry')}
          </Button>
        }
      >
        {translate('fileAccess.page.loadFailed')}
      </Alert>
    );
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 10 }}>
      {(isPending || isFetching) && <CircularProgress aria-label={translate('fileAccess.page.loading')} />}
    </Box>
  );
}
