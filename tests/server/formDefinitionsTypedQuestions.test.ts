import { describe, expect, it } from 'vitest';
import { NO_LIMITS } from '../../contract/forms';
import { expectEnvelope, expectFieldErrors, refused } from './expectations';
import { useDemoServer } from './factories';
import { formCalls, question, section } from './formDefinitionsFixtures';

/** The builder's typed questions (issue 40) through PUT /forms/{id}/sections. */
const demo = useDemoServer();
const calls = formCalls(demo);

describe('typed questions in the builder', () => {
  it('keeps each typed question with its limits, filling the limits a save leaves out and dropping fields it does not know', async () => {
    const made = await calls.formWith([
      section('s', [
        question('turnover', { type: 'currency', limits: { ...NO_LIMITS, min: '0', currencies: ['VND', 'USD'] } }),
        question('area', { type: 'number', limits: { ...NO_LIMITS, step: '0.5', unit: 'm²', toString: 'x' } as never }),
        question('expiry', { type: 'date', limits: { relative: 'future' } as never }),
        question('mail', { type: 'email' }),
      ]),
    ]);
    const read = expectEnvelope(await calls.sections(made.id), 200).body.data!.sections[0].questions;
    expect(read.map((q) => [q.key, q.type, q.limits])).toEqual([
      ['turnover', 'currency', { ...NO_LIMITS, min: '0', currencies: ['VND', 'USD'] }],
      ['area', 'number', { ...NO_LIMITS, step: '0.5', unit: 'm²' }],
      ['expiry', 'date', { ...NO_LIMITS, relative: 'future' }],
      ['mail', 'email', undefined],
    ]);
  });

  it('refuses limits that do not fit the type or each other, naming each, and saves nothing', async () => {
    const made = await calls.form();
    const answer = await refused(demo.server, () =>
      calls.saveSections(made.id, [
        section('s', [
          question('n', { type: 'number', limits: { ...NO_LIMITS, min: '10', max: '1', step: '-1' } }),
          question('d', { type: 'date', limits: { ...NO_LIMITS, min: '0000-01-01', currencies: ['VND'] } }),
          question('c', { type: 'currency', limits: { ...NO_LIMITS, currencies: ['BTC'] } }),
        ]),
      ]),
    );
    expectFieldErrors(answer, [
      'sections[0].questions[0].limits.max',
      'sections[0].questions[0].limits.step',
      'sections[0].questions[1].limits.currencies',
      'sections[0].questions[1].limits.min',
      'sections[0].questions[2].limits.currencies[0]',
    ]);
  });
});
