import { http, HttpResponse, type DefaultBodyType, type StrictRequest } from 'msw';
import type { FieldError, PagedResult, SearchRequest } from '../contract/envelope';
import { LANGUAGE_HEADER, TENANT_HEADER, TENANT_ROOT } from '../contract/http';
import type { PartnerDto } from '../contract/partners';
import { partnerSchema } from '../contract/schemas/partners';
import type { AccessTokenClaims } from '../contract/tokens';
import type { UserDto } from '../contract/users';
import { lookup } from '../i18n/interpolate';
import validationEn from '../i18n/validation.en';
import { ValidationError } from 'yup';
import { accounts, DEMO_PASSWORD, permissionsOfRole, profileOf } from './accounts';
import { adminHandlers, adminMock } from './adminApi';
import { dashboardHandlers } from './dashboard';
import { inboxHandlers, inboxMock } from './inbox';
import { agreementHandlers, agreementsMock } from './agreements';
import { created, envelopeOf, failed, ok } from './envelopes';
import { realtimeHandlers } from './realtime';
import { secondFactorHandlers, secondFactorMock } from './secondFactor';
import { sessionHandlers, sessionsMock } from './sessions';
import { ticketHandlers, ticketsMock } from './tickets';
import { assignmentHandlers, assignmentMock } from './ticketAssignment';
import { serviceLevelHandlers, serviceLevelsMock } from './serviceLevels';
import { countryHandlers } from './countries';
import { helpCenterHandlers, helpCenterMock } from './helpCenter';
import { claimsOf, fakeCredentials } from './tokens';

type Claims = Omit<AccessTokenClaims, 'exp'>;

export const VALID_MAIL_TOKEN = 'valid-mail-token';

const STAMP = '2025-01-01T00:00:00.000Z';

/** A partner as the API answers it, made from a create or update body (the server drops other fields). */
export const partnerOf = (input: Partial<Record<keyof PartnerDto, unknown>>, id: string, version = '1'): PartnerDto => ({
  id,
  name: String(input.name ?? ''),
  email: String(input.email ?? ''),
  type: String(input.type ?? ''),
  address: String(input.address ?? ''),
  phone: String(input.phone ?? ''),
  website: input.website ? String(input.website) : null,
  contactPhone: input.contactPhone ? String(input.contactPhone) : null,
  countryId: input.countryId ? String(input.countryId) : null,
  deleted: input.deleted === true,
  createdAt: STAMP,
  updatedAt: STAMP,
  version,
});

const seedPartners = (): PartnerDto[] =>
  ['Acme Logistics', 'Globex Trading', 'Initech Supplies'].map((name, index) =>
    partnerOf(
      {
        name,
        email: `contact@${name.split(' ')[0].toLowerCase()}.example`,
        type: 'Distributor',
        address: `${index + 1} Harbour Road`,
        phone: `+84 28 0000 000${index + 1}`,
      },
      `00000000-0000-4000-9000-00000000000${index + 1}`,
    ),
  );

const nextVersion = (partner: PartnerDto) => String(Number(partner.version ?? 0) + 1);

/** The API's 412 when If-Match names another version than the record's: the current record as data. */
function staleAnswer(request: Request, current: PartnerDto) {
  const ifMatch = request.headers.get('if-match');
  if (!ifMatch || ifMatch === `"${current.version}"`) return null;
  return HttpResponse.json(envelopeOf(current, 412, 'Someone else changed this record after you opened it; nothing was saved'), { status: 412 });
}

let signInsIssued = 0;
const newSignInId = () => `00000000-0000-4000-a000-${String(++signInsIssued).padStart(12, '0')}`;

/** What the mock API holds and saw; tests read it and `reset()` it between cases. */
export const mockApi = {
  refreshCalls: 0,
  refreshTokens: new Map<string, Claims>(),
  partners: seedPartners(),
  requests: [] as { method: string; path: string; headers: Headers; body: unknown }[],
  reset() {
    this.refreshCalls = 0;
    this.refreshTokens.clear();
    this.partners = seedPartners();
    this.requests = [];
    adminMock.reset();
    ticketsMock.reset();
    assignmentMock.reset();
    serviceLevelsMock.reset();
    inboxMock.reset();
    sessionsMock.reset();
    secondFactorMock.reset();
    helpCenterMock.reset();
    agreementsMock.reset();
  },
  /**
   * Credentials the mock's refresh endpoint will honour, as a sign-in would store them. A new sign-in gets its own
   * `sid`, which its refreshes keep, as the server's tokens do: two sign-ins of one user in the same second never
   * share an access token (the realtime client refuses the very token whose sign-in the hub ended).
   */
  issue(claims: Claims, lifetimes?: { accessSeconds?: number; refreshSeconds?: number }) {
    const signedIn = { ...claims, sid: claims.sid ?? newSignInId() };
    const credentials = fakeCredentials(signedIn, lifetimes);
    this.refreshTokens.set(credentials.refreshToken, signedIn);
    return credentials;
  },
};

