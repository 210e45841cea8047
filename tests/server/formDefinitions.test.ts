import { describe, expect, it } from 'vitest';
import type { PagedResult } from '../../contract/envelope';
import type { FormDto, FormSectionsDto } from '../../contract/forms';
import { SECTIONS_MAX, QUESTIONS_PER_SECTION_MAX } from '../../contract/forms';
import { permission } from '../../contract/permissions';
import { expectEnvelope, expectFieldErrors, fieldMessage, refused } from './expectations';
import { unique, useDemoServer } from './factories';
import { formCalls, question, section } from './formDefinitionsFixtures';

const demo = useDemoServer();
const { server, token, make } = demo;
const forms = formCalls(demo);

const search = (body: unknown, as = forms.admin()) => server.api<PagedResult<FormDto>>('POST', '/api/v1/forms/search', { token: as, body });

describe('form definitions: fields, search, counts', () => {
  it('creates version 1 of a new definition, Editing, without questions, and reads it with its ETag', async () => {
    const made = await forms.form({ name: 'Nhà cung cấp mới', description: 'For new suppliers', type: 'Supplier', note: 'Internal' });
    expect(made).toMatchObject({ versionNumber: 1, status: 'Editing', totalFields: 0, requiredFields: 0, publishedAt: null, type: 'Supplier' });
    const read = await forms.get(made.id);
    expectEnvelope(read, 200);
    expect(read.headers.get('etag')).toBe(`"${read.body.data!.version}"`);
    const sections = await forms.sections(made.id);
    expect(sections.body.data).toMatchObject({ formId: made.id, status: 'Editing', sections: [] });
  });

  it('refuses a missing name and fields over their limits, naming each field, writing nothing', async () => {
    const answer = await refused(server, () => forms.create({ name: ' ', description: 'd'.repeat(2001), type: 't'.repeat(51), note: 'n'.repeat(1001) }));
    expectFieldErrors(answer, ['name', 'description', 'type', 'note']);
    const atLimits = await forms.form({ name: 'n'.repeat(255), description: 'd'.repeat(2000), type: 't'.repeat(50), note: 'n'.repeat(1000) });
    expect(atLimits.name).toHaveLength(255);
  });

  it('finds versions by keyword ignoring case and diacritics, and by status', async () => {
    const tag = unique('kw');
    const editing = await forms.form({ name: `Hồ sơ Đối tác ${tag}` });
    const ready = await forms.readyForm();
    const byKeyword = await search({ keyword: `ho so doi tac ${tag}` });
    expectEnvelope(byKeyword, 200);
    expect(byKeyword.body.data!.items.map((f) => f.id)).toEqual([editing.id]);
    const readyOnes = await search({ status: 'Ready', pageSize: 100 });
    expect(readyOnes.body.data!.items.every((f) => f.status === 'Ready')).toBe(true);
    expect(readyOnes.body.data!.items.some((f) => f.id === ready.id)).toBe(true);
    const ofDefinition = await search({ definitionId: ready.definitionId });
    expect(ofDefinition.body.data!.items.map((f) => f.id)).toEqual([ready.id]);
    expectFieldErrors(await search({ status: 'Published' }), ['status']);
  });

  it('counts live versions per status', async () => {
    const before = (await server.api<Record<string, number>>('GET', '/api/v1/forms/counts', { token: forms.admin() })).body.data!;
    await forms.form();
    await forms.readyForm();
    const after = await server.api<Record<string, number>>('GET', '/api/v1/forms/counts', { token: forms.admin() });
    expectEnvelope(after, 200);
    expect(after.body.data).toEqual({ Editing: before.Editing + 1, Ready: before.Ready + 1, Outdate: before.Outdate });
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expectEnvelope(await forms.get('00000000-0000-4000-8000-000000000000'), 404);
    expectEnvelope(await forms.get('not-a-uuid'), 404);
    expectEnvelope(await forms.sections('toString'), 404);
  });
});

describe('form definitions: who may build forms', () => {
  it('refuses Support and partner users every call (403), changing nothing', async () => {
    const made = await forms.formWith([section('s1', [question('q1')])]);
    for (const email of ['support@example.com', 'partner@acme.example', 'partner@globex.example']) {
      const as = token(email);
      expectEnvelope(await search({}, as), 403);
      expectEnvelope(await forms.get(made.id, as), 403);
      expectEnvelope(await forms.sections(made.id, as), 403);
      expectEnvelope(await refused(server, () => forms.create({ name: 'Not mine' }, as)), 403);
      expectEnvelope(await refused(server, () => forms.patch(made.id, { name: 'Not mine' }, undefined, as)), 403);
      expectEnvelope(await refused(server, () => forms.saveSections(made.id, [], undefined, as)), 403);
      expectEnvelope(await refused(server, () => forms.publish(made.id, as)), 403);
      expectEnvelope(await refused(server, () => forms.remove(made.id, undefined, as)), 403);
    }
  });

  it('lets a role with Form.View read but not change', async () => {
    const made = await forms.form();
    const viewer = await make.userWith([permission('Form', 'View')]);
    expectEnvelope(await forms.get(made.id, viewer.token), 200);
    expectEnvelope(await refused(server, () => forms.saveSections(made.id, [], undefined, viewer.token)), 403);
  });
});

