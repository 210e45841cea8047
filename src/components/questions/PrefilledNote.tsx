import LockOutlined from '@mui/icons-material/LockOutlined';
import AutoFixHighOutlined from '@mui/icons-material/AutoFixHighOutlined';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { QuestionPrefill } from '../../../contract/forms';
import { useQuestionTexts } from './questionTexts';

/** Says that an answer was filled in for the partner (from its record or an accepted form), and whether it is locked. */
export function PrefilledNote({ prefill }: { prefill: QuestionPrefill }) {
  const translate = useQuestionTexts();
  const key = `formFiller.prefill.${prefill.source}${prefill.locked ? 'Locked' : ''}`;
  return (
    <Stack direction="row" spacing={0.75} sx={{ mt: 0.5, alignItems: 'center', color: 'text.secondary' }} data-question-prefilled>
      {prefill.locked ? <LockOutlined fontSize="inherit" aria-hidden /> : <AutoFixHighOutlined fontSize="inherit" aria-hidden />}
      <Typography variant="caption">{translate(key)}</Typography>
    </Stack>
  );
}
