import { eq, isNull, or, sql } from 'drizzle-orm';
import type { CannedResponseDto } from '../../../contract/cannedResponses';
import { foldForSearch } from '../../../contract/fold';
import { permission } from '../../../contract/permissions';
import { cannedResponseDtoSchema, cannedResponseFilters, cannedResponseSchema, type CannedResponseInput } from '../../../contract/schemas/cannedResponses';
import type { CrudResource } from '../../core/crud';
import { forbidden } from '../../core/errors';
import type { Principal } from '../../core/guard';
import { containsFolded, containsFoldedIn, keywordWhere } from '../../core/search';
import { cannedResponses } from './cannedResponses.schema';

type CannedRow = typeof cannedResponses.$inferSelect;

/** The fields a keyword may be limited to (react-admin's `meta.searchFields`); the folded search text holds both. */
const keywordMatchers = {
  title: (keyword: string) => containsFoldedIn(cannedResponses.title, keyword),
  body: (keyword: string) => containsFoldedIn(cannedResponses.body, keyword),
};

/** Shared responses are managed with CannedResponses.Configure; a personal one by its owner alone. */
const MANAGE_SHARED = permission('CannedResponses', 'Configure');

export const toCannedResponseDto = (row: CannedRow): CannedResponseDto => ({
  id: row.id,
  title: row.title,
  body: row.body,
  language: row.language ?? null,
  shared: row.ownerId === null,
  ownerId: row.ownerId,
  createdAt: new Date(row.createdAt).toISOString(),
  updatedAt: new Date(row.updatedAt).toISOString(),
});

/** The responses a principal reaches: the shared ones and their own; a partner's user none (404), whatever their role. */
function reachOf(principal: Principal) {
  if (principal.partnerId) return sql`false`;
  return or(isNull(cannedResponses.ownerId), eq(cannedResponses.ownerId, principal.id));
}

function assertMayWrite(principal: Principal, shared: boolean) {
  if (principal.partnerId) throw forbidden();
  if (shared && !principal.permissions.has(MANAGE_SHARED)) throw forbidden('cannedResponses.sharedNotAllowed');
}

/**
 * Canned responses as a CRUD resource (server/core/crud): not declared through contract/resources because a row's
 * reach is per user (shared, or the reader's own) and writing a shared one needs another permission than a personal
 * one, which the declared layer's partner scope and single permission do not say. Another user's personal response
 * is out of reach: 404, as any row outside a scope.
 */
export const cannedResponsesResource: CrudResource<CannedResponseInput, CannedResponseDto> = {
  name: 'canned-responses',
  permissions: 'CannedResponses',
  table: cannedResponses,
  schema: cannedResponseSchema,
  searchFilters: cannedResponseFilters,
  toDto: (row) => toCannedResponseDto(row as unknown as CannedRow),
  dtoSchema: cannedResponseDtoSchema,
  toValues: (input, principal) => ({
    title: input.title,
    body: input.body,
    language: input.language ?? null,
    ownerId: input.shared ? null : principal.id,
    searchText: foldForSearch(`${input.title} ${input.body}`),
  }),
  sortable: {
    title: cannedResponses.title,
    body: cannedResponses.body,
    language: cannedResponses.language,
    shared: sql`(${cannedResponses.ownerId} is null)`,
    createdAt: cannedResponses.createdAt,
    updatedAt: cannedResponses.updatedAt,
  },
  defaultSort: 'title asc',
  where: (search, principal) => [
    keywordWhere(search, keywordMatchers, (keyword) => containsFolded(cannedResponses.searchText, keyword)),
    search.shared === true ? isNull(cannedResponses.ownerId) : search.shared === false ? eq(cannedResponses.ownerId, principal.id) : undefined,
    typeof search.language === 'string' ? eq(cannedResponses.language, search.language as CannedRow['language'] & string) : undefined,
  ],
  scope: reachOf,
  async beforeWrite(_tx, input, existing, principal) {
    // Changing a shared one, or making one shared, is managing shared responses.
    assertMayWrite(principal, !!input.shared || (existing !== null && existing.ownerId === null));
  },
  async beforeDelete(_tx, existing, principal) {
    assertMayWrite(principal, existing.ownerId === null);
  },
  csv: [
    { header: 'id', value: (r) => r.id },
    { header: 'title', value: (r) => r.title },
    { header: 'language', value: (r) => r.language },
    { header: 'shared', value: (r) => r.shared },
    { header: 'body', value: (r) => r.body },
  ],
};

/** Demo rows (SEED=demo): two shared responses, one in each language, found again by title. */
export const DEMO_CANNED_RESPONSES = [
  {
    title: 'Looking into it',
    body: 'Hello {{partnerName}},\n\nThank you for ticket #{{ticketId}} ("{{ticketSubject}}"). We are looking into it and will come back to you shortly.\n\n{{agentName}}',
    language: 'en' as const,
  },
  {
    title: 'Đang xử lý',
    body: 'Xin chào {{partnerName}},\n\nCảm ơn bạn đã gửi phiếu #{{ticketId}} ("{{ticketSubject}}"). Chúng tôi đang xử lý và sẽ phản hồi sớm.\n\n{{agentName}}',
    language: 'vi' as const,
  },
];
