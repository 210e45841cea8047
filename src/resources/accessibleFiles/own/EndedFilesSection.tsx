import { useMemo } from 'react';
import HourglassTop from '@mui/icons-material/HourglassTop';
import Replay from '@mui/icons-material/Replay';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import { useGetList, useTranslate } from 'react-admin';
import type { AccessibleFileDto, FileRequestDto } from '../../../../contract/files';
import type { LiveResourceMeta } from '../../../realtime/resourceChanges';
import { FileListItem } from './AccessibleFileFacts';
import { ListSection } from './ListSection';

const requestsMeta: LiveResourceMeta = { liveResource: 'file-requests' };

/**
 * Files whose access has ended (and none is in force): each can be asked for again, unless a request for it
 * is already waiting. Hidden when there are none.
 */
export function EndedFilesSection({ files, onAskAgain }: { files: AccessibleFileDto[]; onAskAgain: (file: AccessibleFileDto) => void }) {
  const translate = useTranslate();
  const waiting = useWaitingFileIds(files.length > 0);
  if (!files.length) return null;
  return (
    <ListSection id="ended-files" title={translate('fileAccess.ended.title')}>
      <Card variant="outlined">
        <List disablePadding aria-label={translate('fileAccess.ended.label')}>
          {files.map((file) =>
            waiting.has(file.fileId) ? (
              <FileListItem key={file.fileId} file={file} ended>
                <Chip
                  icon={<HourglassTop />}
                  variant="outlined"
                  color="warning"
                  label={translate('fileAccess.ended.pending')}
                  sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
                />
              </FileListItem>
            ) : (
              <FileListItem
                key={file.fileId}
                file={file}
                ended
                action={{
                  label: translate('fileAccess.ended.askAgain', { name: file.fileName }),
                  text: translate('fileAccess.ended.askAgainShort'),
                  icon: <Replay />,
                  variant: 'outlined',
                  onClick: () => onAskAgain(file),
                }}
              />
            ),
          )}
        </List>
      </Card>
    </ListSection>
  );
}

/** The files the partner's requests still waiting for a decision ask for. */
function useWaitingFileIds(enabled: boolean): Set<string> {
  const { data } = useGetList<FileRequestDto>(
    'file-requests',
    { pagination: { page: 1, perPage: 100 }, sort: { field: 'createdAt', order: 'DESC' }, filter: { status: 'PENDING' }, meta: requestsMeta },
    { enabled },
  );
  return useMemo(() => new Set((data ?? []).flatMap((request) => (request.status === 'PENDING' && request.fileId ? [request.fileId] : []))), [data]);
}
