import { http, HttpResponse } from 'msw';
import type { SearchRequest } from '../../../../../contract/envelope';
import type { FileAccessLogDto, FileGrantDto, FileRequestDto, ManagedFileDto } from '../../../../../contract/files';
import { failed, ok } from '../../../../../mocks/envelopes';
import { server } from '../../../../../mocks/server';

/** The files API of api10 as the staff screens call it: rows the tests make, and the requests they send. */

const STAMP = '2026-11-20T09:00:00.000Z';
export const ACME = '00000000-0000-4000-9000-000000000001';

export const AUDITOR_ROLE = { id: '00000000-0000-4000-8000-0000000000e1', name: 'Auditor', description: null, priority: 5, createdAt: STAMP, updatedAt: STAMP };

export const fileOf = (overrides: Partial<ManagedFileDto> & { id: string; fileName: string }): ManagedFileDto => ({
  contentType: 'application/pdf',
  size: 2048,
  uploadedById: 'u1',
  uploadedByName: 'Ada Admin',
  downloadCount: 0,
  visitCount: 0,
  activeGrantCount: 0,
  createdAt: STAMP,
  updatedAt: STAMP,
  replacedAt: null,
  version: '1',
  ...overrides,
});

export const grantOf = (overrides: Partial<FileGrantDto> & { id: string }): FileGrantDto => ({
  fileId: 'f1',
  fileName: 'tax-form.pdf',
  conditionType: 'partner',
  targetId: ACME,
  targetName: 'Acme Logistics',
  partnerId: ACME,
  from: '2026-11-20T09:00:00.000Z',
  to: '2026-12-03T10:00:00.000Z',
  note: '',
  downloadLimit: null,
  downloadCount: 0,
  viewOnly: false,
  state: 'active',
  revokedAt: null,
  requestId: null,
  createdById: 'u1',
  createdAt: STAMP,
  updatedAt: STAMP,
  version: '1',
  ...overrides,
});

export const requestOf = (overrides: Partial<FileRequestDto> & { id: string }): FileRequestDto => ({
  fileId: null,
  fileName: null,
  requestText: '',
  reason: 'Quarterly audit',
  status: 'PENDING',
  partnerId: ACME,
  partnerName: 'Acme Logistics',
  requestedById: 'u9',
  requestedByName: 'Pat Partner',
  decidedById: null,
  decidedByName: null,
  decidedAt: null,
  decisionNote: '',
  grantId: null,
  createdAt: STAMP,
  updatedAt: STAMP,
  version: '1',
  ...overrides,
});

type Reply = (request: Request) => Response | undefined | Promise<Response | undefined>;

export const staffFilesMock = {
  files: [] as ManagedFileDto[],
  grants: [] as FileGrantDto[],
  requests: [] as FileRequestDto[],
  log: [] as FileAccessLogDto[],
  sent: [] as { method: string; path: string; query: URLSearchParams; body: unknown }[],
  /** A test's own answer to a call, before the default one (a refusal, a hold). */
  overrides: new Map<string, Reply>(),
};

export const queriesSentTo = (path: string) => staffFilesMock.sent.filter((s) => s.path === path).map((s) => Object.fromEntries(s.query));
export const bodiesSentTo = (method: string, path: string) => staffFilesMock.sent.filter((s) => s.method === method && s.path === path).map((s) => s.body);

async function remember(request: Request) {
  const url = new URL(request.url);
  const type = request.headers.get('content-type') ?? '';
  const body = type.includes('application/json') ? await request.clone().json() : undefined;
  staffFilesMock.sent.push({ method: request.method, path: url.pathname, query: url.searchParams, body });
  return body;
}

const page = <T>(items: T[], search: SearchRequest) => ok({ items, totalCount: items.length, currentPage: search.pageNumber, pageSize: search.pageSize });

/** The handlers, over `staffFilesMock`'s rows; `key` of an override is "METHOD /path". */
function handled(
  method: 'get' | 'post' | 'put' | 'delete',
  path: string,
  answer: (request: Request, params: Record<string, string>) => Promise<Response> | Response,
) {
  return http[method](path, async ({ request, params }) => {
    const url = new URL(request.url);
    const override = staffFilesMock.overrides.get(`${request.method} ${url.pathname}`);
    const overridden = override ? await override(request) : undefined;
    if (overridden) {
      await remember(request);
      return overridden;
    }
    return answer(request, params as Record<string, string>);
  });
}

