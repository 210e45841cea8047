import { describe, expect, it } from 'vitest';
import type { FormSectionsDto } from '../../contract/forms';
import { expectEnvelope, expectFieldErrors, fieldMessage, refused } from './expectations';
import { useDemoServer } from './factories';
import { formCalls, question, section } from './formDefinitionsFixtures';

const demo = useDemoServer();
const { server } = demo;
const forms = formCalls(demo);

const saveSectionsIn = (id: string, sections: unknown[], language: string) =>
  server.api<FormSectionsDto>('PUT', `/api/v1/forms/${id}/sections`, { token: forms.admin(), body: { sections }, headers: { 'client-language': language } });

describe('question and section keys a JSON body cannot carry', () => {
  it('refuses __proto__, constructor and prototype as question, child and section keys, naming each field in English and Vietnamese', async () => {
    const made = await forms.form();
    const sections = [
      section('s1', [question('__proto__', { required: true }), question('constructor'), question('g', { type: 'group', children: [{ key: 'prototype' }] })]),
      section('prototype', [question('ok')]),
    ];
    const fields = ['sections[0].questions[0].key', 'sections[0].questions[1].key', 'sections[0].questions[2].children[0].key', 'sections[1].key'];
    const english = expectFieldErrors(await refused(server, () => saveSectionsIn(made.id, sections, 'en')), fields);
    for (const field of fields) expect(fieldMessage(english, field), field).toContain('This key is reserved');
    const vietnamese = expectFieldErrors(await refused(server, () => saveSectionsIn(made.id, sections, 'vi')), fields);
    for (const field of fields) expect(fieldMessage(vietnamese, field), field).toContain('Khóa này được dành riêng');
  });

  it('refuses a condition naming such a key, and keeps keys that only resemble them', async () => {
    const made = await forms.form();
    const condition = { questionKey: '__proto__', operator: 'is' as const, value: 'yes' };
    const field = 'sections[0].questions[0].condition.questionKey';
    const answer = expectFieldErrors(await refused(server, () => forms.saveSections(made.id, [section('s1', [question('q', { condition })])])), [field]);
    expect(fieldMessage(answer, field)).toContain('This key is reserved');
    const lookalikes = [section('s1', [question('__proto'), question('Constructor'), question('prototype_2'), question('toString')])];
    expectEnvelope(await forms.saveSections(made.id, lookalikes), 200);
  });

  it('accepts such words as option values and condition values: answers carry them as values, never as keys', async () => {
    const made = await forms.form();
    const options = ['__proto__', 'constructor', 'prototype'];
    const sections = [
      section('s1', [
        question('pick', { type: 'select', options }),
        question('why', { condition: { questionKey: 'pick', operator: 'is', value: '__proto__' } }),
      ]),
    ];
    const saved = expectEnvelope(await forms.saveSections(made.id, sections), 200);
    expect(saved.body.data!.sections[0].questions[0].options).toEqual(options);
  });
});
