import { describe, expect, it } from 'vitest';
import type { PartnerFormDto } from '../../contract/forms';
import { translate } from '../../server/core/i18n';
import { question, section } from '../fixtures/formQuestions';
import { director, repeatingSections } from '../fixtures/repeatingGroups';
import { expectEnvelope, expectFieldErrors, fieldMessage, refused } from './expectations';
import { useDemoServer } from './factories';
import { formCalls } from './formDefinitionsFixtures';
import { partnerWithForm } from './partnerFormsFixtures';
import { pdfText } from './pdfText';

/** Repeating groups (issue 40) through the real server: rows saved, checked, computed, reviewed row by row, printed and exported. */
const demo = useDemoServer();
const { server, token } = demo;
const admin = () => token('admin@example.com');
const rowsForm = () => partnerWithForm(demo, { sections: repeatingSections() });
type Form = Awaited<ReturnType<typeof rowsForm>>;
const review = (form: Form, body: object) => server.api<PartnerFormDto>('POST', `${form.url}/review`, { token: admin(), body });
const two = () => [director('Ann', { share: '60' }), director('Binh', { share: '40', nationality: 'other', passport: 'P-77' })];
const complete = () => ({ companyName: 'Acme', directors: two(), boardNote: 'Two directors sign together', foreignNote: 'Binh lives abroad' });

