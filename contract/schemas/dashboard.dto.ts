import * as yup from 'yup';
import type { DashboardList, DashboardPartnerForm, DashboardTicket, PartnerDashboardDto, PartnerFormNextStep, StaffDashboardDto } from '../dashboard';
import { PARTNER_FORM_STATUSES } from '../forms';
import { TICKET_STATUSES } from '../tickets';
import { uuid, timestamp, text, optionalText, count } from './dtoFields';

const dashboardList = <T extends yup.AnyObject>(item: yup.ObjectSchema<T>) =>
  yup.object({ total: count(), items: yup.array(item.defined()).defined() }) as unknown as yup.ObjectSchema<DashboardList<T>>;

const dashboardTicketSchema: yup.ObjectSchema<DashboardTicket> = yup.object({
  id: uuid(),
  subject: text(),
  status: yup.string().oneOf(TICKET_STATUSES).defined(),
  partnerName: text(),
  waitingSince: timestamp(),
});

const dashboardPartnerFormSchema: yup.ObjectSchema<DashboardPartnerForm> = yup.object({
  id: uuid(),
  formName: text(),
  status: yup.string().oneOf(PARTNER_FORM_STATUSES).defined(),
  requiredFields: count(),
  filledCount: count(),
  totalFields: count(),
  nextStep: yup.string().oneOf<PartnerFormNextStep>(['start', 'continue', 'fix', 'wait']).defined(),
  dueAt: yup.string().datetime().nullable().defined(),
  updatedAt: timestamp(),
});

/** Home for a partner user (audience 'partner'); a section the reader may not list is null. */
export const partnerDashboardDtoSchema: yup.ObjectSchema<PartnerDashboardDto> = yup.object({
  audience: yup
    .string()
    .oneOf(['partner'] as const)
    .defined(),
  onboarding: yup
    .object({ assigned: count(), submitted: count(), due: dashboardList(dashboardPartnerFormSchema).defined() })
    .nullable()
    .defined()
    .default(null),
  ticketsAwaitingAnswer: dashboardList(dashboardTicketSchema).nullable().defined().default(null),
  expiringFiles: dashboardList(
    yup.object({ grantId: uuid(), fileId: uuid(), fileName: text(), validTo: timestamp(), downloadsLeft: yup.number().integer().nullable().defined() }),
  )
    .nullable()
    .defined()
    .default(null),
});

/** Home for staff (audience 'staff'); a section the reader may not list is null. */
export const staffDashboardDtoSchema: yup.ObjectSchema<StaffDashboardDto> = yup.object({
  audience: yup
    .string()
    .oneOf(['staff'] as const)
    .defined(),
  ticketsByStatus: yup
    .object(Object.fromEntries(TICKET_STATUSES.map((s) => [s, count()])) as Record<(typeof TICKET_STATUSES)[number], ReturnType<typeof count>>)
    .nullable()
    .defined()
    .default(null),
  ticketsWaitingForUs: dashboardList(dashboardTicketSchema).nullable().defined().default(null),
  funnel: yup
    .array(yup.object({ definitionId: uuid(), formName: text(), assigned: count(), inProgress: count(), submitted: count(), reopened: count() }).defined())
    .nullable()
    .defined(),
  fileRequestsWaiting: dashboardList(yup.object({ id: uuid(), requesterName: text(), partnerName: text(), subject: text(), createdAt: timestamp() }))
    .nullable()
    .defined()
    .default(null),
  recentActivity: yup
    .array(
      yup
        .object({ id: uuid(), at: timestamp(), actorName: optionalText(), type: text(), tableName: text(), primaryKey: text(), recordName: optionalText() })
        .defined(),
    )
    .nullable()
    .defined(),
});
