import Replay from '@mui/icons-material/Replay';
import Card from '@mui/material/Card';
import List from '@mui/material/List';
import { useTranslate } from 'react-admin';
import type { AccessibleFileDto } from '../../../../contract/files';
import { FileListItem } from './AccessibleFileFacts';
import { ListSection } from './ListSection';

/** Files whose access has ended (and none is in force): each can be asked for again. Hidden when there are none. */
export function EndedFilesSection({ files, onAskAgain }: { files: AccessibleFileDto[]; onAskAgain: (file: AccessibleFileDto) => void }) {
  const translate = useTranslate();
  if (!files.length) return null;
  return (
    <ListSection id="ended-files" title={translate('fileAccess.ended.title')}>
      <Card variant="outlined">
        <List disablePadding aria-label={translate('fileAccess.ended.label')}>
          {files.map((file) => (
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
          ))}
        </List>
      </Card>
    </ListSection>
  );
}
