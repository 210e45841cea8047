import { http } from 'msw';
import type { PartnerDashboardDto, StaffDashboardDto } from '../../../../contract/dashboard';
import { API_V1 } from '../../../../contract/http';
import { failed, ok } from '../../../../mocks/envelopes';
import { server } from '../../../../mocks/server';
import { FORM_ID } from '../../resources/ownPartnerForms/partnerFormsMock';

const HOUR = 60 * 60 * 1000;
/** The partner form the filler's mock (tests/unit/resources/ownPartnerForms) holds: opening it finds its sections. */
export const SUPPLIER_FORM_ID = FORM_ID;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();
const ahead = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

export const partnerDashboard = (overrides: Partial<PartnerDashboardDto> = {}): PartnerDashboardDto => ({
  audience: 'partner',
  onboarding: {
    assigned: 3,
    submitted: 1,
    due: {
      total: 2,
      items: [
        {
          id: 'pf-kyc',
          formName: 'Know your customer',
          status: 'OPEN',
          requiredFields: 4,
          filledCount: 3,
          totalFields: 6,
          nextStep: 'continue',
          dueAt: ago(48),
          updatedAt: ago(5),
        },
        {
          id: SUPPLIER_FORM_ID,
          formName: 'Bank details',
          status: 'OPEN',
          requiredFields: 2,
          filledCount: 1,
          totalFields: 4,
          nextStep: 'fix',
          dueAt: null,
          updatedAt: ago(30),
        },
      ],
    },
  },
  ticketsAwaitingAnswer: {
    total: 7,
    items: [{ id: 't-invoice', subject: 'Invoice 42 is missing', status: 'OPEN', partnerName: 'Acme', waitingSince: ago(50) }],
  },
  expiringFiles: {
    total: 1,
    items: [{ grantId: 'g-price', fileId: 'f-price', fileName: 'price-list.xlsx', validTo: ahead(49), downloadsLeft: 2 }],
  },
  ...overrides,
});

export const staffDashboard = (overrides: Partial<StaffDashboardDto> = {}): StaffDashboardDto => ({
  audience: 'staff',
  ticketsByStatus: { OPEN: 12, PENDING: 3, RESOLVED: 20, CLOSED: 5 },
  ticketsWaitingForUs: {
    total: 1,
    items: [{ id: 't-late', subject: 'Where is my refund?', status: 'OPEN', partnerName: 'Globex', waitingSince: ago(72) }],
  },
  funnel: [
    { definitionId: 'd-kyc', formName: 'Know your customer', assigned: 4, inProgress: 6, submitted: 9, reopened: 2 },
    { definitionId: 'd-bank', formName: 'Bank details', assigned: 1, inProgress: 0, submitted: 3, reopened: 0 },
  ],
  fileRequestsWaiting: {
    total: 1,
    items: [{ id: 'r-audit', requesterName: 'Pat Partner', partnerName: 'Acme', subject: 'The 2025 audit report', createdAt: ago(3) }],
  },
  recentActivity: [
    { id: 'a1', at: ago(1), actorName: 'Ada Admin', type: 'Update', tableName: 'tickets', primaryKey: 't-late', recordName: 'Invoice missing' },
    { id: 'a2', at: ago(2), actorName: null, type: 'Delete', tableName: 'users', primaryKey: 'u-gone', recordName: null },
  ],
  ...overrides,
});

/** GET /api/v1/dashboard answers `answer()` each time (or fails with `status`); counts the calls. */
export function mockDashboard(answer: () => PartnerDashboardDto | StaffDashboardDto, { status }: { status?: number } = {}) {
  const sent = { calls: 0, status };
  server.use(
    http.get(`${API_V1}/dashboard`, () => {
      sent.calls += 1;
      return sent.status ? failed(sent.status, 'The server could not answer.') : ok(answer());
    }),
  );
  return sent;
}
