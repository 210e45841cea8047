import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_HEADER } from '../../contract/http';
import apiEn from '../../i18n/api.en';
import apiVi from '../../i18n/api.vi';
import { expectEnvelope, expectFieldErrors, refused } from './expectations';
import { useDemoServer } from './factories';
import { linkIn, startServer, type TestServer } from './harness';

const { server, make, token: tokenOf, roleIds, partnerIds } = useDemoServer();

const resend = (email: unknown, headers: Record<string, string> = {}, prefix = '/api/v1') =>
  server.api('POST', `${prefix}/users/resend-activation`, { body: { email }, headers });
const verifyActivation = (email: string, token: string) => server.api<boolean>('POST', '/api/users/verify-token/email-active', { body: { email, token } });
const waitingUser = () => make.user({ roleId: roleIds.Partner, partnerId: partnerIds['Acme Logistics'], active: false });
const mailsTo = (email: string) => server.outbox().filter((mail) => mail.includes(email));
/** The mail's text with soft line breaks and quoted-printable bytes decoded. */
const decodedBody = (mail: string) =>
  mail.replace(/=\r?\n/g, '').replace(/(=[0-9A-F]{2})+/g, (bytes) => Buffer.from(bytes.replace(/=/g, ''), 'hex').toString('utf8'));
const codeIn = (mail: string) => linkIn(mail).searchParams.get('code')!;

describe('request another activation link (POST /users/resend-activation)', () => {
  it('an account waiting for activation gets a new /active link for its address', async () => {
    const user = await waitingUser();
    expect(mailsTo(user.email)).toHaveLength(1);
    expectEnvelope(await resend(`  ${user.email.toUpperCase()} `), 200, apiEn.auth.activationResent);
    const mails = mailsTo(user.email);
    expect(mails).toHaveLength(2);
    const link = linkIn(mails[1]);
    expect(link.pathname).toBe('/active');
    expect(link.searchParams.get('email')).toBe(user.email);
    expectEnvelope(await verifyActivation(user.email, codeIn(mails[1])), 200, apiEn.auth.tokenValid);
  });

  it('the earlier activation codes stop working once a new one is sent', async () => {
    const user = await waitingUser();
    const firstCode = codeIn(mailsTo(user.email)[0]);
    expectEnvelope(await verifyActivation(user.email, firstCode), 200);
    await resend(user.email);
    expectFieldErrors(await refused(server, () => verifyActivation(user.email, firstCode)), ['token']);
    const confirm = () => server.api('POST', '/api/users/confirm-mail', { body: { email: user.email, token: firstCode, password: 'Welcome-harbour-2024' } });
    expectEnvelope(await refused(server, confirm), 400, apiEn.auth.tokenInvalid);
  });

  it('an active account, a deactivated one and an unknown address get the same answer, no mail and no change', async () => {
    const waiting = await waitingUser();
    const waitingAnswer = await resend(waiting.email);
    const deactivated = await make.user({ roleId: roleIds.Partner, partnerId: partnerIds['Acme Logistics'] });
    expectEnvelope(await server.api('POST', `/api/users/${deactivated.id}/toggle-status`, { token: tokenOf('admin@example.com') }), 200);

    for (const email of ['partner@acme.example', deactivated.email, 'nobody.waiting@example.com']) {
      const count = server.outbox().length;
      const before = await server.snapshot();
      const answer = await resend(email);
      expect(answer.status).toBe(200);
      expect(answer.text).toBe(waitingAnswer.text);
      expect(answer.body.data).toBeNull();
      expect(await server.snapshot()).toBe(before);
      expect(server.outbox().length).toBe(count);
    }
  });

  it('the answer and the mail are in the language of the request', async () => {
    const user = await waitingUser();
    expectEnvelope(await resend(user.email, { [LANGUAGE_HEADER]: 'vi' }, '/api'), 200, apiVi.auth.activationResent);
    const body = decodedBody(mailsTo(user.email).at(-1)!);
    expect(body).toContain('Xin chào Factory User');
    expect(body).toContain('Một tài khoản đã được tạo cho bạn');
  });

  it('a missing, wrong-typed or malformed email answers 400 on the email field and sends nothing', async () => {
    for (const body of [{}, { email: '' }, { email: 'not-an-email' }, { email: 42 }, { email: ['a@b.example'] }, { email: `${'a'.repeat(250)}@example.com` }]) {
      const count = server.outbox().length;
      const answer = await refused(server, () => server.api('POST', '/api/v1/users/resend-activation', { body }));
      expectFieldErrors(answer, ['email']);
      expect(server.outbox().length).toBe(count);
    }
  });
});

describe('resend-activation rate limit', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startServer({ limits: { forgotPasswordPerHour: 2 } });
  });
  afterAll(() => limited.close());

  it('shares the per-address limit with forgot-password: past it the answer is 429 and no mail goes out', async () => {
    const call = (path: string) => limited.api('POST', `/api/v1/users/${path}`, { body: { email: 'nobody@example.com' } });
    expectEnvelope(await call('forgot-password'), 200);
    expectEnvelope(await call('resend-activation'), 200);
    const mails = limited.outbox().length;
    const answer = await call('resend-activation');
    expectEnvelope(answer, 429, apiEn.api.tooManyRequests);
    expect(limited.outbox().length).toBe(mails);
  });
});
