import type { FormQuestion, FormSection } from '../../../../contract/forms';
import { FORM_FIELD_NAMES, type FormFields } from '../formDefinitionApi';

/**
 * After a 412 (another admin saved the version meanwhile): the differences between the user's draft ("mine")
 * and the version now on the server ("theirs"), per form field, section and question (matched by key), and the
 * draft merged from the side chosen for each. What both sides hold alike is not listed and stays as drafted.
 */

/** One side of a version as the editor holds it. */
export interface VersionDraft {
  fields: FormFields;
  sections: FormSection[];
}

export type MergeSide = 'mine' | 'theirs';
/** What one side did to an item, compared with the version the user opened. */
export type SideChange = 'added' | 'removed' | 'changed' | 'unchanged';

/** The parts of a question compared (a group's children are compared as questions of their own). */
export const QUESTION_PARTS = ['type', 'label', 'help', 'required', 'options', 'ruleId', 'condition', 'limits'] as const;
export type QuestionPart = (typeof QUESTION_PARTS)[number];

interface RowBase<T> {
  /** `field:<name>`, `section:<key>` or `question:<key>`. */
  id: string;
  key: string;
  mine: T | null;
  theirs: T | null;
  mineChange: SideChange;
  theirChange: SideChange;
  /** The side that wins unless the user picks: theirs where only they changed it, otherwise mine. */
  preferred: MergeSide;
}
export type MergeRow =
  | (RowBase<string> & { kind: 'field'; key: keyof FormFields })
  | (RowBase<FormSection> & { kind: 'section' })
  | (RowBase<FormQuestion> & { kind: 'question'; parts: QuestionPart[] });

export type MergeChoices = ReadonlyMap<string, MergeSide>;

const partEqual = (a: FormQuestion, b: FormQuestion, part: QuestionPart) => JSON.stringify(a[part] ?? null) === JSON.stringify(b[part] ?? null);

/** The parts of a question that differ between two copies. */
export const differingParts = (a: FormQuestion, b: FormQuestion): QuestionPart[] => QUESTION_PARTS.filter((part) => !partEqual(a, b, part));

/** Every question of the sections by key, a group's children included. */
function questionMap(sections: readonly FormSection[]): Map<string, FormQuestion> {
  const found = new Map<string, FormQuestion>();
  const visit = (question: FormQuestion) => {
    found.set(question.key, question);
    question.children.forEach(visit);
  };
  for (const section of sections) section.questions.forEach(visit);
  return found;
}

function changeOf<T>(before: T | undefined, after: T | undefined, same: (a: T, b: T) => boolean): SideChange {
  if (before === undefined) return after === undefined ? 'unchanged' : 'added';
  if (after === undefined) return 'removed';
  return same(before, after) ? 'unchanged' : 'changed';
}

function row<T>(base: T | undefined, mine: T | undefined, theirs: T | undefined, same: (a: T, b: T) => boolean) {
  const mineChange = changeOf(base, mine, same);
  const theirChange = changeOf(base, theirs, same);
  return {
    mine: mine ?? null,
    theirs: theirs ?? null,
    mineChange,
    theirChange,
    preferred: (mineChange === 'unchanged' ? 'theirs' : 'mine') as MergeSide,
  };
}

const keysOf = <T>(mine: Map<string, T>, theirs: Map<string, T>) => [...new Set([...mine.keys(), ...theirs.keys()])];

/** The differences between mine and theirs, in form order (fields, then sections, then questions), with `base` the version the user opened. */
export function mergeRows(base: VersionDraft, mine: VersionDraft, theirs: VersionDraft): MergeRow[] {
  const rows: MergeRow[] = [];
  for (const name of FORM_FIELD_NAMES) {
    if (mine.fields[name] === theirs.fields[name]) continue;
    rows.push({ id: `field:${name}`, kind: 'field', key: name, ...row(base.fields[name], mine.fields[name], theirs.fields[name], (a, b) => a === b) });
  }
  const sectionsBy = (sections: readonly FormSection[]) => new Map(sections.map((section) => [section.key, section]));
  const [baseSections, mySections, theirSections] = [sectionsBy(base.sections), sectionsBy(mine.sections), sectionsBy(theirs.sections)];
  const sameTitle = (a: FormSection, b: FormSection) => a.title === b.title;
  for (const key of keysOf(mySections, theirSections)) {
    const [my, their] = [mySections.get(key), theirSections.get(key)];
    if (my && their && sameTitle(my, their)) continue;
    rows.push({ id: `section:${key}`, kind: 'section', key, ...row(baseSections.get(key), my, their, sameTitle) });
  }
  const [baseQuestions, myQuestions, theirQuestions] = [questionMap(base.sections), questionMap(mine.sections), questionMap(theirs.sections)];
  const sameQuestion = (a: FormQuestion, b: FormQuestion) => differingParts(a, b).length === 0;
  for (const key of keysOf(myQuestions, theirQuestions)) {
    const [my, their] = [myQuestions.get(key), theirQuestions.get(key)];
    if (my && their && sameQuestion(my, their)) continue;
    const parts = my && their ? differingParts(my, their) : [];
    rows.push({ id: `question:${key}`, kind: 'question', key, parts, ...row(baseQuestions.get(key), my, their, sameQuestion) });
  }
  return rows;
}

/** The choice of each row: the user's, or the row's preferred side. */
export const chosenSide = (row: MergeRow, choices: MergeChoices): MergeSide => choices.get(row.id) ?? row.preferred;

