import { describe, expect, it } from 'vitest';
import { CONDITIONS_PER_QUESTION_MAX, type ConditionGroup, type QuestionCondition } from '../../../../contract/forms';
import {
  addedToGroup,
  canAddCondition,
  canNestGroup,
  conditionField,
  joinedWith,
  nestedGroup,
  removedAt,
  setConditionAt,
  setJoinAt,
} from '../../../../src/resources/formDefinitions/editor/conditionDraft';

const leaf = (questionKey: string, value = 'yes'): QuestionCondition => ({ questionKey, operator: 'is', value });
const a = leaf('a');
const b = leaf('b');
const c = leaf('c');

describe("a question's condition edited as a tree", () => {
  it('"Add another condition" joins a single condition and the new one with AND, the first kept first', () => {
    expect(joinedWith(a, [], b)).toEqual({ join: 'and', conditions: [a, b] });
  });

  it('adds a condition at the end of a nested group, leaving the rest as it was', () => {
    const root: ConditionGroup = { join: 'and', conditions: [a, { join: 'or', conditions: [b] }] };
    expect(addedToGroup(root, [1], c)).toEqual({ join: 'and', conditions: [a, { join: 'or', conditions: [b, c] }] });
    expect(root.conditions[1]).toEqual({ join: 'or', conditions: [b] });
  });

  it('nests a group joined the other way round, holding the new condition', () => {
    const root: ConditionGroup = { join: 'and', conditions: [a, b] };
    expect(addedToGroup(root, [], nestedGroup(root, c))).toEqual({ join: 'and', conditions: [a, b, { join: 'or', conditions: [c] }] });
  });

  it("switches one group's join without touching the others", () => {
    const root: ConditionGroup = { join: 'and', conditions: [a, { join: 'or', conditions: [b, c] }] };
    expect(setJoinAt(root, [1], 'and')).toEqual({ join: 'and', conditions: [a, { join: 'and', conditions: [b, c] }] });
  });

  it('replaces the condition at a place in the tree, the others kept as they were', () => {
    const root: ConditionGroup = { join: 'and', conditions: [a, { join: 'or', conditions: [b, c] }] };
    const changed = setConditionAt(root, [1, 0], leaf('b', 'no')) as ConditionGroup;
    expect(changed).toEqual({ join: 'and', conditions: [a, { join: 'or', conditions: [leaf('b', 'no'), c] }] });
    expect(changed.conditions[0]).toBe(a);
  });

  it('collapses a group left with one condition into that condition', () => {
    expect(removedAt({ join: 'and', conditions: [a, b] }, [0])).toEqual(b);
    const root: ConditionGroup = { join: 'and', conditions: [a, { join: 'or', conditions: [b, c] }] };
    expect(removedAt(root, [1, 1])).toEqual({ join: 'and', conditions: [a, b] });
  });

  it('removes the condition altogether when its last single condition goes', () => {
    expect(removedAt(a, [])).toBeNull();
    expect(removedAt({ join: 'or', conditions: [{ join: 'and', conditions: [a] }] }, [0, 0])).toBeNull();
  });

  it('removes a whole nested group', () => {
    const root: ConditionGroup = { join: 'and', conditions: [a, b, { join: 'or', conditions: [c, a] }] };
    expect(removedAt(root, [2])).toEqual({ join: 'and', conditions: [a, b] });
  });

  it('nests groups in the top group only: three levels counting the top group and the single conditions', () => {
    const root: ConditionGroup = { join: 'and', conditions: [a, { join: 'or', conditions: [b, c] }] };
    expect(canNestGroup(root, [])).toBe(true);
    expect(canNestGroup(root, [1])).toBe(false);
  });

  it(`allows at most ${CONDITIONS_PER_QUESTION_MAX} single conditions in all, groups included`, () => {
    const nineteen: ConditionGroup = { join: 'and', conditions: [...Array.from({ length: 17 }, () => a), { join: 'or', conditions: [b, c] }] };
    expect(canAddCondition(nineteen)).toBe(true);
    const twenty = addedToGroup(nineteen, [17], a);
    expect(canAddCondition(twenty)).toBe(false);
    expect(canNestGroup(twenty, [])).toBe(false);
  });

  it("names a part's error field as the contract's paths name it once the editor reads them", () => {
    expect(conditionField('question:q1:condition', [])).toBe('question:q1:condition');
    expect(conditionField('question:q1:condition', [1, 0])).toBe('question:q1:condition.conditions.1.conditions.0');
  });
});
