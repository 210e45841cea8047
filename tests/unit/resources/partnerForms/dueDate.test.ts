import { describe, expect, it } from 'vitest';
import { dueAtOfDay, dueDayProblem, isOverdue, todayOfDateField } from '../../../../src/resources/partnerForms/dueDate';

const DAY = 24 * 60 * 60 * 1000;

describe('due dates in the browser', () => {
  it('a chosen day is sent as the end of that day where the browser is; empty is none', () => {
    const sent = new Date(dueAtOfDay('2030-03-04')!);
    expect([sent.getFullYear(), sent.getMonth(), sent.getDate(), sent.getHours(), sent.getMinutes()]).toEqual([2030, 2, 4, 23, 59]);
    expect(dueAtOfDay('')).toBeNull();
  });

  it('today may be chosen; yesterday, a day past a year ahead and a non-date may not', () => {
    expect(dueDayProblem(todayOfDateField())).toBeNull();
    expect(dueDayProblem('')).toBeNull();
    expect(dueDayProblem(todayOfDateField(new Date(Date.now() - DAY)))).toMatchObject({ key: 'validation.dueInPast' });
    expect(dueDayProblem(todayOfDateField(new Date(Date.now() + 400 * DAY)))).toMatchObject({ key: 'validation.dueTooFar', values: { max: 365 } });
    expect(dueDayProblem('soon')).toMatchObject({ key: 'validation.dateTime' });
  });

  it('overdue is an OPEN form past its due date only', () => {
    const past = new Date(Date.now() - DAY).toISOString();
    expect(isOverdue(past, 'OPEN')).toBe(true);
    expect(isOverdue(past, 'LOCKED')).toBe(false);
    expect(isOverdue(past, 'SUBMITTED')).toBe(false);
    expect(isOverdue(new Date(Date.now() + DAY).toISOString(), 'OPEN')).toBe(false);
    expect(isOverdue(null, 'OPEN')).toBe(false);
  });
});
