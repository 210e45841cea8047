import * as yup from 'yup';
import type { AuditTrailEntryDto } from '../auditTrail';
import type { DashboardList, DashboardPartnerForm, DashboardTicket, PartnerDashboardDto, PartnerFormNextStep, StaffDashboardDto } from '../dashboard';
import {
  CONDITION_OPERATORS,
  FORM_STATUSES,
  ONBOARDING_TRIGGERS,
  PARTNER_FORM_REVIEW_STATES,
  PARTNER_FORM_STATUSES,
  QUESTION_TYPES,
  type AnswerFile,
  type Answers,
  type FormDto,
  type FormQuestion,
  type FormSection,
  type FormSectionsDto,
  type OnboardingRuleDto,
  type PartnerFormDto,
  type PartnerFormReview,
  type PartnerFormReviewRoundDto,
  type PartnerFormSectionDto,
  type QuestionCondition,
  type TextRule,
  type ValidationRuleDto,
} from '../forms';
import {
  ACCESS_KINDS,
  FILE_REQUEST_STATUSES,
  GRANT_CONDITION_TYPES,
  GRANT_STATES,
  type AccessibleFileDto,
  type FileAccessLogDto,
  type FileGrantDto,
  type FileLinkDto,
  type FileLinkViewDto,
  type FileRequestDto,
  type ManagedFileDto,
} from '../files';
import type { UpcomingPartnerFormsDto } from '../onboardingRules';
import { SLA_STATES } from '../serviceLevels';
import type { PartnerDto } from '../partners';
import { partnersDeclaration } from '../resources/partners';
import { dtoSchemaOf } from '../resources/schemas';
import { validationRulesDeclaration } from '../resources/validationRules';
import { MIGRATION_OUTCOMES, type AssignPartnerFormsResult, type PartnerFormMigrationResult, type VersionChangesDto } from '../partnerForms';
import { MIGRATE_ACTIONS } from './partnerForms';
import type { RoleDto, RolePermissionsChange, RolePermissionsDto } from '../roles.dto';
import { TICKET_PRIORITIES, TICKET_STATUSES, type TicketAttachmentRef, type TicketChatMessage, type TicketDto, type TicketReadState } from '../tickets';
import type { TokenResponse } from '../tokens';
import type { UserDto, UserRoleDto } from '../users';

/**
 * The answers' shapes as schemas, each typed by its DTO so that changing one without the other fails the type
 * check. The server documents its answers with them (/api/docs); nothing validates answers at run time.
 */
const uuid = () => yup.string().uuid().defined();
const timestamp = () => yup.string().datetime().defined();
const text = () => yup.string().defined();
const optionalText = () => yup.string().nullable().defined();
/** The record's version (its ETag): in answers about one record, absent from list rows of some resources. */
const version = () => yup.string().optional();
const isJsonObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const jsonObject = () => yup.mixed(isJsonObject);

export const partnerDtoSchema = dtoSchemaOf(partnersDeclaration) as yup.ObjectSchema<PartnerDto>;

export const userDtoSchema: yup.ObjectSchema<UserDto> = yup.object({
  id: uuid(),
  fullName: text(),
  firstName: text(),
  lastName: text(),
  userName: text(),
  email: text(),
  phoneNumber: optionalText(),
  partnerId: yup.string().uuid().nullable().defined(),
  partnerName: optionalText(),
  roleId: yup.string().uuid().nullable().defined(),
  role: optionalText(),
  isActive: yup.boolean().defined(),
  emailConfirmed: yup.boolean().defined(),
  organization: optionalText(),
  imageUrl: optionalText(),
  createdAt: timestamp(),
  heldUntil: yup.string().datetime().nullable().defined(),
  deleted: yup.boolean().optional(),
  version: version(),
});

export const userRoleDtoSchema: yup.ObjectSchema<UserRoleDto> = yup.object({
  roleId: uuid(),
  roleName: text(),
  description: optionalText(),
  enabled: yup.boolean().defined(),
});

