import { and, desc, eq, inArray, isNull, not, sql, type SQL } from 'drizzle-orm';
import type { PagedResult } from '../../../contract/envelope';
import { permission } from '../../../contract/permissions';
import { ASSIGNEE_ME, ASSIGNEE_NONE, type TicketSearchInput } from '../../../contract/schemas/tickets';
import type { TicketSla } from '../../../contract/serviceLevels';
import type { TicketDto, TicketPriority } from '../../../contract/tickets';
import type { Db } from '../../db/client';
import { partners, supportTeams, ticketRatings, tickets, users } from '../../db/schema';
import type { Principal } from '../../core/guard';
import {
  containsFolded,
  containsFoldedIn,
  countOf,
  idsFilter,
  keysetBatches,
  keysetOrder,
  keywordOf,
  keywordWhere,
  orderByOf,
  readPage,
  type KeywordMatchers,
  type SortColumns,
  type TotalsCache,
} from '../../core/search';
import { fullNameOf } from '../accounts/principal';
import { conversationMatch, messageSnippets, type ConversationMatch } from './conversationSearch';
import { ticketDtoQuery, toTicketDtos } from './ticketDtos';
import { textOfHtml } from './ticketHtml';
import { ownPartnerRows } from '../../core/partnerIsolation';
import { slaDueOrder } from './sla/slaDueOrder';
import { slaOfTickets } from './sla/ticketSla';

const ADMIN_VIEW = permission('Tickets', 'AdminView');

/**
 * Partner isolation (DESIGN.md "Permissions and roles"): a user with a partner reaches only that partner's
 * tickets; staff need Tickets.AdminView to reach any. Outside the scope a ticket answers 404.
 */
export const ticketScope = ownPartnerRows(tickets.partnerId, ADMIN_VIEW);

/** Flat rows for the CSV export, keyed by the sortable names so the keyset can read its position. */
const exportColumns = {
  id: tickets.id,
  subject: tickets.subject,
  status: tickets.status,
  partnerName: partners.name,
  creatorFirstName: users.firstName,
  creatorLastName: users.lastName,
  description: tickets.description,
  createdAt: tickets.createdAt,
  updatedAt: tickets.updatedAt,
  lastMessageAt: tickets.lastMessageAt,
};

/** One line of the CSV export (the team and the SLA only in staff's: see exportTicketRows). */
export interface TicketCsvRow {
  id: string;
  subject: string;
  status: string;
  partnerName: string;
  createdByName: string;
  createdAt: Date;
  updatedAt: Date;
  lastMessageAt: Date | null;
  /** The description's text, without markup. */
  description: string;
  teamName?: string | null;
  sla?: TicketSla | null;
}

/** What an export sorts by: keyset paging needs columns without nulls. */
const exportSortable = {
  id: tickets.id,
  subject: tickets.subject,
  status: tickets.status,
  createdAt: tickets.createdAt,
  updatedAt: tickets.updatedAt,
  partnerName: partners.name,
};

const assigneeNameSql = sql`(select a.first_name || ' ' || a.last_name from users a where a.id = ${tickets.assigneeId})`;
const teamNameSql = sql`(select t.name from ${supportTeams} t where t.id = ${tickets.teamId})`;

/** What a page sorts by: every scalar field of TicketDto (contract/apiResources.ts), over ticketDtoQuery's joins. */
const sortable: SortColumns = {
  ...exportSortable,
  description: tickets.description,
  partnerId: tickets.partnerId,
  createdBy: tickets.createdBy,
  createdByName: sql`${users.firstName} || ' ' || ${users.lastName}`,
  lastMessageAt: tickets.lastMessageAt,
  priority: sql`case ${tickets.priority} when 'LOW' then 0 when 'NORMAL' then 1 when 'HIGH' then 2 when 'URGENT' then 3 end`,
  assigneeName: assigneeNameSql,
  // A reference sorts by what a person reads in its place: the assignee's, the team's, the merged-into ticket's name.
  assigneeId: assigneeNameSql,
  teamId: teamNameSql,
  teamName: teamNameSql,
  mergedIntoId: sql`(select m.subject from tickets m where m.id = ${tickets.mergedIntoId})`,
  rating: sql`(select r.score from ${ticketRatings} r where r.ticket_id = ${tickets.id})`,
};

