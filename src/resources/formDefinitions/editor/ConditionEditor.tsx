import { useEffect, useRef } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { isConditionGroup, type FormQuestion, type ShowCondition } from '../../../../contract/forms';
import { conditionField, joinedWith, type ConditionPath } from './conditionDraft';
import { ConditionNode, type ConditionTree } from './ConditionGroupEditor';
import { ConditionSentenceText } from './ConditionSentenceText';
import { questionField } from './editorErrors';
import { useDraftSections, useSectionsEditing } from './FormEditorContext';
import { earlierQuestions, updateQuestion } from './sectionsDraft';

const FOCUSABLE = '[role="combobox"], input, button';

/** "Show when question X is … V", or a group of such conditions joined by AND / OR; X among the questions before this one. */
export function ConditionEditor({ question }: { question: FormQuestion }) {
  const translate = useTranslate();
  const { readOnly, change } = useSectionsEditing();
  const sections = useDraftSections();
  // A signature is not offered: no condition reads one (formStructureErrors refuses it).
  const candidates = earlierQuestions(sections, question.key)
    .map((entry) => entry.question)
    .filter((candidate) => candidate.type !== 'signature');
  const field = questionField(question.key, 'condition');
  const root = question.condition;
  const container = useRef<HTMLDivElement>(null);
  // Where focus goes once a change has rendered: an added condition, or what stands where one was removed.
  const focusNext = useRef<ConditionPath | null>(null);
  useEffect(() => {
    const path = focusNext.current;
    if (!path || !container.current) return;
    focusNext.current = null;
    const part = container.current.querySelector(`[data-field="${CSS.escape(conditionField(field, path))}"]`) ?? container.current;
    part.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  }, [root, field]);

  const set = (next: ShowCondition | null, clears: string[], focus?: ConditionPath) => {
    focusNext.current = focus ?? null;
    change((all) => updateQuestion(all, question.key, { condition: next }), clears);
  };
  const blank = () => ({ questionKey: candidates.at(-1)?.key ?? '', operator: 'is' as const, value: '' });

  let editor;
  if (!root) {
    if (readOnly) return null;
    editor = candidates.length ? (
      <Button size="small" sx={{ alignSelf: 'flex-start' }} onClick={() => set(blank(), [field], [])} data-testid="add-condition">
        {translate('formBuilder.condition.add')}
      </Button>
    ) : (
      <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="condition-none">
        {translate('formBuilder.condition.noEarlier')}
      </Typography>
    );
  } else {
    const tree: ConditionTree = { root, candidates, field, set, blank };
    editor = (
      <>
        <ConditionNode tree={tree} node={root} path={[]} />
        {!readOnly && !isConditionGroup(root) && (
          <Button
            size="small"
            sx={{ alignSelf: 'flex-start' }}
            onClick={() => set(joinedWith(root, [], blank()), [field], [1])}
            data-testid="condition-add-another"
          >
            {translate('formConditions.group.addAnother')}
          </Button>
        )}
        <ConditionSentenceText condition={root} />
      </>
    );
  }
  return (
    <Stack spacing={1} ref={container} data-testid="question-condition">
      {editor}
    </Stack>
  );
}
