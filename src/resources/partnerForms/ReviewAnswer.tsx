import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLocaleState, useTranslate } from 'react-admin';
import type { AnswerFile, AnswerValue, FormQuestion } from '../../../contract/forms';
import type { OpenAnswerFile } from '../../components/questions';
import { answerLine } from './reviewApi';

const filesOf = (value: AnswerValue | undefined): AnswerFile[] =>
  (Array.isArray(value) ? value : value ? [value] : []).filter((item): item is AnswerFile => typeof item === 'object' && item !== null);

/** An answer as the review shows it: text in a line, a file answer as links that open each file as the reading does. */
export function ReviewAnswer({ question, value, openFile }: { question: FormQuestion; value: AnswerValue | undefined; openFile: OpenAnswerFile }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const files = question.type === 'file' || question.type === 'files' ? filesOf(value) : [];
  if (!files.length) {
    return (
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line', mb: 1 }}>
        {answerLine(value, translate, question, locale)}
      </Typography>
    );
  }
  return (
    <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0, mb: 1 }} aria-label={question.label}>
      {files.map((file) => (
        <Stack component="li" key={file.id} direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
          <InsertDriveFileOutlined fontSize="small" color="action" />
          <Link
            component="button"
            type="button"
            variant="body2"
            onClick={() => openFile(file)}
            sx={{ minWidth: 0, overflowWrap: 'anywhere', textAlign: 'left' }}
          >
            {file.name}
          </Link>
        </Stack>
      ))}
    </Stack>
  );
}