/** A partner's user never sees a ticket's team nor its SLA (its DTO leaves them out), so its order cannot tell them either. */
const { teamId: _teamId, teamName: _teamName, ...partnerSortable } = sortable;

/** Staff's `sla` when the search does not sort by it: listed all the same, so a refused field's answer names it. */
const SLA_UNASKED = sql`null::timestamptz`;

/** What a search sorts by for `principal`: staff's `sla` by the due times of the tickets `where` finds, worked out only when asked. */
async function sortableFor(db: Db, principal: Principal, input: TicketSearchInput, where: SQL | undefined): Promise<SortColumns> {
  if (principal.partnerId) return partnerSortable;
  const bySla = input.orderBy?.some((entry) => entry.split(' ')[0] === 'sla');
  return { ...sortable, sla: bySla ? await slaDueOrder(db, where) : SLA_UNASKED };
}

/** `assigneeId` of a search: a staff user's id, the caller (`me`) or nobody (`none`). */
function assigneeWhere(principal: Principal, assignee: string | undefined): SQL | undefined {
  if (!assignee) return undefined;
  if (assignee === ASSIGNEE_NONE) return isNull(tickets.assigneeId);
  return eq(tickets.assigneeId, assignee === ASSIGNEE_ME ? principal.id : assignee);
}

/** The fields a keyword may be limited to (`advancedSearch.fields`); case and diacritics ignored. */
const keywordMatchers: KeywordMatchers = {
  subject: (keyword) => containsFolded(tickets.subjectFolded, keyword),
  description: (keyword) => containsFoldedIn(tickets.description, keyword),
};

/**
 * Orders that a keyword's ranking goes before (issue 25: id, then subject, description, message text): none, or
 * recency, which then orders each rank. An order by another field (a column the user sorted) is kept as asked.
 */
const RANKED_ORDERS = new Set(['createdAt', 'updatedAt', 'lastMessageAt']);
const ranksFirst = (orderBy: string[] | undefined) => !orderBy?.length || RANKED_ORDERS.has(orderBy[0].split(' ')[0]);

function searchWhere(principal: Principal, input: TicketSearchInput, match = conversationMatch(principal, keywordOf(input))) {
  return and(
    ticketScope(principal),
    keywordWhere(input, keywordMatchers, () => match?.where),
    containsFolded(tickets.subjectFolded, input.subject ?? input.title),
    input.id ? sql`${tickets.id}::text like ${`${input.id.toLowerCase()}%`}` : undefined,
    input.partnerId ? eq(tickets.partnerId, input.partnerId) : undefined,
    input.status ? eq(tickets.status, input.status) : undefined,
    assigneeWhere(principal, input.assigneeId),
    input.priority ? eq(tickets.priority, input.priority as TicketPriority) : undefined,
    idsFilter(tickets.id, input.ids),
  );
}

/**
 * Newest candidates a ranked search checks one by one for a message hit (through the messages' ticket index) before
 * it reads every matching message through the trigram index: a common word fills a page from the first few.
 */
const MESSAGE_PROBE = 500;

/**
 * A page of a keyword search ranked by tiers, each read only as far as the page needs: first the tickets found by
 * their own row (id, subject, description; ranked, then the recency asked), then those found by a message alone (in
 * the recency asked). The message tier probes the newest candidates first; a rare word, or a deep page, reads the
 * matching messages through the trigram index instead.
 */
async function rankedPage(
  db: Db,
  columns: SortColumns,
  input: TicketSearchInput,
  base: SQL | undefined,
  match: ConversationMatch,
  page: { limit: number; offset: number },
  totals?: TotalsCache,
) {
  // Ties go the way of the first order, so the newest-first walk follows the (created_at, id) index backwards.
  const newestFirst = !input.orderBy?.length || input.orderBy[0].toLowerCase().endsWith(' desc');
  const order = [...orderByOf(input.orderBy, columns, [desc(tickets.createdAt)]), newestFirst ? desc(tickets.id) : tickets.id];
  const own = and(base, match.ticketWhere);
  const first = await ticketDtoQuery(db)
    .where(own)
    .orderBy(desc(match.rank), ...order)
    .limit(page.limit)
    .offset(page.offset);
  if (first.length === page.limit || !match.messages) return { rows: first, byMessage: [] as string[] };
  const ownCount = page.offset === 0 ? first.length : await countOf(db, tickets, own, totals);
  const skip = Math.max(0, page.offset - ownCount);
  const wanted = page.limit - first.length;
  const others = and(base, not(match.ticketWhere));
  const probe = await db
    .select({ id: tickets.id, hit: sql<boolean>`${match.messageHit}` })
    .from(tickets)
    .where(others)
    .orderBy(...order)
    .limit(MESSAGE_PROBE);
  let ids: string[];
  const probed = probe.filter((row) => row.hit).map((row) => row.id);
  if (probed.length >= skip + wanted || probe.length < MESSAGE_PROBE) ids = probed.slice(skip, skip + wanted);
  else
    ids = (
      await db
        .select({ id: tickets.id })
        .from(tickets)
        .where(and(others, match.where))
        .orderBy(...order)
        .limit(wanted)
        .offset(skip)
    ).map((row) => row.id);
  if (!ids.length) return { rows: first, byMessage: ids };
  const found = await ticketDtoQuery(db).where(inArray(tickets.id, ids));
  const byId = new Map(found.map((row) => [row.ticket.id, row]));
  return { rows: [...first, ...ids.flatMap((id) => byId.get(id) ?? [])], byMessage: ids };
}

