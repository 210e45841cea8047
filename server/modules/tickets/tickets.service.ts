import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { PagedResult } from '../../../contract/envelope';
import { foldForSearch } from '../../../contract/fold';
import { permission } from '../../../contract/permissions';
import type { CreateTicketInput, TicketSearchInput } from '../../../contract/schemas/tickets';
import { partnerMayChangeStatus, ticketAcceptsMessages, type TicketDto, type TicketMessageDto, type TicketStatus } from '../../../contract/tickets';
import type { AppContext } from '../../context';
import { partners, ticketAttachments, ticketMessages, tickets, users } from '../../db/schema';
import { writeAudit } from '../../core/audit';
import { ApiError, conflict, fieldError, forbidden, notFound } from '../../core/errors';
import type { Principal } from '../../core/guard';
import { ifMatchAccepts, type IfMatch } from '../../core/recordVersion';
import { containsFolded, countOf, idsFilter, isUuid, keysetBatches, keysetOrder, keywordOf, orderByOf, readPage, rowIdOf } from '../../core/search';
import { fullNameOf } from '../accounts/principal';
import type { TicketAnnouncer } from './tickets.events';
import { selectMessageDtos, selectTicketDto, ticketDtoQuery, ticketVersion, toAttachmentRef, toTicketDtos, type TicketRow } from './ticketDtos';
import { textOfHtml, toSafeHtml } from './ticketHtml';
import type { StoredUpload } from '../../files/uploadForm';
import { attachmentStore } from './ticketFiles';

const ADMIN_VIEW = permission('Tickets', 'AdminView');
const ADMIN_UPDATE = permission('Tickets', 'AdminUpdate');
const CHAT_VIEW = permission('TicketConversations', 'View');

export const searchTextOf = (subject: string, descriptionHtml: string) => foldForSearch(`${subject} ${textOfHtml(descriptionHtml)}`);

/**
 * Partner isolation (DESIGN.md "Permissions and roles"): a user with a partner reaches only that partner's
 * tickets; staff need Tickets.AdminView to reach any. Outside the scope a ticket answers 404.
 */
export function ticketScope(principal: Principal): SQL | undefined {
  if (principal.partnerId) return eq(tickets.partnerId, principal.partnerId);
  return principal.permissions.has(ADMIN_VIEW) ? undefined : sql`false`;
}

const versionMatches = (ifMatch: IfMatch | undefined, ticket: TicketRow) => ifMatchAccepts(ifMatch, ticketVersion(ticket));

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

/** One line of the CSV export. */
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
}

const sortable = {
  id: tickets.id,
  subject: tickets.subject,
  status: tickets.status,
  createdAt: tickets.createdAt,
  updatedAt: tickets.updatedAt,
  lastMessageAt: tickets.lastMessageAt,
  partnerName: partners.name,
};
/** Keyset paging needs a sort column without nulls. */
const { lastMessageAt: _nullable, ...exportSortable } = sortable;

