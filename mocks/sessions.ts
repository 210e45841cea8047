import { http } from 'msw';
import type { SignInDto } from '../contract/signIns';
import { failed, ok } from './envelopes';
import { claimsOf } from './tokens';

/** The signed-in user's sign-in in the mock: the one every list marks current. */
export const CURRENT_SIGN_IN: SignInDto = {
  id: '00000000-0000-4000-e000-000000000001',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  address: '127.0.0.1',
  method: 'password',
  createdAt: '2026-11-20T08:00:00.000Z',
  lastActiveAt: '2026-11-27T08:00:00.000Z',
  current: true,
  impersonator: null,
  reason: null,
  endsAt: null,
};

/** Sign-ins of the mock API (issue 26, point 3): the current one and the others a test adds; ending removes them. */
export const sessionsMock = {
  others: [] as SignInDto[],
  ended: [] as string[],
  reset() {
    this.others = [];
    this.ended = [];
  },
};

const signedIn = (request: Request) => {
  const token = request.headers.get('authorization')?.replace(/^Bearer /, '');
  return token ? claimsOf(token) : null;
};

export const sessionHandlers = [
  http.get('/api/account/sessions', ({ request }) =>
    signedIn(request) ? ok([CURRENT_SIGN_IN, ...sessionsMock.others]) : failed(401, 'You are not signed in'),
  ),
  http.post('/api/account/sessions/end-others', ({ request }) => {
    if (!signedIn(request)) return failed(401, 'You are not signed in');
    const ids = sessionsMock.others.map((session) => session.id);
    sessionsMock.ended.push(...ids);
    sessionsMock.others = [];
    return ok(ids, `Ended ${ids.length} other sign-ins`);
  }),
  http.post('/api/account/sessions/:id/end', ({ request, params }) => {
    if (!signedIn(request)) return failed(401, 'You are not signed in');
    const found = sessionsMock.others.find((session) => session.id === params.id);
    if (!found) return failed(404, 'No such sign-in, or it has already ended');
    sessionsMock.others = sessionsMock.others.filter((session) => session !== found);
    sessionsMock.ended.push(found.id);
    return ok(null, 'The sign-in has been ended');
  }),
];
