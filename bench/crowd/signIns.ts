import { TENANT_HEADER, TENANT_ROOT } from '../../contract/http';
import { DEMO_PASSWORD } from '../../server/modules/users/users.demo';
import { percentile } from './report';

interface SignInAnswer {
  status: number;
  ms: number;
  retryAfter: string | null;
}

async function signIn(url: string): Promise<SignInAnswer> {
  const started = performance.now();
  const answer = await fetch(`${url}/api/token`, {
    method: 'POST',
    headers: { [TENANT_HEADER]: TENANT_ROOT, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: DEMO_PASSWORD }),
  });
  await answer.arrayBuffer();
  return { status: answer.status, ms: performance.now() - started, retryAfter: answer.headers.get('retry-after') };
}

const ms = (values: number[]) => (values.length ? `p50 ${percentile(values, 50).toFixed(0)} ms, p99 ${percentile(values, 99).toFixed(0)} ms` : '—');

/**
 * `count` sign-ins at once (Argon2 each) beside one alone: those the hashing queue admitted, and those it refused at
 * once with 503 and Retry-After because they would have waited longer than the queue's longest wait.
 */
export async function signInBurstLines(url: string, count: number): Promise<string[]> {
  const alone: number[] = [];
  for (let i = 0; i < 5; i++) {
    const answer = await signIn(url);
    if (answer.status !== 200) throw new Error(`a sign-in alone answered ${answer.status}`);
    alone.push(answer.ms);
  }
  const answers = await Promise.all(Array.from({ length: count }, () => signIn(url)));
  const admitted = answers.filter((a) => a.status === 200);
  const busy = answers.filter((a) => a.status === 503);
  const other = answers.length - admitted.length - busy.length;
  const retryAfters = [...new Set(busy.map((a) => a.retryAfter ?? 'none'))].join(', ');
  return [
    `${count} sign-ins at once: ${admitted.length} signed in (${ms(admitted.map((a) => a.ms))}), ` +
      `${busy.length} answered 503 busy (${ms(busy.map((a) => a.ms))}, Retry-After ${retryAfters || '—'})` +
      (other ? `, ${other} other answers (a failure)` : ''),
    `one sign-in alone: ${ms(alone)}; goal: no sign-in waits more than a few seconds (PASSWORD_HASH_MAX_WAIT_SECONDS, 3 s), a refused one answers at once`,
  ];
}
