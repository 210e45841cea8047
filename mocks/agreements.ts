import { http } from 'msw';
import type { AgreementAcceptanceDto, AgreementVersionDto, PendingAgreementDto } from '../contract/agreements';
import type { AgreementRecord } from '../contract/resources/agreements';
import { created, failed, ok } from './envelopes';

/** Agreements as the mock holds them (issue 40): what the signed-in user has to accept, and versions by agreement. */
export const agreementsMock = {
  pending: [] as PendingAgreementDto[],
  /** Versions a newer one replaced: accepting one is the server's 409. */
  outdated: new Set<string>(),
  accepted: [] as string[],
  versions: new Map<string, AgreementVersionDto[]>(),
  agreements: [] as AgreementRecord[],
  acceptances: [] as AgreementAcceptanceDto[],
  /** The search bodies of the acceptances' list, as sent. */
  acceptanceSearches: [] as Record<string, unknown>[],
  /** The versions' publishes, as sent. */
  publishes: [] as unknown[],
  reset() {
    this.agreements = [];
    this.acceptances = [];
    this.acceptanceSearches = [];
    this.publishes = [];
    this.pending = [];
    this.outdated = new Set();
    this.accepted = [];
    this.versions = new Map();
  },
};

const acceptanceOf = (pending: PendingAgreementDto): AgreementAcceptanceDto => ({
  id: `acc-${pending.versionId}`,
  agreementId: pending.agreementId,
  agreementName: pending.nameEn,
  agreementNameVi: pending.nameVi,
  versionId: pending.versionId,
  versionNumber: pending.versionNumber,
  userId: 'user',
  userName: 'User',
  userEmail: 'user@example.com',
  partnerId: 'partner',
  partnerName: 'Partner',
  acceptedAt: new Date().toISOString(),
  clientAddress: '127.0.0.1',
});

const pageOf = <T>(items: T[]) => ok({ items, totalCount: items.length, currentPage: 1, pageSize: Math.max(items.length, 1) });

export const agreementHandlers = [
  http.post('/api/v1/agreements/search', () => pageOf(agreementsMock.agreements)),
  http.post('/api/v1/agreement-acceptances/search', async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    agreementsMock.acceptanceSearches.push(body);
    return pageOf(agreementsMock.acceptances.filter((a) => !body.agreementId || a.agreementId === body.agreementId));
  }),
  http.get('/api/v1/pending-agreements', () => ok(agreementsMock.pending)),
  http.post('/api/v1/agreement-versions/:id/accept', ({ params }) => {
    const id = String(params.id);
    if (agreementsMock.outdated.has(id)) return failed(409, 'A newer version of this agreement has been published (version 2): read it and accept that one');
    const pending = agreementsMock.pending.find((p) => p.versionId === id);
    if (!pending) return failed(404, 'Not found');
    agreementsMock.accepted.push(id);
    agreementsMock.pending = agreementsMock.pending.filter((p) => p.versionId !== id);
    return created({ acceptance: acceptanceOf(pending), alreadyAccepted: false }, '');
  }),
  http.get('/api/v1/agreements/:id/versions', ({ params }) => ok(agreementsMock.versions.get(String(params.id)) ?? [])),
  http.post('/api/v1/agreements/:id/versions', async ({ params, request }) => {
    const body = (await request.json()) as { bodyEn: string; bodyVi: string };
    agreementsMock.publishes.push(body);
    const agreementId = String(params.id);
    const versions = agreementsMock.versions.get(agreementId) ?? [];
    const version: AgreementVersionDto = {
      id: `v-${agreementId}-${versions.length + 1}`,
      agreementId,
      versionNumber: versions.length + 1,
      ...body,
      publishedAt: new Date().toISOString(),
      publishedBy: 'admin',
      publishedByName: 'Ada Admin',
      acceptedCount: 0,
    };
    agreementsMock.versions.set(agreementId, [version, ...versions]);
    return created(version, '');
  }),
];