export function useStaffFilesApi({
  files = [],
  grants = [],
  requests = [],
  log = [],
}: Partial<Pick<typeof staffFilesMock, 'files' | 'grants' | 'requests' | 'log'>> = {}) {
  Object.assign(staffFilesMock, { files: [...files], grants: [...grants], requests: [...requests], log: [...log], sent: [], overrides: new Map() });
  server.use(
    handled('get', '/api/v1/file-access-log/export', async (request) => {
      await remember(request);
      return new HttpResponse('When,Who\r\n2026-11-20,Pat Partner\r\n', {
        headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="file-access-log.csv"', 'x-total-count': '1' },
      });
    }),
    handled('post', '/api/v1/files/search', async (request) => page(staffFilesMock.files, (await remember(request)) as SearchRequest)),
    handled('post', '/api/v1/file-grants/search', async (request) => {
      const search = (await remember(request)) as SearchRequest;
      return page(
        staffFilesMock.grants.filter((g) => !search.state || g.state === search.state),
        search,
      );
    }),
    handled('post', '/api/v1/file-requests/search', async (request) => {
      const search = (await remember(request)) as SearchRequest;
      return page(
        staffFilesMock.requests.filter((r) => !search.status || r.status === search.status),
        search,
      );
    }),
    handled('post', '/api/v1/file-access-log/search', async (request) => {
      const search = (await remember(request)) as SearchRequest;
      return page(
        staffFilesMock.log.filter((row) => (!search.partnerId || row.partnerId === search.partnerId) && (!search.fileId || row.fileId === search.fileId)),
        search,
      );
    }),
    handled('post', '/api/v1/roles/search', async (request) => page([AUDITOR_ROLE], (await remember(request)) as SearchRequest)),
    handled('post', '/api/v1/file-grants', async (request) => {
      const body = (await remember(request)) as Partial<FileGrantDto>;
      const row = grantOf({ ...body, id: `new-grant-${staffFilesMock.grants.length + 1}` });
      staffFilesMock.grants.push(row);
      return HttpResponse.json({ isSuccess: true, statusCode: 201, message: '', data: row }, { status: 201 });
    }),
    handled('post', '/api/v1/files', async (request) => {
      await remember(request);
      const form = await request.formData();
      const file = form.get('files') as File;
      const row = fileOf({ id: `new-${staffFilesMock.files.length + 1}`, fileName: file.name, size: file.size });
      staffFilesMock.files.push(row);
      return HttpResponse.json({ isSuccess: true, statusCode: 201, message: '', data: [row] }, { status: 201 });
    }),
    handled('get', '/api/v1/files/:id', async (request, params) => {
      await remember(request);
      const row = staffFilesMock.files.find((f) => f.id === params.id);
      return row ? ok(row) : failed(404, 'Sorry, data not found!');
    }),
    handled('put', '/api/v1/files/:id', async (request, params) => {
      const body = (await remember(request)) as { fileName: string };
      const row = staffFilesMock.files.find((f) => f.id === params.id);
      if (!row) return failed(404, 'Sorry, data not found!');
      if (request.headers.get('if-match') !== `"${row.version}"`) return failed(412, 'The record was changed by someone else.');
      Object.assign(row, { fileName: body.fileName, version: String(Number(row.version) + 1) });
      return ok(row);
    }),
    handled('post', '/api/v1/file-grants/:id/extend', async (request, params) => {
      await remember(request);
      const row = staffFilesMock.grants.find((g) => g.id === params.id);
      if (!row) return failed(404, 'Sorry, data not found!');
      row.to = new Date(Date.parse(row.to) + 7 * 86_400_000).toISOString();
      return ok(row);
    }),
    handled('post', '/api/v1/file-requests/:id/approve', async (request, params) => {
      await remember(request);
      const row = staffFilesMock.requests.find((r) => r.id === params.id);
      if (!row) return failed(404, 'Sorry, data not found!');
      if (row.status !== 'PENDING') return failed(409, 'This request has already been decided.');
      Object.assign(row, { status: 'APPROVED', decidedByName: 'Ada Admin', decidedAt: STAMP });
      return ok(row);
    }),
    handled('post', '/api/v1/file-requests/:id/reject', async (request, params) => {
      await remember(request);
      const row = staffFilesMock.requests.find((r) => r.id === params.id);
      if (!row) return failed(404, 'Sorry, data not found!');
      if (row.status !== 'PENDING') return failed(409, 'This request has already been decided.');
      Object.assign(row, { status: 'REJECTED', decidedByName: 'Ada Admin', decidedAt: STAMP });
      return ok(row);
    }),
  );
}

/** The demo Support account holds AccessibleFile CRUD and AdminView, FileAccessRequest AdminUpdate (contract/roles.ts). */
export { signInAsSupport } from '../../partnerForms/partnerFormsApiMock';
