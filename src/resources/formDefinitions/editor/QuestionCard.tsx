import { memo, useId, useMemo, useState } from 'react';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { FormQuestion } from '../../../../contract/forms';
import { ConditionSentenceText } from './ConditionSentenceText';
import { questionField } from './editorErrors';
import { useSectionsEditing } from './FormEditorContext';
import { ItemMenu } from './ItemMenu';
import { QuestionDetails } from './QuestionDetails';
import { DragHandle, type DragHandleProps } from './SortableList';
import { moveQuestion, type QuestionList } from './sectionsDraft';

interface QuestionCardProps {
  question: FormQuestion;
  sectionKey: string;
  groupKey: string | null;
  index: number;
  count: number;
  handle: DragHandleProps;
}

/** One question: a summary line (reorder handle, label, type, marks) and its details, open for new questions and questions with errors. */
export const QuestionCard = memo(function QuestionCard({ question, sectionKey, groupKey, index, count, handle }: QuestionCardProps) {
  const translate = useTranslate();
  const { readOnly, savedKeys, errors, change, remove } = useSectionsEditing();
  const isNew = !savedKeys.has(question.key);
  const [open, setOpen] = useState(isNew);
  const detailsId = useId();
  const placement = useMemo<QuestionList>(() => ({ sectionKey, groupKey }), [sectionKey, groupKey]);
  const hasErrors = [...errors.keys()].some((key) => key.startsWith(questionField(question.key, '')));
  // A question with errors opens, and stays open while the user fixes them.
  if (hasErrors && !open) setOpen(true);
  const shown = open || hasErrors;
  const label = question.label || translate('formBuilder.questions.untitled');
  const marks = [
    translate(`formBuilder.types.${question.type}`),
    question.required ? translate('formBuilder.questions.requiredMark') : null,
    question.type === 'group' && question.repeat ? translate('formBuilder.repeat.mark', { min: question.repeat.min, max: question.repeat.max }) : null,
  ].filter(Boolean);
  return (
    <Paper
      variant="outlined"
      sx={{ p: 1, borderColor: hasErrors ? 'error.main' : undefined }}
      data-testid="question"
      data-key={question.key}
      data-type={question.type}
    >
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
        <DragHandle handle={handle} label={label} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="question-title">
            {label}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {marks.join(' · ')}
          </Typography>
          {question.condition && <ConditionSentenceText condition={question.condition} variant="caption" component="p" />}
        </Box>
        <IconButton
          size="small"
          aria-expanded={shown}
          aria-controls={detailsId}
          aria-label={translate(shown ? 'formBuilder.questions.collapse' : 'formBuilder.questions.expand', { label })}
          onClick={() => setOpen(!shown)}
          data-testid="question-toggle"
        >
          {shown ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
        </IconButton>
        {!readOnly && (
          <ItemMenu
            label={translate('formBuilder.questions.more', { label })}
            index={index}
            count={count}
            onMove={(to) => change((sections) => moveQuestion(sections, placement, index, to))}
            onRemove={() => remove({ kind: 'question', list: placement, index, question })}
            removeLabel={translate('formBuilder.questions.remove')}
            testId="question"
          />
        )}
      </Stack>
      <Collapse in={shown} unmountOnExit id={detailsId}>
        <Box sx={{ pt: 1.5, px: { xs: 0.5, sm: 1 } }}>
          <QuestionDetails question={question} placement={placement} />
        </Box>
      </Collapse>
    </Paper>
  );
});