/** Where a question stands: its section, its group (if any) and the question before it in that list. */
interface Place {
  sectionKey: string;
  groupKey: string | null;
  after: string | null;
}

function placeOf(sections: readonly FormSection[], key: string): Place | null {
  for (const section of sections) {
    for (const [index, question] of section.questions.entries()) {
      if (question.key === key) return { sectionKey: section.key, groupKey: null, after: section.questions[index - 1]?.key ?? null };
      const child = question.children.findIndex((candidate) => candidate.key === key);
      if (child >= 0) return { sectionKey: section.key, groupKey: question.key, after: question.children[child - 1]?.key ?? null };
    }
  }
  return null;
}

/** `item` inserted after the item keyed `after` (at the start when that is absent). */
function insertAfter<T extends { key: string }>(items: readonly T[], item: T, after: string | null): T[] {
  const index = after === null ? -1 : items.findIndex((candidate) => candidate.key === after);
  return [...items.slice(0, index + 1), item, ...items.slice(index + 1)];
}

function withoutQuestions(questions: readonly FormQuestion[], drop: ReadonlySet<string>): FormQuestion[] {
  return questions.filter((question) => !drop.has(question.key)).map((question) => ({ ...question, children: withoutQuestions(question.children, drop) }));
}

function replaceQuestions(questions: readonly FormQuestion[], by: ReadonlyMap<string, FormQuestion>): FormQuestion[] {
  return questions.map((question) => {
    const children = replaceQuestions(question.children, by);
    const replacement = by.get(question.key);
    if (!replacement) return { ...question, children };
    return { ...replacement, children: replacement.type === 'group' ? children : [] };
  });
}

/**
 * The draft merged: mine, with theirs taken where chosen. A question taken from theirs that mine lacks goes
 * where theirs has it (after the same question, in the same section or group); a section likewise.
 */
export function mergeVersions(mine: VersionDraft, theirs: VersionDraft, rows: readonly MergeRow[], choices: MergeChoices): VersionDraft {
  const taking = rows.filter((candidate) => chosenSide(candidate, choices) === 'theirs');
  const fields = { ...mine.fields };
  for (const taken of taking) if (taken.kind === 'field') fields[taken.key] = taken.theirs ?? '';

  let sections = mine.sections.map((section) => ({ ...section }));
  for (const taken of taking) {
    if (taken.kind !== 'section') continue;
    if (!taken.theirs) sections = sections.filter((section) => section.key !== taken.key);
    else if (taken.mine) sections = sections.map((section) => (section.key === taken.key ? { ...section, title: taken.theirs!.title } : section));
    else {
      const index = theirs.sections.findIndex((section) => section.key === taken.key);
      sections = insertAfter(sections, { ...taken.theirs, questions: [] }, theirs.sections[index - 1]?.key ?? null);
    }
  }

  // Questions: the wanted copy of each key (mine unless theirs was chosen), then removals, replacements and arrivals.
  const questionRows = new Map(rows.filter((candidate) => candidate.kind === 'question').map((candidate) => [candidate.key, candidate]));
  const wanted = new Map(questionMap(mine.sections));
  for (const [key, candidate] of questionRows) {
    if (chosenSide(candidate, choices) === 'mine') continue;
    if (candidate.theirs) wanted.set(key, candidate.theirs);
    else wanted.delete(key);
  }
  const dropped = new Set([...questionMap(sections).keys()].filter((key) => !wanted.has(key)));
  sections = sections.map((section) => ({ ...section, questions: withoutQuestions(section.questions, dropped) }));
  const replaced = new Map(
    [...questionRows].filter(([key, candidate]) => wanted.get(key) === candidate.theirs && candidate.theirs).map(([key]) => [key, wanted.get(key)!]),
  );
  sections = sections.map((section) => ({ ...section, questions: replaceQuestions(section.questions, replaced) }));

  const present = questionMap(sections);
  // In the order theirs holds them, so a run of arrivals keeps its order; then any of mine left without a place.
  const arrivals = [...questionMap(theirs.sections).keys(), ...questionMap(mine.sections).keys()].filter((key) => wanted.has(key) && !present.has(key));
  for (const key of new Set(arrivals)) {
    if (questionMap(sections).has(key)) continue;
    const question = { ...wanted.get(key)!, children: [] };
    const source = placeOf(theirs.sections, key) ? theirs : mine;
    sections = placeQuestion(sections, question, placeOf(source.sections, key)!, source.sections);
  }
  return { fields, sections };
}

/** `question` put at `place`, creating the section it belongs to (as `source` has it) when the merge holds none. */
function placeQuestion(sections: FormSection[], question: FormQuestion, place: Place, source: readonly FormSection[]): FormSection[] {
  if (!sections.some((section) => section.key === place.sectionKey)) {
    const index = source.findIndex((section) => section.key === place.sectionKey);
    sections = insertAfter(sections, { ...source[index], questions: [] }, source[index - 1]?.key ?? null);
  }
  return sections.map((section) => {
    if (section.key !== place.sectionKey) return section;
    const group = place.groupKey === null ? undefined : section.questions.find((candidate) => candidate.key === place.groupKey && candidate.type === 'group');
    if (!group) return { ...section, questions: insertAfter(section.questions, question, place.groupKey === null ? place.after : place.groupKey) };
    return {
      ...section,
      questions: section.questions.map((candidate) =>
        candidate === group ? { ...group, children: insertAfter(group.children, question, place.after) } : candidate,
      ),
    };
  });
}
