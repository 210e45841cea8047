import OutlinedFlag from '@mui/icons-material/OutlinedFlag';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useQuestionTexts } from './questionTexts';

/**
 * Staff's comment on one question from the last reopen, shown beside it; a question flagged in a review round
 * returned for changes says so in words and with a flag (not by colour alone).
 */
export function StaffComment({ text, flagged = false }: { text: string; flagged?: boolean }) {
  const translate = useQuestionTexts();
  return (
    <Alert
      severity={flagged ? 'warning' : 'info'}
      icon={flagged ? <OutlinedFlag fontSize="inherit" /> : undefined}
      role="note"
      sx={{ mt: 1 }}
      data-question-comment
      data-flagged={flagged || undefined}
    >
      <AlertTitle>{translate(flagged ? 'formFiller.review.flaggedComment' : 'formFiller.question.comment')}</AlertTitle>
      {text}
    </Alert>
  );
}