/** A page of the tickets a search finds within the caller's reach, with the total (counted through `totals` when given). */
export async function searchTickets(db: Db, principal: Principal, input: TicketSearchInput, totals?: TotalsCache): Promise<PagedResult<TicketDto>> {
  const match: ConversationMatch | undefined = conversationMatch(principal, keywordOf(input));
  const where = searchWhere(principal, input, match);
  const columns = await sortableFor(db, principal, input, where);
  // A keyword over every field, in the list's recency order: ranked tiers. Otherwise the order asked, over every match.
  if (match && ranksFirst(input.orderBy) && !input.advancedSearch?.fields?.length) {
    const base = searchWhere(principal, { ...input, keyword: undefined, advancedSearch: {} });
    return readPage(input, countOf(db, tickets, where, totals), async (page) => {
      const { rows, byMessage } = await rankedPage(db, columns, input, base, match, page, totals);
      const [dtos, snippets] = await Promise.all([toTicketDtos(db, rows, principal), messageSnippets(db, principal, match, byMessage)]);
      return dtos.map((dto) => (snippets.has(dto.id) ? { ...dto, matchedText: snippets.get(dto.id) } : dto));
    });
  }
  return readPage(input, countOf(db, tickets, where, totals), async ({ limit, offset }) =>
    toTicketDtos(
      db,
      await ticketDtoQuery(db)
        .where(where)
        .orderBy(...orderByOf(input.orderBy, columns, [desc(tickets.createdAt)]), tickets.id)
        .limit(limit)
        .offset(offset),
      principal,
    ),
  );
}

/**
 * Every ticket of a search, in batches read by keyset (one batch in memory at a time), for the CSV export. Staff's
 * rows carry the team and the SLA (computed a batch at a time); a partner's never do (issue 33).
 */
export async function exportTicketRows(db: Db, principal: Principal, input: TicketSearchInput) {
  const where = searchWhere(principal, input);
  const staff = !principal.partnerId;
  // Staff's list sorted by SLA exports in the export's own order: a due time is worked out, not a column to read in batches.
  const orderBy = staff ? input.orderBy?.filter((entry) => entry.split(' ')[0] !== 'sla') : input.orderBy;
  const key = keysetOrder(orderBy?.length ? orderBy : undefined, exportSortable, 'createdAt desc', tickets.id);
  const batches = keysetBatches(
    key,
    async ({ after, order, limit }) => {
      const rows = await db
        .select({ ...exportColumns, teamName: supportTeams.name })
        .from(tickets)
        .innerJoin(partners, eq(partners.id, tickets.partnerId))
        .innerJoin(users, eq(users.id, tickets.createdBy))
        .leftJoin(supportTeams, eq(supportTeams.id, tickets.teamId))
        .where(and(where, after))
        .orderBy(...order)
        .limit(limit);
      if (!staff) return rows.map(({ teamName: _teamName, ...row }) => row);
      const slas = await slaOfTickets(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => ({ ...row, sla: slas.get(row.id) ?? null }));
    },
    ({ creatorFirstName, creatorLastName, description, ...row }): TicketCsvRow => ({
      ...row,
      createdByName: fullNameOf({ firstName: creatorFirstName, lastName: creatorLastName }),
      description: textOfHtml(description),
    }),
  );
  return { total: await countOf(db, tickets, where), batches };
}
