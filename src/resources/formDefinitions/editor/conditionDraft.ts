import { COMPARABLE_TYPES } from '../../../../contract/schemas/formDefinitions';
import {
  COMPARISON_OPERATORS,
  CONDITION_DEPTH_MAX,
  CONDITIONS_PER_QUESTION_MAX,
  isConditionGroup,
  type ConditionGroup,
  type ConditionJoin,
  type ConditionOperator,
  type FormQuestion,
  type QuestionCondition,
  type ShowCondition,
} from '../../../../contract/forms';
import { conditionLeaves, isRepeatingGroup } from '../../../../contract/answers';

/**
 * A question's condition edited as a tree, by pure functions. A place in the tree is the list of indexes from the
 * top condition down (`[]`: the top; `[1, 0]`: the first condition of the top group's second, itself a group).
 */
export type ConditionPath = readonly number[];

/** `root` with the condition at `path` replaced by what `change` makes of it. */
function mapAt(root: ShowCondition, path: ConditionPath, change: (node: ShowCondition) => ShowCondition): ShowCondition {
  if (path.length === 0) return change(root);
  if (!isConditionGroup(root)) return root;
  const [index, ...rest] = path;
  return { ...root, conditions: root.conditions.map((inner, at) => (at === index ? mapAt(inner, rest, change) : inner)) };
}

export const setConditionAt = (root: ShowCondition, path: ConditionPath, node: ShowCondition) => mapAt(root, path, () => node);

export const setJoinAt = (root: ShowCondition, path: ConditionPath, join: ConditionJoin) =>
  mapAt(root, path, (node) => (isConditionGroup(node) ? { ...node, join } : node));

/** "Add another condition" on a single condition: both joined by AND, the first kept first. */
export function joinedWith(root: ShowCondition, path: ConditionPath, added: QuestionCondition): ShowCondition {
  return mapAt(root, path, (node): ConditionGroup => ({ join: 'and', conditions: [node, added] }));
}

/** A condition added at the end of the group at `path` (a single condition or a new group). */
export function addedToGroup(root: ShowCondition, path: ConditionPath, added: ShowCondition): ShowCondition {
  return mapAt(root, path, (node) => (isConditionGroup(node) ? { ...node, conditions: [...node.conditions, added] } : node));
}

/** A new group inside the group at `path`, holding one condition, joined the other way round ("any" in "all" is the usual need). */
export function nestedGroup(parent: ConditionGroup, first: QuestionCondition): ConditionGroup {
  return { join: parent.join === 'and' ? 'or' : 'and', conditions: [first] };
}

/**
 * `root` without the condition at `path`. A group left with one condition becomes that condition; removing the
 * only condition leaves none (null).
 */
export function removedAt(root: ShowCondition, path: ConditionPath): ShowCondition | null {
  if (path.length === 0) return null;
  if (!isConditionGroup(root)) return root;
  const [index, ...rest] = path;
  const conditions = root.conditions.flatMap((inner, at) => {
    if (at !== index) return [inner];
    const kept = removedAt(inner, rest);
    return kept ? [kept] : [];
  });
  if (conditions.length === 0) return null;
  return conditions.length === 1 ? conditions[0] : { ...root, conditions };
}

/** How many single conditions the whole condition holds (the contract allows CONDITIONS_PER_QUESTION_MAX). */
export const conditionCount = (root: ShowCondition | null) => conditionLeaves(root).length;

export const canAddCondition = (root: ShowCondition | null) => conditionCount(root) < CONDITIONS_PER_QUESTION_MAX;

/**
 * Whether the group at `path` may hold another group, within the count and the depth: the top group is level 1 and
 * CONDITION_DEPTH_MAX counts the single conditions too (the contract reads a group at that level as a condition).
 */
export const canNestGroup = (root: ShowCondition, path: ConditionPath) => path.length + 2 < CONDITION_DEPTH_MAX && canAddCondition(root);

export const isComparison = (operator: ConditionOperator) => (COMPARISON_OPERATORS as readonly string[]).includes(operator);

/** Whether less / greater than apply to a question's answers (the contract's structure check allows them on these types only). */
/** Numbers, amounts, dates, calculated values, and a repeating group's number of rows. */
export const isComparable = (question: Pick<FormQuestion, 'type' | 'repeat'> | undefined) =>
  !!question && (COMPARABLE_TYPES.includes(question.type) || isRepeatingGroup(question));

/** The editor's error field of the condition at `path`, under the question's `condition` field (as `editorErrorsOf` names it). */
export const conditionField = (field: string, path: ConditionPath) => `${field}${path.map((index) => `.conditions.${index}`).join('')}`;
