import { http } from 'msw';
import type { AccessibleFileDto, FileRequestDto } from '../../../../../contract/files';
import { created, failed, ok } from '../../../../../mocks/envelopes';
import { server } from '../../../../../mocks/server';

const DAY = 24 * 60 * 60 * 1000;
const STAMP = '2026-11-20T09:00:00.000Z';

export const TAX_FORM_ID = '00000000-0000-4000-a000-00000000a001';
export const PRICE_LIST_ID = '00000000-0000-4000-a000-00000000a002';
export const OLD_CONTRACT_ID = '00000000-0000-4000-a000-00000000a003';

/** Access that lasts three days and a bit from now, so it reads "in 3 days". */
export const inThreeDays = () => new Date(Date.now() + 3 * DAY + 60 * 60 * 1000).toISOString();

export const taxForm = (overrides: Partial<AccessibleFileDto> = {}): AccessibleFileDto => ({
  fileId: TAX_FORM_ID,
  fileName: 'tax-form.pdf',
  contentType: 'application/pdf',
  size: 2 * 1024 * 1024,
  grantId: 'g1',
  expiresAt: inThreeDays(),
  viewOnly: false,
  downloadsLeft: 2,
  ...overrides,
});

export const priceList = (): AccessibleFileDto => ({
  fileId: PRICE_LIST_ID,
  fileName: 'price-list.xlsx',
  contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  size: 40 * 1024,
  grantId: 'g2',
  expiresAt: inThreeDays(),
  viewOnly: true,
  downloadsLeft: null,
});

export const oldContract = (): AccessibleFileDto => ({
  fileId: OLD_CONTRACT_ID,
  fileName: 'old-contract.docx',
  contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  size: 80 * 1024,
  grantId: 'g3',
  expiresAt: new Date(Date.now() - 2 * DAY).toISOString(),
  viewOnly: false,
  downloadsLeft: 0,
});

export const rejectedRequest = (): FileRequestDto => ({
  id: 'r1',
  fileId: null,
  fileName: null,
  requestText: 'The 2025 audit report',
  reason: 'Our auditors ask for it',
  status: 'REJECTED',
  partnerId: 'p1',
  partnerName: 'Acme Logistics',
  requestedById: 'u1',
  requestedByName: 'Pat Partner',
  decidedById: 'u2',
  decidedByName: 'Sam Support',
  decidedAt: STAMP,
  decisionNote: 'Not published yet; ask again in January',
  grantId: null,
  createdAt: STAMP,
  updatedAt: STAMP,
});

const page = <T>(items: T[]) => ok({ items, totalCount: items.length, pageNumber: 1, pageSize: 10, totalPages: 1 });

/** The partner's file API as the server answers it; tests read what was sent. */
export function mockOwnFiles({
  current = [] as AccessibleFileDto[],
  ended = [] as AccessibleFileDto[],
  requests = [] as FileRequestDto[],
  linkUrl = '/file-request/view?token=minted-token',
} = {}) {
  const sent = { searches: [] as Record<string, unknown>[], requestSearches: 0, links: [] as string[], requests: [] as Record<string, unknown>[] };
  server.use(
    http.post('/api/v1/files/accessible/search', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.searches.push(body);
      return page(body.include === 'ended' ? ended : current);
    }),
    http.post('/api/v1/file-requests/search', () => {
      sent.requestSearches += 1;
      return page(requests);
    }),
    http.post('/api/v1/files/:id/links', ({ params }) => {
      sent.links.push(String(params.id));
      if (!current.some((file) => file.fileId === params.id)) return failed(404, 'Sorry, data not found!');
      return created({ token: 'minted-token', url: linkUrl, expiresAt: new Date(Date.now() + 15 * 60_000).toISOString() }, '');
    }),
    http.post('/api/v1/file-requests', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.requests.push(body);
      return created({ ...rejectedRequest(), id: 'r2', status: 'PENDING', decisionNote: '', ...body }, 'Request sent.');
    }),
  );
  return sent;
}
