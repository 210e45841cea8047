import { useState } from 'react';
import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useGetList, useRefresh, useTranslate } from 'react-admin';
import { PageHeading } from '../../../layout/PageHeading';
import type { LiveResourceMeta } from '../../../realtime/resourceChanges';
import { CurrentFilesSection } from './CurrentFilesSection';
import { EndedFilesSection } from './EndedFilesSection';
import { FileRequestDialog } from './FileRequestDialog';
import { ACCESSIBLE_FILES, type AccessibleFileRow } from './ownFilesApi';
import { OwnRequestsSection } from './OwnRequestsSection';
import { SERVER_ORDER } from './usePagedList';

/** Files whose access ended that the page offers to ask for again (one page; the oldest matter least). */
const ENDED_SHOWN = 50;
const endedMeta: LiveResourceMeta = { liveResource: 'file-grants' };

/** A partner's /accessible-files: the files they may open now, those whose access ended, and their requests. */
export default function OwnFilesPage() {
  const translate = useTranslate();
  const refresh = useRefresh();
  // null: closed; otherwise the dialog, with the file "Ask again" was pressed on (if any).
  const [asking, setAsking] = useState<{ fileId: string | null } | null>(null);
  const { data: ended } = useGetList<AccessibleFileRow>(ACCESSIBLE_FILES, {
    pagination: { page: 1, perPage: ENDED_SHOWN },
    sort: SERVER_ORDER,
    filter: { include: 'ended' },
    meta: endedMeta,
  });
  const endedFiles = ended ?? [];

  return (
    <>
      <PageHeading title={translate('fileAccess.title')}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1, justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
          <Typography sx={{ color: 'text.secondary' }}>{translate('fileAccess.description')}</Typography>
          <Button
            variant="contained"
            startIcon={<Add />}
            onClick={() => setAsking({ fileId: null })}
            sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'auto' } }}
          >
            {translate('fileAccess.requests.new')}
          </Button>
        </Stack>
      </PageHeading>
      <CurrentFilesSection onRequest={() => setAsking({ fileId: null })} />
      <EndedFilesSection files={endedFiles} onAskAgain={(file) => setAsking({ fileId: file.fileId })} />
      <OwnRequestsSection />
      {asking && (
        <FileRequestDialog
          endedFiles={endedFiles}
          fileId={asking.fileId}
          onClose={() => setAsking(null)}
          onSent={() => {
            setAsking(null);
            refresh();
          }}
        />
      )}
    </>
  );
}