describe('form sections: structure', () => {
  it('saves sections, fills the rule copy from ruleId (ignoring the client copy) and counts fields', async () => {
    const rule = await forms.rule();
    const made = await forms.form();
    const fake = { name: 'forged', suggestText: '', errorText: '', minLength: 0, maxLength: 1, regex: '.*' };
    const saved = await forms.saveSections(made.id, [
      section('company', [
        question('taxCode', { required: true, ruleId: rule.id, rule: fake } as never),
        question('kind', { type: 'select', options: ['Ltd', 'Sole'], required: true }),
        question('details', {
          type: 'group',
          required: true,
          children: [
            { key: 'since', type: 'text' },
            { key: 'licence', type: 'file', required: true },
          ],
        }),
      ]),
    ]);
    expectEnvelope(saved, 200);
    const [taxCode, kind, details] = saved.body.data!.sections[0].questions;
    expect(taxCode.rule).toEqual({
      name: rule.name,
      suggestText: 'Ten digits',
      errorText: 'Ten digits, please',
      minLength: 10,
      maxLength: 10,
      regex: '[0-9]+',
    });
    expect(kind.rule).toBeNull();
    expect(details.required).toBe(false);
    expect(details.children.map((c) => c.key)).toEqual(['since', 'licence']);
    const read = (await forms.get(made.id)).body.data!;
    expect(read).toMatchObject({ totalFields: 4, requiredFields: 3 });
    expect(saved.headers.get('etag')).toBe(`"${read.version}"`);
    expect(saved.body.data!.version).toBe(read.version);
  });

  it.each([
    ['duplicate section keys', [section('a', [question('q1')]), section('a', [question('q2')])], ['sections[1].key']],
    ['duplicate question keys across sections', [section('a', [question('q1')]), section('b', [question('q1')])], ['sections[1].questions[0].key']],
    [
      'a child repeating a key',
      [section('a', [question('g', { type: 'group', children: [{ key: 'x' }, { key: 'x' }] })])],
      ['sections[0].questions[0].children[1].key'],
    ],
    [
      'a condition on a later question',
      [section('a', [question('q1', { condition: { questionKey: 'q2', operator: 'is', value: 'x' } }), question('q2')])],
      ['sections[0].questions[0].condition.questionKey'],
    ],
    [
      'a condition on itself',
      [section('a', [question('q1', { condition: { questionKey: 'q1', operator: 'is', value: 'x' } })])],
      ['sections[0].questions[0].condition.questionKey'],
    ],
    [
      'a condition on a group',
      [section('a', [question('g', { type: 'group', children: [{ key: 'c1', condition: { questionKey: 'g', operator: 'is', value: 'x' } }] })])],
      ['sections[0].questions[0].children[0].condition.questionKey'],
    ],
    [
      'a condition value a select cannot take',
      [
        section('a', [
          question('kind', { type: 'select', options: ['Ltd'] }),
          question('q2', { condition: { questionKey: 'kind', operator: 'is', value: 'Plc' } }),
        ]),
      ],
      ['sections[0].questions[1].condition.value'],
    ],
    [
      'a yes/no condition other than yes or no',
      [section('a', [question('yn', { type: 'yesNo' }), question('q2', { condition: { questionKey: 'yn', operator: 'is', value: 'maybe' } })])],
      ['sections[0].questions[1].condition.value'],
    ],
    [
      'a group in a group',
      [section('a', [question('g', { type: 'group', children: [{ key: 'g2', type: 'group' }] })])],
      ['sections[0].questions[0].children[0].type'],
    ],
    ['children of a non-group', [section('a', [question('t', { children: [{ key: 'c' }] })])], ['sections[0].questions[0].children']],
    ['a select without options', [section('a', [question('s', { type: 'select' })])], ['sections[0].questions[0].options']],
    ['repeated options', [section('a', [question('m', { type: 'multiple', options: ['A', ' a '] })])], ['sections[0].questions[0].options[1]']],
    [
      'a rule on a yes/no question',
      [section('a', [question('yn', { type: 'yesNo', ruleId: '00000000-0000-4000-8000-000000000000' })])],
      ['sections[0].questions[0].ruleId'],
    ],
    ['an unknown rule', [section('a', [question('t', { ruleId: '00000000-0000-4000-8000-000000000000' })])], ['sections[0].questions[0].ruleId']],
    ['a key with a space', [section('a', [question('tax code')])], ['sections[0].questions[0].key']],
    ['a key over 64 characters', [section('a', [question('k'.repeat(65))])], ['sections[0].questions[0].key']],
    [
      'a condition operator outside is / isNot / contains',
      [section('a', [question('q0'), question('q1', { condition: { questionKey: 'q0', operator: 'matches' as never, value: 'x' } })])],
      ['sections[0].questions[1].condition.operator'],
    ],
  ])('refuses %s with a field error, changing nothing', async (_name, sections, fields) => {
    const made = await forms.form();
    expectFieldErrors(await refused(server, () => forms.saveSections(made.id, sections)), fields);
  });

  it('refuses a rule deleted since it was chosen', async () => {
    const rule = await forms.rule();
    const made = await forms.form();
    expectEnvelope(await server.api('DELETE', `/api/v1/validation-rules/${rule.id}`, { token: forms.admin() }), 200);
    const answer = await refused(server, () => forms.saveSections(made.id, [section('a', [question('t', { ruleId: rule.id })])]));
    expectFieldErrors(answer, ['sections[0].questions[0].ruleId']);
    expect(fieldMessage(answer, 'sections[0].questions[0].ruleId')).toMatch(/deleted/);
  });

  it('accepts a condition on an earlier question of an earlier section, and "yes" on a yes/no', async () => {
    const made = await forms.form();
    const saved = await forms.saveSections(made.id, [
      section('a', [question('hasVat', { type: 'yesNo' })]),
      section('b', [question('vat', { condition: { questionKey: 'hasVat', operator: 'is', value: 'Yes' } })]),
    ]);
    expectEnvelope(saved, 200);
  });

  // __proto__, constructor and prototype are refused (formKeysReserved.test.ts): no JSON body could answer them.
  it('keeps "toString", "valueOf" and "hasOwnProperty" as plain keys', async () => {
    const made = await forms.form();
    const sections = [
      section('toString', [
        question('toString', { type: 'yesNo' }),
        question('valueOf', { condition: { questionKey: 'toString', operator: 'is', value: 'yes' } }),
        question('hasOwnProperty', { type: 'group', children: [{ key: 'isPrototypeOf' }] }),
      ]),
    ];
    const saved = await forms.saveSections(made.id, sections);
    expectEnvelope(saved, 200);
    expect(saved.body.data!.sections[0].questions.map((q) => q.key)).toEqual(['toString', 'valueOf', 'hasOwnProperty']);
    const read = await forms.sections(made.id);
    expect(read.body.data!.sections[0].key).toBe('toString');
    expect((await forms.get(made.id)).body.data!.totalFields).toBe(3);
    expectFieldErrors(await refused(server, () => forms.saveSections(made.id, [section('a', [question('toString'), question('toString')])])), [
      'sections[0].questions[1].key',
    ]);
  });

  it('refuses oversized documents with 400, never 500', async () => {
    const made = await forms.form();
    const tooManySections = Array.from({ length: SECTIONS_MAX + 1 }, (_, i) => section(`s${i}`, []));
    expectFieldErrors(await refused(server, () => forms.saveSections(made.id, tooManySections)), ['sections']);
    const tooManyQuestions = [
      section(
        's',
        Array.from({ length: QUESTIONS_PER_SECTION_MAX + 1 }, (_, i) => question(`q${i}`)),
      ),
    ];
    expectFieldErrors(await refused(server, () => forms.saveSections(made.id, tooManyQuestions)), ['sections[0].questions']);
    const children = Array.from({ length: QUESTIONS_PER_SECTION_MAX }, (_, i) => ({ key: `c${i}` }));
    const groupTooBig = [section('s', [question('g', { type: 'group', children })])];
    expectFieldErrors(await refused(server, () => forms.saveSections(made.id, groupTooBig)), ['sections[0].questions']);
    const longLabel = [section('s', [question('q', { label: 'l'.repeat(501), options: Array.from({ length: 101 }, (_, i) => `o${i}`), type: 'select' })])];
    expectFieldErrors(await refused(server, () => forms.saveSections(made.id, longLabel)), [
      'sections[0].questions[0].label',
      'sections[0].questions[0].options',
    ]);
  });

  it('refuses a body that is not a sections document', async () => {
    const made = await forms.form();
    for (const body of [{}, { sections: 'x' }, { sections: [{ key: 1 }] }, []]) {
      const answer = await refused(server, () => server.api<FormSectionsDto>('PUT', `/api/v1/forms/${made.id}/sections`, { token: forms.admin(), body }));
      expect(answer.status).toBe(400);
    }
  });
});