describe('repeating groups', () => {
  it('rows are saved as sent, their calculated answers and the totals over them computed by the server', async () => {
    const form = await rowsForm();
    const saved = expectEnvelope(
      await form.save({ directors: [director('Ann', { share: '60', halfShare: '1' }), director('Binh', { share: '40.5' })], totalShare: '7' }),
      200,
    );
    expect(saved.body.data!.answers).toMatchObject({
      directors: [
        { name: 'Ann', share: '60', halfShare: '30' },
        { name: 'Binh', share: '40.5', halfShare: '20.25' },
      ],
      totalShare: '100.5',
      directorCount: '2',
    });
  });

  it('a draft with too many rows, a row of unknown or wrong answers, or an answer of a child on its own is refused by path and changes nothing', async () => {
    const form = await rowsForm();
    expectEnvelope(await form.save({ directors: [director('Ann')] }), 200);
    const before = (await form.row()).answers;
    const many = Array.from({ length: 6 }, (_, index) => director(`D${index}`));
    expectFieldErrors(await refused(server, () => form.save({ directors: many })), ['directors']);
    expectFieldErrors(await refused(server, () => form.save({ directors: [{ name: 7, toString: 'x' }] })), ['directors[0].name', 'directors[0].toString']);
    expectFieldErrors(await refused(server, () => form.save({ name: 'Ann' })), ['name']);
    expectFieldErrors(await refused(server, () => form.save({ directors: [{ name: 'A\u0000' }] })), ['directors[0].name']);
    const deep = await server.api('PUT', `${form.url}/sections/company`, { token: form.user.token, body: { answers: { directors: [{ name: [[['x']]] }] } } });
    expect(deep.status).toBe(400);
    expect((await form.row()).answers).toEqual(before);
  });

  it('Submit names the row answer to fix, asks a row’s conditional question, and a condition on the number of rows', async () => {
    const form = await rowsForm();
    const answer = await refused(server, () => form.submit({ companyName: 'Acme', directors: [director('Ann'), director('', { nationality: 'other' })] }));
    expectFieldErrors(answer, ['directors[1].name', 'directors[1].passport', 'boardNote']);
    expect(fieldMessage(answer, 'directors[1].name')).toBe(translate('en', 'validation.required'));
    const none = await refused(server, () => form.submit({ companyName: 'Acme', directors: [] }));
    expect(fieldMessage(none, 'directors')).toBe(translate('en', 'validation.minRows', { min: 1 }));
    expectEnvelope(await form.submit(complete()), 200);
  });

  it('staff flag one row’s answer: only that answer may change, not another row’s nor the number of rows', async () => {
    const form = await rowsForm();
    expectEnvelope(await form.submit(complete()), 200);
    const returned = expectEnvelope(await review(form, { outcome: 'return', flags: { 'directors[1].idNumber': 'The ID number has a digit missing' } }), 200);
    expect(returned.body.data!.review!.flags).toEqual({ 'directors[1].idNumber': { comment: 'The ID number has a digit missing' } });
    const rows = two();
    const changedOther = rows.map((row, index) => (index === 0 ? { ...row, name: 'Anne' } : row));
    expectFieldErrors(await refused(server, () => form.save({ directors: changedOther })), ['directors[0].name']);
    expectFieldErrors(await refused(server, () => form.save({ directors: [rows[0]] })), ['directors']);
    const fixed = rows.map((row, index) => (index === 1 ? { ...row, idNumber: 'ID-Binh-1' } : row));
    expectEnvelope(await form.save({ directors: fixed }), 200);
    expectEnvelope(await form.submit(), 200);
    expect(((await form.row()).answers.directors as { idNumber: string }[])[1].idNumber).toBe('ID-Binh-1');
    const unknown = await refused(server, () => review(form, { outcome: 'return', flags: { 'directors[9].idNumber': 'x', 'directors[0].nope': 'y' } }));
    expectFieldErrors(unknown, ['flags.directors[9].idNumber', 'flags.directors[0].nope']);
  });

  it('the PDF prints a block per row and the CSV a line per row under each child question, in the reader’s language', async () => {
    const form = await rowsForm();
    expectEnvelope(await form.submit(complete()), 200);
    const pdf = async (language: string) => {
      const response = await fetch(`${server.url}${form.url}/pdf`, { headers: { authorization: `Bearer ${admin()}`, 'client-language': language } });
      expect(response.status).toBe(200);
      return pdfText(Buffer.from(await response.arrayBuffer())).join('\n');
    };
    const vietnamese = await pdf('vi');
    expect(vietnamese).toMatch(/Dòng 1[\s\S]*Ann[\s\S]*Dòng 2[\s\S]*Binh[\s\S]*P-77/);
    expect(await pdf('en')).toMatch(/Row 1[\s\S]*ID-Ann[\s\S]*Row 2[\s\S]*ID-Binh/);

    const csv = async (query: string) => {
      const response = await fetch(`${server.url}/api/v1/partner-forms/export?definitionId=${form.version.definitionId}${query}`, {
        headers: { authorization: `Bearer ${admin()}`, 'client-language': 'en' },
      });
      return (await response.text()).replace(/^\uFEFF/, '');
    };
    const labels = await csv('');
    expect(labels).toContain('directors › name');
    expect(labels).toContain('"1. Ann\n2. Binh"');
    expect(labels).toContain('"1. \n2. P-77"');
    const keys = await csv('&headers=keys');
    expect(keys).toContain('directors.idNumber');
    expect(keys).toContain('"ID-Ann\nID-Binh"');
    expect(keys.split('\n')[0]).toContain(',directors,');
  });

  it('the builder saves a group’s rows and refuses rows on another type, fewer above most, and files in rows, by path', async () => {
    const calls = formCalls(demo);
    const made = await calls.formWith(repeatingSections());
    const saved = (await calls.sections(made.id)).body.data!.sections[0].questions[1];
    expect(saved.repeat).toEqual({ min: 1, max: 5 });
    expect(saved.children.find((child) => child.key === 'passport')?.repeat).toBeUndefined();
    const answer = await refused(server, () =>
      calls.saveSections(made.id, [
        section('s', [
          question('a', 'text', { repeat: { min: 0, max: 2 } }),
          question('g', 'group', { repeat: { min: 3, max: 2 }, children: [question('f', 'file')] }),
        ]),
      ]),
    );
    expectFieldErrors(answer, ['sections[0].questions[0].repeat', 'sections[0].questions[1].repeat.max', 'sections[0].questions[1].children[0].type']);
    const tooMany = await refused(server, () =>
      calls.saveSections(made.id, [section('s', [question('h', 'group', { repeat: { min: 0, max: 51 }, children: [question('t', 'text')] })])]),
    );
    expectFieldErrors(tooMany, ['sections[0].questions[0].repeat.max']);
    expect((await calls.sections(made.id)).body.data!.sections[0].questions[1].repeat).toEqual({ min: 1, max: 5 });
  });
});
