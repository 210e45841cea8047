import { describe, expect, it } from 'vitest';
import { utcToday } from '../../contract/answers';
import { question, section, when } from '../fixtures/formQuestions';
import { formCalls } from './formDefinitionsFixtures';
import { typedAnswers, typedQuestion, typedSections } from '../fixtures/typedQuestions';
import { useDemoServer } from './factories';
import { expectEnvelope, expectFieldErrors, fieldMessage, refused } from './expectations';
import { pdfText } from './pdfText';
import { translate } from '../../server/core/i18n';
import { partnerWithForm } from './partnerFormsFixtures';

/** Typed answers (issue 40) through the real server: the contract's checks at Save Draft and Submit, the PDF and the CSV. */
const demo = useDemoServer();
const { server, token } = demo;
const admin = () => token('admin@example.com');
const typedForm = () => partnerWithForm(demo, { sections: typedSections() });
const save = (form: Awaited<ReturnType<typeof typedForm>>, answers: Record<string, unknown>) => form.save(answers, undefined, 'figures');
const english = (key: string) => translate('en', key);
/** Intl writes no-break spaces between an amount and its symbol: read as spaces here. */
const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('typed answers', () => {
  it('a draft keeps what the partner typed; Submit refuses each answer that is not right, says why, and changes nothing', async () => {
    const form = await typedForm();
    const typed = { area: '12,5', staff: '4.5', licenceExpiry: utcToday(), hotline: '0283 822 123', website: 'javascript:alert(1)' };
    expectEnvelope(await save(form, typed), 200);
    expect((await form.row()).answers).toMatchObject(typed);
    const answer = await refused(server, () => form.submit({ ...typedAnswers(utcToday()), ...typed }));
    expectFieldErrors(answer, ['area', 'staff', 'licenceExpiry', 'hotline', 'website']);
    expect(fieldMessage(answer, 'area')).toBe(english('validation.numberInvalid'));
    expect(fieldMessage(answer, 'staff')).toBe(english('validation.integer'));
    expect(fieldMessage(answer, 'licenceExpiry')).toBe(english('validation.dateFuture'));
    expect(fieldMessage(answer, 'hotline')).toBe(english('validation.phoneInternational'));
    expect(fieldMessage(answer, 'website')).toBe(english('validation.website'));
  });

  it('hostile values are refused at Save Draft with a clear 400, never a 500, and change nothing', async () => {
    const form = await typedForm();
    const url = `${form.url}/sections/figures`;
    const raw = (body: string) =>
      refused(server, () => server.api('PUT', url, { token: form.user.token, rawBody: body, headers: { 'content-type': 'application/json' } }));
    expectFieldErrors(await raw('{"answers":{"area":1e309}}'), ['area']);
    expectFieldErrors(await raw('{"answers":{"area":12}}'), ['area']);
    expectFieldErrors(await raw(`{"answers":{"area":"${'9'.repeat(100_000)}"}}`), ['area']);
    expectFieldErrors(await raw('{"answers":{"turnover":{"currency":"VND","amount":"1","toString":"x"}}}'), ['turnover']);
    expectFieldErrors(await raw('{"answers":{"turnover":["VND","1"]}}'), ['turnover']);
    expect((await raw('{"answers":{"turnover":{"currency":"VND","amount":"1","__proto__":{"x":1}}}}')).status).toBe(400);
    expectFieldErrors(await raw('{"answers":{"hotline":"+84\\u0000"}}'), ['hotline']);
    expectFieldErrors(await raw('{"answers":{"mailbox":"a\\ud800@b.example"}}'), ['mailbox']);
    const dates = await refused(server, () => form.submit({ ...typedAnswers(utcToday()), licenceExpiry: '275760-09-13', founded: '0000-01-01' }));
    expectFieldErrors(dates, ['licenceExpiry', 'founded']);
  });

  it("submitted answers are stored canonical and read in the reader's locale in the PDF and the CSV, canonical for scripts", async () => {
    const form = await typedForm();
    const answers = typedAnswers(utcToday());
    expectEnvelope(await form.submit(answers), 200);
    expect((await form.row()).answers).toEqual(answers);

    const pdf = async (language: string) => {
      const response = await fetch(`${server.url}${form.url}/pdf`, { headers: { authorization: `Bearer ${admin()}`, 'client-language': language } });
      expect(response.status).toBe(200);
      return spaced(pdfText(Buffer.from(await response.arrayBuffer())).join('\n'));
    };
    const vietnamese = await pdf('vi');
    expect(vietnamese).toContain('1.500.000.000 ₫');
    expect(vietnamese).toContain('1.234,5 m²');
    expect(vietnamese).toContain('31 thg 3, 1998');
    expect(vietnamese).toContain('+84283822123');
    const english = await pdf('en');
    expect(english).toContain('₫1,500,000,000');
    expect(english).toContain('1,234.5 m²');
    expect(english).toContain('31 Mar 1998');

    const csv = async (query: string, language = 'en') => {
      const response = await fetch(`${server.url}/api/v1/partner-forms/export?definitionId=${form.version.definitionId}${query}`, {
        headers: { authorization: `Bearer ${admin()}`, 'client-language': language },
      });
      return spaced((await response.text()).replace(/^\uFEFF/, ''));
    };
    const keys = await csv('&headers=keys');
    expect(keys).toContain('1500000000 VND');
    expect(keys).toContain(',1234.5,42,');
    expect(keys).toContain('1998-03-31');
    const labels = await csv('', 'vi');
    expect(labels).toContain('1.500.000.000 ₫');
    expect(labels).toContain('"1.234,5 m²"');
    expect(labels).toContain('31 thg 3, 1998');
  });

  it("a calculated answer is the server's: computed at Save Draft and Submit from the answers, whatever the client sent, and printed", async () => {
    const sections = [
      section('figures', [
        typedQuestion('monthly', 'currency', { currencies: ['VND'] }),
        typedQuestion('months', 'number', { integer: true }),
        question('yearly', 'calculated', { calculation: { expression: '{monthly} * {months}', decimals: 0, unit: 'VND' } }),
        question('perDay', 'calculated', { calculation: { expression: 'round({yearly} / 365, 2)', decimals: 2, unit: '' } }),
      ]),
    ];
    const form = await partnerWithForm(demo, { sections });
    const saved = await save(form, { monthly: { currency: 'VND', amount: '125000000' }, months: '12', yearly: '1', perDay: 'x' });
    expect(expectEnvelope(saved, 200).body.data!.answers).toMatchObject({ yearly: '1500000000', perDay: '4109589.04' });
    expectEnvelope(await form.submit({ months: '0', yearly: '999' }), 200);
    expect((await form.row()).answers).toMatchObject({ months: '0', yearly: '0', perDay: '0' });
    expectEnvelope(await save(form, {}), 409);
    const response = await fetch(`${server.url}${form.url}/pdf`, { headers: { authorization: `Bearer ${admin()}`, 'client-language': 'vi' } });
    expect(spaced(pdfText(Buffer.from(await response.arrayBuffer())).join('\n'))).toContain('0 VND');
  });

  it('a question shown on an AND of a comparison and a yes/no is required only when both hold, by the server as by the browser', async () => {
    const sections = [
      section('figures', [
        typedQuestion('turnover', 'number'),
        question('foreign', 'yesNo'),
        question('auditor', 'text', {
          required: true,
          condition: { join: 'and', conditions: [when('turnover', 'gt', '1000000'), when('foreign', 'is', 'yes')] },
        }),
      ]),
    ];
    const form = await partnerWithForm(demo, { sections });
    expectEnvelope(await form.submit({ turnover: '1000000', foreign: true }), 200);
    const other = await partnerWithForm(demo, { sections });
    expectFieldErrors(await refused(server, () => other.submit({ turnover: '1000000.5', foreign: true })), ['auditor']);
    expectEnvelope(await other.submit({ turnover: '1000000.5', foreign: true, auditor: 'KPMG Vietnam' }), 200);
  });

  it('the builder saves a group of conditions as given and refuses one inside it that is wrong, by its path', async () => {
    const calls = formCalls(demo);
    const group = {
      join: 'or',
      conditions: [when('turnover', 'gte', '5'), { join: 'and', conditions: [when('foreign', 'is', 'yes'), when('turnover', 'lt', '1')] }],
    };
    const made = await calls.formWith([
      section('s', [typedQuestion('turnover', 'number'), question('foreign', 'yesNo'), question('shown', 'text', { condition: group as never })]),
    ]);
    expect((await calls.sections(made.id)).body.data!.sections[0].questions[2].condition).toEqual(group);
    const wrong = { join: 'and', conditions: [when('turnover', 'gt', 'lots'), when('foreign', 'gt', '1')] };
    const answer = await refused(server, () =>
      calls.saveSections(made.id, [
        section('s', [typedQuestion('turnover', 'number'), question('foreign', 'yesNo'), question('shown', 'text', { condition: wrong as never })]),
      ]),
    );
    expectFieldErrors(answer, ['sections[0].questions[2].condition.conditions[0].value', 'sections[0].questions[2].condition.conditions[1].operator']);
  });
});