export const roleDtoSchema: yup.ObjectSchema<RoleDto> = yup.object({
  id: uuid(),
  name: text(),
  description: optionalText(),
  priority: yup.number().integer().defined(),
  requireSecondFactor: yup.boolean().defined(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
  version: version(),
});

export const rolePermissionsDtoSchema: yup.ObjectSchema<RolePermissionsDto> = yup.object({
  roleId: uuid(),
  permissions: yup.array(yup.string().defined()).defined(),
});

export const rolePermissionsChangeSchema: yup.ObjectSchema<RolePermissionsChange> = yup.object({
  added: yup.array(yup.string().defined()).defined(),
  removed: yup.array(yup.string().defined()).defined(),
  affectedUsers: yup.number().integer().defined(),
});

export const ticketAttachmentRefSchema: yup.ObjectSchema<TicketAttachmentRef> = yup.object({
  id: uuid(),
  fileName: text(),
  contentType: text(),
  size: yup.number().integer().defined(),
});

/** A ticket's SLA target (contract/serviceLevels.ts SlaTarget), or null when it does not apply. */
const slaTargetSchema = () =>
  yup
    .object({
      dueAt: yup.string().datetime().nullable().defined(),
      state: yup.string().oneOf(SLA_STATES).defined(),
      businessMinutesLeft: yup.number().integer().defined(),
    })
    .nullable()
    .defined();

export const ticketDtoSchema: yup.ObjectSchema<TicketDto> = yup.object({
  id: uuid(),
  subject: text(),
  description: text(),
  status: yup.string().oneOf(TICKET_STATUSES).defined(),
  partnerId: uuid(),
  partnerName: text(),
  createdBy: uuid(),
  createdByName: text(),
  attachments: yup.array(ticketAttachmentRefSchema.defined()).defined(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
  lastMessageAt: yup.string().datetime().nullable().defined(),
  priority: yup.string().oneOf(TICKET_PRIORITIES).defined(),
  assigneeId: yup.string().uuid().nullable().defined(),
  assigneeName: yup.string().nullable().defined(),
  teamId: yup.string().uuid().nullable().optional(),
  teamName: yup.string().nullable().optional(),
  mergedIntoId: yup.string().uuid().nullable().defined(),
  rating: yup
    .object({ score: yup.number().integer().defined(), comment: yup.string().nullable().defined(), ratedAt: timestamp(), ratedByName: text() })
    .nullable()
    .defined(),
  sla: yup.object({ firstResponse: slaTargetSchema(), resolution: slaTargetSchema() }).nullable().optional(),
  matchedText: yup.string().optional(),
  version: version(),
});

export const ticketMessageDtoSchema: yup.ObjectSchema<TicketChatMessage> = yup.object({
  id: uuid(),
  ticketId: uuid(),
  authorId: uuid(),
  authorName: text(),
  authorIsStaff: yup.boolean().defined(),
  body: text(),
  attachments: yup.array(ticketAttachmentRefSchema.defined()).defined(),
  internal: yup.boolean().optional(),
  system: yup
    .object({
      kind: yup
        .string()
        .oneOf(['merged'] as const)
        .defined(),
      ticketId: uuid(),
      subject: text(),
    })
    .default(undefined)
    .optional(),
  createdAt: timestamp(),
});

/** How far a ticket's chat was read: by the reader, and the furthest of each side (createdAt of a message, or null). */
export const ticketReadStateSchema: yup.ObjectSchema<TicketReadState> = yup.object({
  ticketId: uuid(),
  mine: yup.string().datetime().nullable().defined(),
  staff: yup.string().datetime().nullable().defined(),
  partner: yup.string().datetime().nullable().defined(),
});

export const tokenResponseSchema: yup.ObjectSchema<TokenResponse> = yup.object({
  token: text(),
  refreshToken: text(),
  refreshTokenExpiryTime: timestamp(),
});

export const auditTrailEntryDtoSchema: yup.ObjectSchema<AuditTrailEntryDto> = yup.object({
  id: uuid(),
  userId: yup.string().uuid().nullable().defined(),
  type: text(),
  tableName: text(),
  primaryKey: text(),
  oldValues: jsonObject().nullable().defined(),
  newValues: jsonObject().nullable().defined(),
  affectedColumns: yup.array(yup.string().defined()).nullable().defined(),
  dateTime: timestamp(),
});

export const validationRuleDtoSchema = dtoSchemaOf(validationRulesDeclaration) as yup.ObjectSchema<ValidationRuleDto>;

export const onboardingRuleDtoSchema: yup.ObjectSchema<OnboardingRuleDto> = yup.object({
  id: uuid(),
  trigger: yup.string().oneOf(ONBOARDING_TRIGGERS).defined(),
  sourceDefinitionId: yup.string().uuid().nullable().defined(),
  sourceFormName: optionalText(),
  targetDefinitionId: uuid(),
  targetFormName: text(),
  dueDays: yup.number().integer().nullable().defined(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
  version: version(),
});

export const upcomingPartnerFormsDtoSchema: yup.ObjectSchema<UpcomingPartnerFormsDto> = yup.object({
  partnerId: uuid(),
  partnerName: text(),
  items: yup.array(yup.object({ ruleId: uuid(), after: text(), assign: text() }).defined()).defined(),
});

const formStatus = () => yup.string().oneOf(FORM_STATUSES).defined();

export const formDtoSchema: yup.ObjectSchema<FormDto> = yup.object({
  id: uuid(),
  definitionId: uuid(),
  versionNumber: yup.number().integer().defined(),
  name: text(),
  description: text(),
  type: text(),
  note: text(),
  status: formStatus(),
  totalFields: yup.number().integer().defined(),
  requiredFields: yup.number().integer().defined(),
  publishedAt: yup.string().datetime().nullable().defined(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
  version: version(),
});

const textRuleSchema: yup.ObjectSchema<TextRule> = yup.object({
  name: text(),
  suggestText: text(),
  errorText: text(),
  minLength: yup.number().integer().nullable().defined(),
  maxLength: yup.number().integer().nullable().defined(),
  regex: optionalText(),
});

const formQuestionFields = {
  key: text(),
  type: yup.string().oneOf(QUESTION_TYPES).defined(),
  label: text(),
  help: text(),
  required: yup.boolean().defined(),
  options: yup.array(text()).defined(),
  ruleId: yup.string().uuid().nullable().defined(),
  rule: textRuleSchema.nullable().defined(),
  condition: yup
    .object({ questionKey: text(), operator: yup.string().oneOf(CONDITION_OPERATORS).defined(), value: text() })
    .nullable()
    .defined() as yup.Schema<QuestionCondition | null>,
};

/** A group's child: its own children are always empty (one level). */
const formChildQuestionSchema: yup.ObjectSchema<FormQuestion> = yup.object({
  ...formQuestionFields,
  children: yup.array(yup.mixed<FormQuestion>().defined()).max(0).defined(),
});

export const formSectionsDtoSchema: yup.ObjectSchema<FormSectionsDto> = yup.object({
  formId: uuid(),
  status: formStatus(),
  sections: yup
    .array(
      yup.object({
        key: text(),
        title: text(),
        questions: yup.array(yup.object({ ...formQuestionFields, children: yup.array(formChildQuestionSchema).defined() })).defined(),
      }),
    )
    .defined(),
  version: version(),
});

const partnerFormStatus = () => yup.string().oneOf(PARTNER_FORM_STATUSES).defined();
const count = () => yup.number().integer().defined();
/** One section of a version, as the form sections' answer holds it. */
const formSectionSchema = (formSectionsDtoSchema.fields.sections as yup.ArraySchema<FormSection[], yup.AnyObject>).innerType as yup.ObjectSchema<FormSection>;

/** The review in force on a partner form (issue 24): round, state, note, flagged questions' comments. */
const partnerFormReviewSchema: yup.ObjectSchema<PartnerFormReview> = yup.object({
  round: count(),
  state: yup.string().oneOf(PARTNER_FORM_REVIEW_STATES).defined(),
  note: text(),
  flags: jsonObject().defined() as yup.Schema<PartnerFormReview['flags']>,
});

export const partnerFormDtoSchema: yup.ObjectSchema<PartnerFormDto> = yup.object({
  id: uuid(),
  partnerId: uuid(),
  partnerName: text(),
  formId: uuid(),
  definitionId: uuid(),
  formName: text(),
  formVersionNumber: count(),
  status: partnerFormStatus(),
  note: text(),
  totalFields: count(),
  requiredFields: count(),
  filledCount: count(),
  outdated: yup.boolean().defined(),
  sections: yup.array(yup.object({ key: text(), title: text() }).defined()).optional(),
  versionDecision: yup
    .string()
    .oneOf(['keep'] as const)
    .nullable()
    .optional(),
  review: partnerFormReviewSchema.nullable().optional().default(undefined),
  submittedAt: yup.string().datetime().nullable().defined(),
  dueAt: yup.string().datetime().nullable().defined(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
  version: version(),
});

/** GET /partner-forms/{id}/reviews: one round of a partner form's review history. */
export const partnerFormReviewRoundDtoSchema: yup.ObjectSchema<PartnerFormReviewRoundDto> = yup.object({
  round: count(),
  outcome: yup
    .string()
    .oneOf(['returned', 'accepted'] as const)
    .defined(),
  formId: uuid(),
  formVersionNumber: count(),
  reviewerName: yup.string().nullable().defined(),
  note: text(),
  decisions: jsonObject().defined() as yup.Schema<PartnerFormReviewRoundDto['decisions']>,
  answers: jsonObject().defined() as yup.Schema<Answers>,
  createdAt: timestamp(),
  resubmittedAt: yup.string().datetime().nullable().defined(),
  changes: jsonObject().nullable().defined() as yup.Schema<PartnerFormReviewRoundDto['changes']>,
});

export const answerFileSchema: yup.ObjectSchema<AnswerFile> = yup.object({ id: uuid(), name: text(), type: text(), size: count() });

export const partnerFormSectionDtoSchema: yup.ObjectSchema<PartnerFormSectionDto> = yup.object({
  partnerFormId: uuid(),
  status: partnerFormStatus(),
  section: formSectionSchema.defined(),
  sections: yup.array(yup.object({ key: text(), title: text(), filled: count(), total: count(), errors: count() }).defined()).defined(),
  answers: jsonObject().defined() as yup.Schema<Answers>,
  comments: jsonObject().defined() as yup.Schema<Record<string, string>>,
  updatedAt: timestamp(),
  version: version(),
});

const changedQuestions = () => yup.array(yup.object({ key: text(), label: text() }).defined()).defined();
const versionRef = () => yup.object({ id: uuid(), versionNumber: count() });

export const versionChangesDtoSchema: yup.ObjectSchema<VersionChangesDto> = yup.object({
  fromForm: versionRef().defined(),
  toForm: versionRef().nullable().defined(),
  addedRequired: changedQuestions(),
  removed: yup.array(yup.object({ key: text(), label: text(), answered: yup.boolean().defined() }).defined()).defined(),
  changedRules: changedQuestions(),
  changedTypes: changedQuestions(),
});

export const assignPartnerFormsResultSchema: yup.ObjectSchema<AssignPartnerFormsResult> = yup.object({
  assigned: yup.array(partnerFormDtoSchema.defined()).defined(),
  skipped: yup
    .array(
      yup
        .object({
          partnerId: uuid(),
          reason: yup
            .string()
            .oneOf(['alreadyOpen'] as const)
            .defined(),
        })
        .defined(),
    )
    .defined(),
});

export const partnerFormMigrationResultSchema: yup.ObjectSchema<PartnerFormMigrationResult> = yup.object({
  id: text(),
  action: yup.string().oneOf(MIGRATE_ACTIONS).defined(),
  outcome: yup.string().oneOf(MIGRATION_OUTCOMES).defined(),
  partnerForm: partnerFormDtoSchema.optional().default(undefined),
});

export const fileRequestDtoSchema: yup.ObjectSchema<FileRequestDto> = yup.object({
  id: uuid(),
  fileId: yup.string().uuid().nullable().defined(),
  fileName: optionalText(),
  requestText: text(),
  reason: text(),
  status: yup.string().oneOf(FILE_REQUEST_STATUSES).defined(),
  partnerId: uuid(),
  partnerName: text(),
  requestedById: uuid(),
  requestedByName: text(),
  decidedById: yup.string().uuid().nullable().defined(),
  decidedByName: optionalText(),
  decidedAt: yup.string().datetime().nullable().defined(),
  decisionNote: text(),
  grantId: yup.string().uuid().nullable().defined(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
  version: version(),
});

export const managedFileDtoSchema: yup.ObjectSchema<ManagedFileDto> = yup.object({
  id: uuid(),
  fileName: text(),
  contentType: text(),
  size: count(),
  uploadedById: uuid(),
  uploadedByName: text(),
  downloadCount: count(),
  visitCount: count(),
  activeGrantCount: count(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
  replacedAt: yup.string().datetime().nullable().defined(),
  version: version(),
});

export const fileGrantDtoSchema: yup.ObjectSchema<FileGrantDto> = yup.object({
  id: uuid(),
  fileId: uuid(),
  fileName: text(),
  conditionType: yup.string().oneOf(GRANT_CONDITION_TYPES).defined(),
  targetId: uuid(),
  targetName: text(),
  partnerId: yup.string().uuid().nullable().defined(),
  from: timestamp(),
  to: timestamp(),
  note: text(),
  downloadLimit: yup.number().integer().nullable().defined(),
  downloadCount: count(),
  viewOnly: yup.boolean().defined(),
  state: yup.string().oneOf(GRANT_STATES).defined(),
  revokedAt: yup.string().datetime().nullable().defined(),
  requestId: yup.string().uuid().nullable().defined(),
  createdById: uuid(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
  version: version(),
});

export const accessibleFileDtoSchema: yup.ObjectSchema<AccessibleFileDto> = yup.object({
  fileId: uuid(),
  fileName: text(),
  contentType: text(),
  size: count(),
  grantId: uuid(),
  expiresAt: timestamp(),
  viewOnly: yup.boolean().defined(),
  downloadsLeft: yup.number().integer().nullable().defined(),
});

export const fileLinkDtoSchema: yup.ObjectSchema<FileLinkDto> = yup.object({
  token: text(),
  url: text(),
  expiresAt: timestamp(),
});

export const fileLinkViewDtoSchema: yup.ObjectSchema<FileLinkViewDto> = yup.object({
  fileName: text(),
  contentType: text(),
  size: count(),
  inline: yup.boolean().defined(),
  viewOnly: yup.boolean().defined(),
  expiresAt: timestamp(),
  downloadsLeft: yup.number().integer().nullable().defined(),
  contentUrl: optionalText(),
  downloadUrl: optionalText(),
});

export const fileAccessLogDtoSchema: yup.ObjectSchema<FileAccessLogDto> = yup.object({
  id: text(),
  fileId: uuid(),
  fileName: text(),
  kind: yup.string().oneOf(ACCESS_KINDS).defined(),
  userId: uuid(),
  userName: text(),
  partnerId: yup.string().uuid().nullable().defined(),
  partnerName: optionalText(),
  grantId: yup.string().uuid().nullable().defined(),
  address: text(),
  client: text(),
  at: timestamp(),
});

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
