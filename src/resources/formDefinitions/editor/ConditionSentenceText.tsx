import { useMemo } from 'react';
import Typography, { type TypographyProps } from '@mui/material/Typography';
import { useLocaleState, useTranslate } from 'react-admin';
import { placedQuestions } from '../../../../contract/answers';
import type { ShowCondition } from '../../../../contract/forms';
import { conditionSentence } from './conditionSentence';
import { useDraftSections } from './FormEditorContext';

/** A question's condition as a sentence naming the draft's questions by their labels. */
export function ConditionSentenceText({ condition, ...typography }: { condition: ShowCondition } & TypographyProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const sections = useDraftSections();
  const questions = useMemo(() => new Map(placedQuestions(sections).map(({ question }) => [question.key, question])), [sections]);
  return (
    <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }} data-testid="condition-sentence" {...typography}>
      {conditionSentence(condition, questions, translate, locale)}
    </Typography>
  );
}
