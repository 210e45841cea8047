import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useQuestionTexts } from './questionTexts';

/** Staff's comment on one question from the last reopen, shown beside it. */
export function StaffComment({ text }: { text: string }) {
  const translate = useQuestionTexts();
  return (
    <Alert severity="info" role="note" sx={{ mt: 1 }} data-question-comment>
      <AlertTitle>{translate('formFiller.question.comment')}</AlertTitle>
      {text}
    </Alert>
  );
}