/** The rules of tickets and their chat; routes parse and answer, this decides and writes. */
export function createTicketService(ctx: AppContext, announce: TicketAnnouncer) {
  const { db } = ctx;
  const attachments = attachmentStore(ctx.files);

  async function findVisible(principal: Principal, id: string): Promise<TicketRow> {
    const [row] = await db.select().from(tickets).where(and(eq(tickets.id, rowIdOf(id, 'tickets.notFound')), ticketScope(principal)));
    if (!row) throw notFound('tickets.notFound');
    return row;
  }

  const dtoOf = async (id: string) => (await selectTicketDto(db, id))!;

  /** For the hub's JoinTicket: the ticket is within reach and the caller may read its chat. */
  async function canFollow(principal: Principal, ticketId: string) {
    if (!principal.permissions.has(permission('TicketConversations', 'View')) || !isUuid(ticketId)) return false;
    const [row] = await db.select({ id: tickets.id }).from(tickets).where(and(eq(tickets.id, ticketId), ticketScope(principal)));
    return !!row;
  }

  function searchWhere(principal: Principal, input: TicketSearchInput) {
    return and(
      ticketScope(principal),
      containsFolded(tickets.searchText, keywordOf(input)),
      containsFolded(tickets.subjectFolded, input.subject ?? input.title),
      input.id ? sql`${tickets.id}::text like ${`${input.id.toLowerCase()}%`}` : undefined,
      input.partnerId ? eq(tickets.partnerId, input.partnerId) : undefined,
      input.status ? eq(tickets.status, input.status) : undefined,
      idsFilter(tickets.id, input.ids),
    );
  }

  async function search(principal: Principal, input: TicketSearchInput): Promise<PagedResult<TicketDto>> {
    const where = searchWhere(principal, input);
    return readPage(input, countOf(db, tickets, where), async ({ limit, offset }) =>
      toTicketDtos(
        db,
        await ticketDtoQuery(db)
          .where(where)
          .orderBy(...orderByOf(input.orderBy, sortable, [desc(tickets.createdAt)]), tickets.id)
          .limit(limit)
          .offset(offset),
      ),
    );
  }

  /** Every ticket of a search, in batches read by keyset (one batch in memory at a time), for the CSV export. */
  async function exportRows(principal: Principal, input: TicketSearchInput) {
    const where = searchWhere(principal, input);
    const key = keysetOrder(input.orderBy, exportSortable, 'createdAt desc', tickets.id);
    const batches = keysetBatches(
      key,
      ({ after, order, limit }) =>
        db
          .select(exportColumns)
          .from(tickets)
          .innerJoin(partners, eq(partners.id, tickets.partnerId))
          .innerJoin(users, eq(users.id, tickets.createdBy))
          .where(and(where, after))
          .orderBy(...order)
          .limit(limit),
      ({ creatorFirstName, creatorLastName, description, ...row }): TicketCsvRow => ({
        ...row,
        createdByName: fullNameOf({ firstName: creatorFirstName, lastName: creatorLastName }),
        description: textOfHtml(description),
      }),
    );
    return { total: await countOf(db, tickets, where), batches };
  }

  /** A partner user raises a ticket for its partner; staff name the partner (and need to see every partner's). */
  async function partnerOfNewTicket(principal: Principal, partnerId: string | undefined) {
    if (principal.partnerId) return principal.partnerId;
    if (!principal.permissions.has(ADMIN_VIEW)) throw forbidden();
    if (!partnerId) throw fieldError('partnerId', 'tickets.partnerRequired');
    const [partner] = await db.select({ id: partners.id }).from(partners).where(and(eq(partners.id, partnerId), isNull(partners.deletedAt)));
    if (!partner) throw fieldError('partnerId', 'tickets.unknownPartner');
    return partner.id;
  }

  const attachmentValues = (ticketId: string, messageId: string | null, uploadedBy: string, uploads: StoredUpload[]) =>
    uploads.map((u) => ({ ticketId, messageId, uploadedBy, fileName: u.fileName, contentType: u.contentType, size: u.size, storageName: u.key }));

  async function create(principal: Principal, input: CreateTicketInput, uploads: StoredUpload[]) {
    const partnerId = await partnerOfNewTicket(principal, input.partnerId);
    const description = toSafeHtml(input.description ?? '');
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(tickets)
        .values({
          subject: input.subject,
          description,
          partnerId,
          createdBy: principal.id,
          searchText: searchTextOf(input.subject, description),
          subjectFolded: foldForSearch(input.subject),
        })
        .returning();
      const files = uploads.length ? await tx.insert(ticketAttachments).values(attachmentValues(row.id, null, principal.id, uploads)).returning() : [];
      await writeAudit(tx, { userId: principal.id, type: 'Create', table: 'tickets', key: row.id, after: { ...row, attachments: files.map(toAttachmentRef) } });
      return row.id;
    });
    const dto = await dtoOf(id);
    await announce.created(dto, principal);
    return dto;
  }

  async function changeStatus(principal: Principal, id: string, status: TicketStatus, via: 'owner' | 'admin', ifMatch?: IfMatch) {
    const existing = await findVisible(principal, id);
    const previous = existing.status as TicketStatus;
    const mayAnything = via === 'admin' || principal.permissions.has(ADMIN_UPDATE);
    if (!mayAnything && !partnerMayChangeStatus(previous, status)) throw forbidden('tickets.statusNotAllowed');
    const stale = async () => new ApiError(412, 'api.staleRecord', undefined, undefined, await dtoOf(id));
    if (previous === status) {
      if (!versionMatches(ifMatch, existing)) throw await stale();
      return dtoOf(id);
    }
    const changed = await db.transaction(async (tx) => {
      // The row lock orders this change after any other in flight; the version is compared under it.
      const [current] = await tx.select().from(tickets).where(eq(tickets.id, id)).for('update');
      if (!versionMatches(ifMatch, current)) return false;
      if (current.status !== previous) throw conflict();
      await tx.update(tickets).set({ status, updatedAt: new Date() }).where(eq(tickets.id, id));
      await writeAudit(tx, { userId: principal.id, type: 'Update', table: 'tickets', key: id, before: { status: previous }, after: { status } });
      return true;
    });
    if (!changed) throw await stale();
    const dto = await dtoOf(id);
    await announce.statusChanged(dto, previous, principal);
    return dto;
  }

  async function messages(principal: Principal, id: string): Promise<TicketMessageDto[]> {
    const ticket = await findVisible(principal, id);
    return selectMessageDtos(db, eq(ticketMessages.ticketId, ticket.id));
  }

  /** Checked before an upload is read, so a message to a closed or unknown ticket costs no file writes. */
  async function assertAcceptsMessages(principal: Principal, id: string) {
    const ticket = await findVisible(principal, id);
    if (!ticketAcceptsMessages(ticket.status as TicketStatus)) throw new ApiError(409, 'tickets.closed');
    return ticket;
  }

  async function postMessage(principal: Principal, id: string, rawBody: string, uploads: StoredUpload[]) {
    const ticket = await assertAcceptsMessages(principal, id);
    const body = toSafeHtml(rawBody);
    if (!textOfHtml(body) && !uploads.length) throw fieldError('body', 'tickets.messageRequired');
    const messageId = await db.transaction(async (tx) => {
      // The row lock orders this message after a status change in flight; a ticket closed meanwhile refuses it.
      const [current] = await tx.select({ status: tickets.status }).from(tickets).where(eq(tickets.id, ticket.id)).for('update');
      if (!ticketAcceptsMessages(current.status as TicketStatus)) throw new ApiError(409, 'tickets.closed');
      const [message] = await tx.insert(ticketMessages).values({ ticketId: ticket.id, authorId: principal.id, body }).returning();
      const files = uploads.length ? await tx.insert(ticketAttachments).values(attachmentValues(ticket.id, message.id, principal.id, uploads)).returning() : [];
      await tx.update(tickets).set({ lastMessageAt: message.createdAt, updatedAt: new Date() }).where(eq(tickets.id, ticket.id));
      await writeAudit(tx, { userId: principal.id, type: 'Create', table: 'ticket_messages', key: message.id, after: { ...message, attachments: files.map(toAttachmentRef) } });
      return message.id;
    });
    const [message] = await selectMessageDtos(db, eq(ticketMessages.id, messageId));
    await announce.messagePosted(await dtoOf(ticket.id), message, principal);
    return message;
  }

  /** An attachment of a ticket within reach (of the ticket or of one of its messages) and its key in `attachments`. */
  async function attachment(principal: Principal, ticketId: string, attachmentId: string) {
    const ticket = await findVisible(principal, ticketId);
    const [row] = await db
      .select()
      .from(ticketAttachments)
      .where(and(eq(ticketAttachments.id, rowIdOf(attachmentId, 'tickets.attachmentNotFound')), eq(ticketAttachments.ticketId, ticket.id)));
    // A file sent in the chat is part of the chat: without the conversations permission it is not there.
    if (!row || (row.messageId && !principal.permissions.has(CHAT_VIEW))) throw notFound('tickets.attachmentNotFound');
    return { ...toAttachmentRef(row), key: row.storageName };
  }

  return {
    attachments,
    canFollow,
    get: async (principal: Principal, id: string) => dtoOf((await findVisible(principal, id)).id),
    search,
    exportRows,
    create,
    changeStatus,
    messages,
    assertAcceptsMessages,
    postMessage,
    attachment,
  };
}

export type TicketService = ReturnType<typeof createTicketService>;
