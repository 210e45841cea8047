import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { AccessibleFileDto } from '../../../../contract/files';
import { EntityPagination } from '../../../entityTable/EntityPagination';
import { ApiError } from '../../../providers/http';
import { FileListItem } from './AccessibleFileFacts';
import { ListFailure, ListSection } from './ListSection';
import { ACCESSIBLE_FILES, mintFileLink, type AccessibleFileRow } from './ownFilesApi';
import { usePagedList } from './usePagedList';

/** The files the user may open now; Open mints a 15-minute link and goes to its page. */
export function CurrentFilesSection({ onRequest }: { onRequest: () => void }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { data, isPending, isFetching, error, refetch, pager } = usePagedList<AccessibleFileRow>(ACCESSIBLE_FILES, {
    filter: { include: 'current' },
    liveResource: 'file-grants',
  });
  const [opening, setOpening] = useState<string | null>(null);
  const [openFailure, setOpenFailure] = useState<string | null>(null);

  const open = async (file: AccessibleFileDto) => {
    setOpening(file.fileId);
    setOpenFailure(null);
    try {
      navigate((await mintFileLink(file.fileId)).url);
    } catch (failure) {
      setOpenFailure(failure instanceof ApiError ? failure.message : translate('fileAccess.current.openFailed'));
      setOpening(null);
      // The file may have gone (revoked, ended): the list shows what is left.
      void refetch();
    }
  };

  const files = data ?? [];
  return (
    <ListSection id="current-files" title={translate('fileAccess.current.title')}>
      <Card variant="outlined">
        <Box sx={{ height: 4 }}>
          {(isFetching || opening) && <LinearProgress aria-label={translate(opening ? 'fileAccess.current.opening' : 'fileAccess.loading')} />}
        </Box>
        {openFailure && (
          <Alert severity="error" sx={{ mx: 2, mb: 1 }} onClose={() => setOpenFailure(null)}>
            {openFailure}
          </Alert>
        )}
        {error && !data ? (
          <ListFailure onRetry={() => void refetch()} />
        ) : !isPending && files.length === 0 ? (
          <Box sx={{ py: 5, px: 2, textAlign: 'center' }}>
            <Typography sx={{ fontWeight: 600 }}>{translate('fileAccess.current.empty')}</Typography>
            <Typography sx={{ color: 'text.secondary', mb: 2 }}>{translate('fileAccess.current.emptyHint')}</Typography>
            <Button variant="outlined" onClick={onRequest}>
              {translate('fileAccess.current.emptyAction')}
            </Button>
          </Box>
        ) : (
          <List disablePadding aria-label={translate('fileAccess.current.label')}>
            {files.map((file) => (
              <FileListItem
                key={file.fileId}
                file={file}
                action={{
                  label: translate('fileAccess.current.open', { name: file.fileName }),
                  text: translate('fileAccess.current.openShort'),
                  icon: <OpenInNew />,
                  variant: 'contained',
                  disabled: opening !== null,
                  onClick: () => void open(file),
                }}
              />
            ))}
          </List>
        )}
        {pager.total > pager.perPage || pager.page > 1 ? <EntityPagination {...pager} /> : null}
      </Card>
    </ListSection>
  );
}
