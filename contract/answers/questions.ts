import type { FormQuestion, FormSection } from '../forms';

/** A question with where it stands: its section and, for a group's child, the group. */
export interface PlacedQuestion {
  question: FormQuestion;
  sectionKey: string;
  parentKey: string | null;
}

/** Every question of a version in form order (a group, then its children), with where it stands. */
export function placedQuestions(sections: readonly FormSection[]): PlacedQuestion[] {
  const placed: PlacedQuestion[] = [];
  for (const section of sections) {
    for (const question of section.questions) {
      placed.push({ question, sectionKey: section.key, parentKey: null });
      for (const child of question.children) placed.push({ question: child, sectionKey: section.key, parentKey: question.key });
    }
  }
  return placed;
}

/** The questions by key (a Map: a key such as "toString" is a key like any other). */
export const questionsByKey = (sections: readonly FormSection[]) => new Map(placedQuestions(sections).map((placed) => [placed.question.key, placed]));

/** Questions the partner answers (a calculated one is the form's to fill): counted in a form's progress. */
export const isFilledByPartner = (question: Pick<FormQuestion, 'type'>) => question.type !== 'group' && question.type !== 'calculated';

/** Questions that take an answer (every type but group). */
export const isAnswerable = (question: Pick<FormQuestion, 'type'>) => question.type !== 'group';
