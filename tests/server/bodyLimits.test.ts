import { describe, expect, it } from 'vitest';
import { TEXT_ANSWER_MAX } from '../../contract/forms';
import { LANGUAGE_HEADER } from '../../contract/http';
import { ANSWERS_BODY_BYTES_MAX } from '../../contract/schemas/partnerForms';
import { question, section } from '../fixtures/formQuestions';
import { expectEnvelope, fieldMessage } from './expectations';
import { useDemoServer } from './factories';
import { partnerWithForm } from './partnerFormsFixtures';

/**
 * Issue 33: a route's body limit follows its contract's limits, so a body the contract accepts is read and answered
 * on its merits; a body over the limit is a 413 in the envelope naming the limit.
 */
const demo = useDemoServer();
const { server, token } = demo;

/** A partner form whose section `long` holds 200 text questions. */
const longSection = () =>
  partnerWithForm(demo, {
    sections: [
      section(
        'long',
        Array.from({ length: 200 }, (_, n) => question(`q${n}`, 'text')),
      ),
    ],
  });
const answersOf = (text: string, count = 200) => Object.fromEntries(Array.from({ length: count }, (_, n) => [`q${n}`, text]));
/** Vietnamese text: most letters take 2 or 3 bytes in UTF-8. */
const vietnamese = (length: number) => 'Nguyễn Thị Hương, đường Lê Lợi, phường Bến Nghé. '.repeat(Math.ceil(length / 40)).slice(0, length);

describe('body limits that agree with the contract', () => {
  it('saves a section of 200 answers at the longest a text answer may be, in Vietnamese (over the 1 MB of other routes)', async () => {
    const form = await longSection();
    const answers = answersOf(vietnamese(TEXT_ANSWER_MAX));
    expect(Buffer.byteLength(JSON.stringify({ answers }))).toBeGreaterThan(1024 * 1024);
    expectEnvelope(await form.save(answers, undefined, 'long'), 200);
    expect((await form.row()).answers.q199).toBe(answers.q199);
  });

  it('answers a section of 200 answers × 7,900 characters with the answers over their limit named (400), not a refusal of its size', async () => {
    const form = await longSection();
    const answer = await form.save(answersOf(vietnamese(7_900)), undefined, 'long');
    expectEnvelope(answer, 400);
    expect(fieldMessage(answer, 'q0')).toBe(`At most ${TEXT_ANSWER_MAX} characters`);
    expect((await form.row()).answers).toEqual({});
  });

  it('refuses answers whose texts together pass a section answered at twice the longest answer, naming the total', async () => {
    const form = await longSection();
    const answer = await form.save(answersOf('x'.repeat(8_000), 201), undefined, 'long');
    expectEnvelope(answer, 400);
    expect(fieldMessage(answer, 'answers')).toBe('At most 1600000 characters in all');
  });

  it('refuses a body over its route limit with a 413 in the envelope naming the limit in MB, in English and Vietnamese', async () => {
    const form = await longSection();
    const over = JSON.stringify({ answers: { q0: 'x'.repeat(ANSWERS_BODY_BYTES_MAX) } });
    const limit = Math.round((ANSWERS_BODY_BYTES_MAX / (1024 * 1024)) * 10) / 10;
    for (const [language, text] of [
      ['en', `The request body is over this request’s limit of ${limit} MB`],
      ['vi', `Nội dung yêu cầu vượt quá giới hạn ${limit} MB của yêu cầu này`],
    ]) {
      const answer = await server.api('PUT', `${form.url}/sections/long`, {
        token: form.user.token,
        rawBody: over,
        headers: { 'content-type': 'application/json', [LANGUAGE_HEADER]: language },
      });
      expectEnvelope(answer, 413, text);
    }
    // A route without a limit of its own keeps the app's 1 MB.
    const partner = await server.api('POST', '/api/v1/partners', { token: token('admin@example.com'), body: { name: 'x'.repeat(1024 * 1024) } });
    expectEnvelope(partner, 413, 'The request body is over this request’s limit of 1 MB');
  });
});
