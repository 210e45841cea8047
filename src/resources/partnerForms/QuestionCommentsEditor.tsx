import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { placedQuestions } from '../../../contract/answers';
import type { FormSection } from '../../../contract/forms';
import { PARTNER_FORM_COMMENT_MAX } from '../../../contract/schemas/partnerForms';

export interface CommentDraft {
  /** A stable id for React while the question is still unchosen. */
  id: number;
  questionKey: string;
  text: string;
}

interface QuestionCommentsEditorProps {
  sections: readonly FormSection[];
  comments: CommentDraft[];
  onChange: (comments: CommentDraft[]) => void;
  /** Show what is missing (after a try to send). */
  showErrors: boolean;
}

/** A comment is complete when it names a question and says something within the limit. */
export const commentProblem = (comment: CommentDraft) =>
  !comment.questionKey
    ? 'partnerForms.reopen.questionRequired'
    : !comment.text.trim()
      ? 'partnerForms.reopen.commentRequired'
      : comment.text.length > PARTNER_FORM_COMMENT_MAX
        ? 'partnerForms.reopen.commentTooLong'
        : null;

let nextId = 1;
export const newCommentDraft = (questionKey = '', text = ''): CommentDraft => ({ id: nextId++, questionKey, text });

/**
 * Staff's comments on single questions of a reopened partner form ("the tax number is missing a digit"): a
 * question of any section and the text the partner will read beside it. One comment per question.
 */
export function QuestionCommentsEditor({ sections, comments, onChange, showErrors }: QuestionCommentsEditorProps) {
  const translate = useTranslate();
  const titles = new Map(sections.map((section) => [section.key, section.title]));
  const questions = placedQuestions(sections);
  const update = (id: number, change: Partial<CommentDraft>) => onChange(comments.map((c) => (c.id === id ? { ...c, ...change } : c)));
  return (
    <Stack spacing={2} data-testid="question-comments">
      <Typography variant="subtitle2">{translate('partnerForms.reopen.comments')}</Typography>
      {comments.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {translate('partnerForms.reopen.noComments')}
        </Typography>
      )}
      {comments.map((comment, index) => {
        const taken = new Set(comments.filter((c) => c.id !== comment.id).map((c) => c.questionKey));
        const problem = showErrors ? commentProblem(comment) : null;
        const position = index + 1;
        return (
          <Box key={comment.id} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }} data-testid="question-comment">
            <Stack spacing={1.5} sx={{ flex: 1, minWidth: 0 }}>
              <TextField
                select
                size="small"
                label={translate('partnerForms.reopen.question')}
                value={comment.questionKey}
                onChange={(event) => update(comment.id, { questionKey: event.target.value })}
                error={problem === 'partnerForms.reopen.questionRequired'}
                helperText={problem === 'partnerForms.reopen.questionRequired' ? translate(problem) : undefined}
                slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'comment-question-select' } as object } }}
              >
                {questions.map(({ question, sectionKey, parentKey }) => (
                  <MenuItem key={question.key} value={question.key} disabled={taken.has(question.key)} sx={{ pl: parentKey ? 4 : 2, whiteSpace: 'normal' }}>
                    {translate('partnerForms.reopen.questionOption', { section: titles.get(sectionKey) ?? sectionKey, label: question.label || question.key })}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                size="small"
                multiline
                minRows={2}
                label={translate('partnerForms.reopen.comment')}
                value={comment.text}
                onChange={(event) => update(comment.id, { text: event.target.value })}
                error={!!problem && problem !== 'partnerForms.reopen.questionRequired'}
                helperText={problem && problem !== 'partnerForms.reopen.questionRequired' ? translate(problem, { max: PARTNER_FORM_COMMENT_MAX }) : undefined}
                slotProps={{ htmlInput: { 'data-testid': 'comment-text' } }}
              />
            </Stack>
            <IconButton
              onClick={() => onChange(comments.filter((c) => c.id !== comment.id))}
              aria-label={translate('partnerForms.reopen.removeComment', { position })}
              data-testid="comment-remove"
            >
              <DeleteOutline />
            </IconButton>
          </Box>
        );
      })}
      <Box>
        <Button
          startIcon={<Add />}
          onClick={() => onChange([...comments, newCommentDraft()])}
          disabled={comments.length >= questions.length}
          data-testid="comment-add"
        >
          {translate('partnerForms.reopen.addComment')}
        </Button>
      </Box>
    </Stack>
  );
}
