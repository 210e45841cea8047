import * as yup from 'yup';
import {
  ASSIGNMENT_NOTE_MAX,
  SUPPORT_TEAM_NAME_MAX,
  type SupportTeamDto,
  TICKET_CATEGORIES,
  type CategoryPriorities,
  type SupportAvailabilityDto,
  type TicketAssigneeOption,
  type TicketAssignmentSettingsDto,
  type TicketCategory,
} from '../ticketAssignment';
import { TICKET_PRIORITIES } from '../tickets';
import { id, maxLength, required, requiredText } from './fields';
import { msg } from './messages';

const priority = () => yup.string().oneOf([...TICKET_PRIORITIES], msg('validation.typeError'));

/** The caller themself, as `assigneeId` of PUT /tickets/{id}/assignee. */
export const ASSIGN_TO_ME = 'me';

/**
 * PUT /tickets/{id}/assignee: a staff user's id, `me`, or null (unassign); an optional note saying why (stored as an
 * internal note of the ticket, staff only).
 */
export const assignTicketSchema = yup.object({
  assigneeId: yup
    .string()
    .trim()
    .max(36, msg('validation.id'))
    .nullable()
    .defined(required)
    .test('assignee', msg('validation.id'), (v) => v === null || v === ASSIGN_TO_ME || yup.string().uuid().isValidSync(v)),
  note: yup.string().trim().max(ASSIGNMENT_NOTE_MAX, maxLength).default(''),
  /** The team besides the assignee: a team's id, null for none; left out, the team stays as it is. */
  teamId: id().nullable(),
});

export type AssignTicketInput = yup.InferType<typeof assignTicketSchema>;

/** PUT /tickets/{id}/priority. */
export const ticketPrioritySchema = yup.object({
  priority: priority().required(required),
});

/** PUT /support-desk/assignment. */
export const assignmentSettingsSchema = yup.object({
  autoAssign: yup.boolean().required(required),
  categoryPriorities: yup
    .object(Object.fromEntries(TICKET_CATEGORIES.map((c) => [c, priority()])) as Record<TicketCategory, ReturnType<typeof priority>>)
    .default({}),
});

export type AssignmentSettingsInput = yup.InferType<typeof assignmentSettingsSchema>;

/** POST /support-desk/teams. */
export const supportTeamSchema = yup.object({
  name: requiredText(SUPPORT_TEAM_NAME_MAX),
});

export const supportTeamDtoSchema: yup.ObjectSchema<SupportTeamDto> = yup.object({
  id: yup.string().uuid().defined(),
  name: yup.string().defined(),
});

/** PUT /support-desk/availability. */
export const supportAvailabilitySchema = yup.object({
  available: yup.boolean().required(required),
});

/** The category a partner may pick on a new ticket (createTicketSchema). */
export const ticketCategory = () => yup.string().oneOf([...TICKET_CATEGORIES], msg('validation.typeError'));

/** Answers (the response schema keeps only these fields). */
export const supportAvailabilityDtoSchema: yup.ObjectSchema<SupportAvailabilityDto> = yup.object({
  available: yup.boolean().defined(),
});

export const ticketAssigneeOptionSchema: yup.ObjectSchema<TicketAssigneeOption> = yup.object({
  id: yup.string().uuid().defined(),
  name: yup.string().defined(),
  available: yup.boolean().defined(),
});

export const assignmentSettingsDtoSchema: yup.ObjectSchema<TicketAssignmentSettingsDto> = yup.object({
  autoAssign: yup.boolean().defined(),
  categoryPriorities: yup
    .object(Object.fromEntries(TICKET_CATEGORIES.map((c) => [c, priority()])) as Record<TicketCategory, ReturnType<typeof priority>>)
    .defined() as yup.ObjectSchema<CategoryPriorities>,
  availableAgents: yup.array(yup.object({ id: yup.string().uuid().defined(), name: yup.string().defined() }).defined()).defined(),
  updatedAt: yup.string().datetime().nullable().defined(),
});
