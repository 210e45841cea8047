import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { FormQuestion, QuestionType } from '../../../../contract/forms';
import { AddQuestionMenu } from './AddQuestionMenu';
import { useSectionsEditing } from './FormEditorContext';
import { QuestionCard } from './QuestionCard';
import { addQuestion, blankQuestion, moveQuestion, newKey, takenKeys, type QuestionList as Placement } from './sectionsDraft';
import { SortableList } from './SortableList';

/** The questions of a section or of a group, reordered by dragging, by keyboard or by their menus, and "Add question". */
export function QuestionList({ sectionKey, groupKey, questions }: { sectionKey: string; groupKey: string | null; questions: FormQuestion[] }) {
  const translate = useTranslate();
  const { readOnly, change, requestFocus } = useSectionsEditing();
  const placement: Placement = { sectionKey, groupKey };
  const inGroup = placement.groupKey !== null;
  const labelOf = (key: string) => questions.find((question) => question.key === key)?.label || translate('formBuilder.questions.untitled');
  const move = (from: number, to: number) => change((sections) => moveQuestion(sections, placement, from, to));
  const add = (type: QuestionType) => {
    // Random keys practically never meet; a key taken after all is drawn again (that question then just does not take focus).
    const key = newKey('q', new Set());
    requestFocus(key);
    change((current) => {
      const taken = takenKeys(current);
      return addQuestion(current, placement, blankQuestion(type, taken.has(key) ? newKey('q', taken) : key));
    });
  };
  return (
    <Stack spacing={1} data-testid={inGroup ? 'group-questions' : 'section-questions'}>
      {questions.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary', py: 1 }}>
          {translate(inGroup ? 'formBuilder.questions.emptyGroup' : 'formBuilder.questions.empty')}
        </Typography>
      )}
      <SortableList ids={questions.map((question) => question.key)} labelOf={labelOf} onMove={move} disabled={readOnly}>
        {(key, handle) => {
          const index = questions.findIndex((question) => question.key === key);
          return (
            <QuestionCard question={questions[index]} sectionKey={sectionKey} groupKey={groupKey} index={index} count={questions.length} handle={handle} />
          );
        }}
      </SortableList>
      {!readOnly && <AddQuestionMenu inGroup={inGroup} onAdd={add} />}
    </Stack>
  );
}
