import { describe, expect, it } from 'vitest';
import { afterAnswersSettled } from '../../server/modules/accounts/afterAnswer';
import { useDemoServer } from './factories';
import { linkIn } from './harness';

/**
 * A client whose answer was lost sends the same request again, or a user presses twice: the mails may all go out,
 * but only one of their links may work ("earlier codes stop working"). On PostgreSQL the requests really overlap.
 */
const { server, make, roleIds, partnerIds } = useDemoServer();
const AT_ONCE = 8;

const mailsTo = (email: string) => server.outbox().filter((mail) => mail.includes(email));

/** Sends the same body to `path` AT_ONCE times together and waits for the mails they send after answering. */
async function atOnce(path: string, email: string) {
  const answers = await Promise.all(
    Array.from({ length: AT_ONCE }, () =>
      fetch(`${server.url}/api/v1/users/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) }),
    ),
  );
  expect(answers.map((answer) => answer.status)).toEqual(Array(AT_ONCE).fill(200));
  await afterAnswersSettled(server.built.app.server);
}

/** How many of these codes a verify call still accepts. */
async function liveCodes(path: string, email: string, codes: string[]) {
  const verdicts = await Promise.all(codes.map((token) => server.api('POST', `/api/v1/users/verify-token/${path}`, { body: { email, token } })));
  return verdicts.filter((verdict) => verdict.status === 200).length;
}

describe('links mailed by requests at once', () => {
  it('"send a new link" sent many times at once leaves exactly one working activation link', async () => {
    const user = await make.user({ roleId: roleIds.Partner, partnerId: partnerIds['Acme Logistics'], active: false });
    await atOnce('resend-activation', user.email);
    const codes = mailsTo(user.email).map((mail) => linkIn(mail).searchParams.get('code')!);
    expect(codes.length).toBeGreaterThan(1);
    expect(await liveCodes('email-active', user.email, codes)).toBe(1);
  });

  it('"forgot password" sent many times at once leaves exactly one working reset link', async () => {
    const user = await make.user({ roleId: roleIds.Partner, partnerId: partnerIds['Acme Logistics'] });
    await atOnce('forgot-password', user.email);
    const codes = mailsTo(user.email)
      .map(linkIn)
      .filter((link) => link.pathname === '/forgot-password')
      .map((link) => link.searchParams.get('token')!);
    expect(codes.length).toBeGreaterThan(1);
    expect(await liveCodes('forgot-password', user.email, codes)).toBe(1);
  });
});
