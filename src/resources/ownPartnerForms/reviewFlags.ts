import { parseRowCellPath, placedQuestions } from '../../../contract/answers';
import type { FormSection, PartnerFormReview } from '../../../contract/forms';

/** A question staff flagged in a returned review round, where it is in the form. */
export interface FlaggedQuestion {
  key: string;
  sectionKey: string;
  comment: string;
}

/** The questions holding a comment, in form order (sections, then questions within them); keys the form lacks are left out. */
export function commentedInFormOrder(sections: readonly FormSection[], comments: Readonly<Record<string, string>>): FlaggedQuestion[] {
  const placed = placedQuestions(sections);
  const order = new Map(placed.map(({ question }, index) => [question.key, index]));
  // A row's answer (`group[row].child`) stands at its group, by row, then by the child's place in the group.
  const rank = (key: string): [number, number, number] => {
    const cell = parseRowCellPath(key);
    if (!cell) return [order.get(key) ?? -1, -1, -1];
    return [order.get(cell.groupKey) ?? -1, cell.row, order.get(cell.childKey) ?? -1];
  };
  const before = (a: [number, number, number], b: [number, number, number]) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
  return Object.keys(comments)
    .map((key) => ({ key, at: rank(key) }))
    .filter(({ key, at }) => at[0] >= 0 && (!parseRowCellPath(key) || at[2] >= 0))
    .sort((a, b) => before(a.at, b.at))
    .map(({ key, at }) => ({ key, sectionKey: placed[at[0]].sectionKey, comment: comments[key] }));
}

/** The flagged questions of a review in form order. */
export function flaggedInFormOrder(sections: readonly FormSection[], review: Pick<PartnerFormReview, 'flags'> | null | undefined): FlaggedQuestion[] {
  if (!review) return [];
  return commentedInFormOrder(sections, Object.fromEntries(Object.entries(review.flags).map(([key, flag]) => [key, flag.comment])));
}

/** How many flagged questions each section holds (sections without any are absent). */
export function flaggedCountBySection(flagged: readonly FlaggedQuestion[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { sectionKey } of flagged) counts[sectionKey] = (counts[sectionKey] ?? 0) + 1;
  return counts;
}

/**
 * The flagged question one step from `currentKey` (+1 next, -1 previous), wrapping around; with no current one
 * (or one not flagged) the first of the current section or after it going forward, the last before it going back.
 */
export function steppedFlag(
  flagged: readonly FlaggedQuestion[],
  currentKey: string | null,
  step: 1 | -1,
  sections: readonly Pick<FormSection, 'key'>[] = [],
  sectionKey?: string,
): FlaggedQuestion | undefined {
  if (!flagged.length) return undefined;
  const at = currentKey === null ? -1 : flagged.findIndex((flag) => flag.key === currentKey);
  if (at >= 0) return flagged[(at + step + flagged.length) % flagged.length];
  const order = sections.map((section) => section.key);
  const here = sectionKey === undefined ? -1 : order.indexOf(sectionKey);
  if (step === 1) return flagged.find((flag) => order.indexOf(flag.sectionKey) >= here) ?? flagged[0];
  return [...flagged].reverse().find((flag) => order.indexOf(flag.sectionKey) < here) ?? flagged[flagged.length - 1];
}
