import type { FormQuestion, FormSection, GroupRepeat } from '../forms';

/** A question with where it stands: its section and, for a group's child, the group. */
export interface PlacedQuestion {
  question: FormQuestion;
  sectionKey: string;
  parentKey: string | null;
  /** The repeating group whose rows hold this question's answers (null: the question has an answer of its own). */
  rowsOf: string | null;
}

/** Whether a group is answered as rows (issue 40). */
export const isRepeatingGroup = (question: Pick<FormQuestion, 'type'> & { repeat?: GroupRepeat | null }) => question.type === 'group' && !!question.repeat;

/** Every question of a version in form order (a group, then its children), with where it stands. */
export function placedQuestions(sections: readonly FormSection[]): PlacedQuestion[] {
  const placed: PlacedQuestion[] = [];
  for (const section of sections) {
    for (const question of section.questions) {
      placed.push({ question, sectionKey: section.key, parentKey: null, rowsOf: null });
      const rowsOf = isRepeatingGroup(question) ? question.key : null;
      for (const child of question.children) placed.push({ question: child, sectionKey: section.key, parentKey: question.key, rowsOf });
    }
  }
  return placed;
}

/** The questions by key (a Map: a key such as "toString" is a key like any other). */
export const questionsByKey = (sections: readonly FormSection[]) => new Map(placedQuestions(sections).map((placed) => [placed.question.key, placed]));

/** Questions the partner answers (a calculated one is the form's to fill): counted in a form's progress; a repeating group counts once. */
export const isFilledByPartner = (question: Pick<FormQuestion, 'type'> & { repeat?: GroupRepeat | null }) =>
  (question.type !== 'group' || isRepeatingGroup(question)) && question.type !== 'calculated';

/** Questions that take an answer (every type but group; a repeating group takes its rows). */
export const isAnswerable = (question: Pick<FormQuestion, 'type'> & { repeat?: GroupRepeat | null }) => question.type !== 'group' || isRepeatingGroup(question);