async function record(request: StrictRequest<DefaultBodyType>) {
  const text = await request.clone().text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: keep the text.
  }
  mockApi.requests.push({ method: request.method, path: new URL(request.url).pathname, headers: request.headers, body });
  return body as Record<string, unknown>;
}

function signedInClaims(request: Request): Claims | Response {
  const token = request.headers.get('authorization')?.replace(/^Bearer /, '');
  const claims = token ? claimsOf(token) : null;
  if (!claims) return failed(401, 'You are not signed in');
  if (claims.exp * 1000 <= Date.now()) return failed(401, 'Your session has expired');
  return claims;
}

function fieldErrors(schema: typeof partnerSchema, value: unknown): FieldError[] {
  try {
    schema.validateSync(value, { abortEarly: false });
    return [];
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return error.inner.map((failure) => {
      const message = failure.errors[0] as unknown as { key: string; values?: Record<string, unknown> };
      return { field: failure.path ?? '', message: lookup(validationEn, message.key, message.values) };
    });
  }
}

const requiresTenant = (request: Request) => request.headers.get(TENANT_HEADER) !== TENANT_ROOT;

export const handlers = [
  // First: GET /partners/export must not be taken for GET /partners/:id.
  ...adminHandlers(() => mockApi.partners),
  ...assignmentHandlers,
  ...serviceLevelHandlers,
  ...countryHandlers,
  ...helpCenterHandlers,
  ...ticketHandlers,
  ...realtimeHandlers,
  ...dashboardHandlers,
  ...inboxHandlers,
  ...agreementHandlers,
  ...sessionHandlers,
  ...secondFactorHandlers,
  // Issue 37: no organisation has verified a domain in the mock (tests give one with server.use).
  http.post('/api/sso/discover', () => ok({ provider: null, required: false })),
  http.post('/api/token', async ({ request }) => {
    const body = await record(request);
    if (requiresTenant(request)) return failed(400, 'Unknown tenant');
    const account = accounts.find((a) => a.email === body.email);
    if (!account || body.password !== DEMO_PASSWORD) return failed(401, 'Invalid email or password');
    return ok(mockApi.issue(account));
  }),

  http.post('/api/token/refresh', async ({ request }) => {
    const body = await record(request);
    mockApi.refreshCalls += 1;
    if (requiresTenant(request)) return failed(400, 'Unknown tenant');
    const claims = mockApi.refreshTokens.get(String(body.refreshToken));
    if (!claims) return failed(401, 'Invalid refresh token');
    mockApi.refreshTokens.delete(String(body.refreshToken));
    return ok(mockApi.issue(claims));
  }),

  http.post('/api/token/revoke', async ({ request }) => {
    const body = await record(request);
    if (requiresTenant(request)) return failed(400, 'Unknown tenant');
    mockApi.refreshTokens.delete(String(body.refreshToken));
    return ok(null, 'You have been signed out');
  }),

  http.get('/api/users/permissions', async ({ request }) => {
    await record(request);
    const claims = signedInClaims(request);
    return claims instanceof Response ? claims : ok(permissionsOfRole(claims.role));
  }),

  http.get('/api/users/profile', async ({ request }) => {
    await record(request);
    const claims = signedInClaims(request);
    return claims instanceof Response ? claims : ok(profileOf(claims));
  }),

  http.put('/api/users/profile', async ({ request }) => {
    const body = await record(request);
    const claims = signedInClaims(request);
    if (claims instanceof Response) return claims;
    return ok({ ...profileOf(claims), firstName: String(body.firstName), lastName: String(body.lastName) } satisfies UserDto, 'Profile updated');
  }),

  http.post('/api/users/change-password', async ({ request }) => {
    const body = await record(request);
    const claims = signedInClaims(request);
    if (claims instanceof Response) return claims;
    if (body.password !== DEMO_PASSWORD) {
      return failed(400, 'Validation failed', [{ field: 'password', message: 'The current password is wrong' }]);
    }
    return ok(null, 'Password changed');
  }),

  http.post('/api/users/forgot-password', async ({ request }) => {
    await record(request);
    return ok(null, 'If the email exists, a link to reset the password has been sent');
  }),

  http.post('/api/users/resend-activation', async ({ request }) => {
    await record(request);
    return ok(null, 'If that address has an account waiting for activation, a new link is on its way.');
  }),

  ...['/api/users/verify-token/forgot-password', '/api/users/verify-token/email-active'].map((path) =>
    http.post(path, async ({ request }) => {
      const body = await record(request);
      return body.token === VALID_MAIL_TOKEN ? ok(true) : failed(400, 'Verify failed');
    }),
  ),

  ...['/api/users/reset-password', '/api/users/confirm-mail'].map((path) =>
    http.post(path, async ({ request }) => {
      const body = await record(request);
      return body.token === VALID_MAIL_TOKEN ? ok(null, 'Password saved') : failed(400, 'Your token is expired or invalid');
    }),
  ),

  http.post('/api/v1/partners/search', async ({ request }) => {
    const search = (await record(request)) as unknown as SearchRequest;
    const claims = signedInClaims(request);
    if (claims instanceof Response) return claims;
    const keyword = search.advancedSearch?.keyword?.toLowerCase() ?? '';
    const matching = mockApi.partners.filter((p) => p.name.toLowerCase().includes(keyword) && (!search.ids || (search.ids as string[]).includes(p.id)));
    const start = (search.pageNumber - 1) * search.pageSize;
    const page: PagedResult<PartnerDto> = {
      items: matching.slice(start, start + search.pageSize),
      totalCount: matching.length,
      currentPage: search.pageNumber,
      pageSize: search.pageSize,
    };
    return ok(page);
  }),

  http.get('/api/v1/partners/:id', async ({ request, params }) => {
    await record(request);
    const claims = signedInClaims(request);
    if (claims instanceof Response) return claims;
    const partner = mockApi.partners.find((p) => p.id === params.id);
    return partner ? ok(partner) : failed(404, 'Partner not found');
  }),

  http.post('/api/v1/partners', async ({ request }) => {
    const body = await record(request);
    const claims = signedInClaims(request);
    if (claims instanceof Response) return claims;
    const errors = fieldErrors(partnerSchema, body);
    if (errors.length) return failed(400, 'Validation failed', errors);
    const partner = partnerOf(body, `00000000-0000-4000-9000-0000000000${10 + mockApi.partners.length}`);
    mockApi.partners.push(partner);
    return created(partner, 'Partner created');
  }),

  http.put('/api/v1/partners/:id', async ({ request, params }) => {
    const body = await record(request);
    const claims = signedInClaims(request);
    if (claims instanceof Response) return claims;
    const errors = fieldErrors(partnerSchema, body);
    if (errors.length) return failed(400, 'Validation failed', errors);
    const index = mockApi.partners.findIndex((p) => p.id === params.id);
    if (index < 0) return failed(404, 'Partner not found');
    mockApi.partners[index] = partnerOf(body, String(params.id), nextVersion(mockApi.partners[index]));
    return ok(mockApi.partners[index], 'Partner updated');
  }),

  http.patch('/api/v1/partners/:id', async ({ request, params }) => {
    const body = await record(request);
    const claims = signedInClaims(request);
    if (claims instanceof Response) return claims;
    const index = mockApi.partners.findIndex((p) => p.id === params.id);
    if (index < 0) return failed(404, 'Partner not found');
    const stale = staleAnswer(request, mockApi.partners[index]);
    if (stale) return stale;
    mockApi.partners[index] = {
      ...mockApi.partners[index],
      ...(body as Partial<PartnerDto>),
      id: String(params.id),
      version: nextVersion(mockApi.partners[index]),
    };
    return ok(mockApi.partners[index], 'Partner updated');
  }),

  http.patch('/api/v1/partners', async ({ request }) => {
    const { ids, data } = (await record(request)) as { ids: string[]; data: Partial<PartnerDto> };
    if (ids.some((id) => !mockApi.partners.some((p) => p.id === id))) return failed(404, 'Some records were not found; nothing was changed');
    mockApi.partners = mockApi.partners.map((p) => (ids.includes(p.id) ? { ...p, ...data, version: nextVersion(p) } : p));
    return ok(ids, `${ids.length} records updated`);
  }),

  http.post('/api/v1/partners/delete', async ({ request }) => {
    const { ids } = (await record(request)) as { ids: string[] };
    if (ids.some((id) => !mockApi.partners.some((p) => p.id === id))) return failed(404, 'Some records were not found; nothing was changed');
    mockApi.partners = mockApi.partners.filter((p) => !ids.includes(p.id));
    return ok(ids, `${ids.length} records deleted`);
  }),

  http.delete('/api/v1/partners/:id', async ({ request, params }) => {
    await record(request);
    const claims = signedInClaims(request);
    if (claims instanceof Response) return claims;
    const existing = mockApi.partners.find((p) => p.id === params.id);
    const stale = existing && staleAnswer(request, existing);
    if (stale) return stale;
    mockApi.partners = mockApi.partners.filter((p) => p.id !== params.id);
    return ok(null, 'Partner deleted');
  }),
];

/** The language the last call asked for (client-language header). */
export function lastRequestLanguage(): string | null {
  return mockApi.requests.at(-1)?.headers.get(LANGUAGE_HEADER) ?? null;
}
