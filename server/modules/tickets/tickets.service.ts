import { and, eq, isNull } from 'drizzle-orm';
import { foldForSearch } from '../../../contract/fold';
import { permission } from '../../../contract/permissions';
import type { CreateTicketInput, TicketSearchInput } from '../../../contract/schemas/tickets';
import { partnerMayChangeStatus, ticketAcceptsMessages, type TicketMessageDto, type TicketStatus } from '../../../contract/tickets';
import type { AppContext } from '../../context';
import { partners, ticketAttachments, ticketMessages, tickets, ticketStatusChanges } from '../../db/schema';
import { writeAudit } from '../../core/audit';
import { createCountCache } from '../../core/countCache';
import { ApiError, conflict, fieldError, forbidden, notFound } from '../../core/errors';
import type { Principal } from '../../core/guard';
import { ifMatchAccepts, type IfMatch } from '../../core/recordVersion';
import { isUuid, rowIdOf } from '../../core/search';
import type { TicketAnnouncer } from './tickets.events';
import { selectMessageDtos, selectTicketDto, ticketDtoFor, ticketVersion, toAttachmentRef, type TicketRow } from './ticketDtos';
import { textOfHtml, toSafeHtml } from './ticketHtml';
import { createTicketWrites } from './ticketWrites';
import type { StoredUpload } from '../../files/uploadForm';
import { attachmentStore } from './ticketFiles';
import { exportTicketRows, searchTickets, ticketScope } from './ticketSearch';
import { mayReadNotes, messagesReadableBy, NOTES_CREATE } from './internalNotes';
import { createChatLines } from './chatLines';
import { newTicketAssignment } from './assignment/assignment.service';

const ADMIN_VIEW = permission('Tickets', 'AdminView');
const ADMIN_UPDATE = permission('Tickets', 'AdminUpdate');
const CHAT_VIEW = permission('TicketConversations', 'View');

export const searchTextOf = (subject: string, descriptionHtml: string) => foldForSearch(`${subject} ${textOfHtml(descriptionHtml)}`);

type TicketSide = 'staff' | 'partner';
/** Whose side a writer is on: staff are users without a partner. */
export const sideOf = (user: { partnerId: string | null }): TicketSide => (user.partnerId ? 'partner' : 'staff');
export const otherSide = (side: TicketSide): TicketSide => (side === 'staff' ? 'partner' : 'staff');

const versionMatches = (ifMatch: IfMatch | undefined, ticket: TicketRow) => ifMatchAccepts(ifMatch, ticketVersion(ticket));

/** Writes that found the ticket's row changed since they read it (a chat message meanwhile) read it again, this many times. */
const WRITE_ATTEMPTS = 8;

/** The rules of tickets and their chat; routes parse and answer, this decides and writes. */
export function createTicketService(ctx: AppContext, announce: TicketAnnouncer) {
  const { db } = ctx;
  const attachments = attachmentStore(ctx.files);
  // Totals of ticket searches, kept until a ticket changes (a message included) on any instance, or a minute passes.
  const searchTotals = createCountCache(ctx.events, 'tickets');
  const writes = createTicketWrites(db);
  const postLine = createChatLines(ctx, announce);

  /** The partner a principal's tickets are limited to (null: staff reaching every partner's); staff without AdminView reach none (404). */
  function scopeOf(principal: Principal) {
    if (principal.partnerId) return principal.partnerId;
    if (principal.permissions.has(ADMIN_VIEW)) return null;
    throw notFound('tickets.notFound');
  }

  async function findVisible(principal: Principal, id: string): Promise<TicketRow> {
    const [row] = await db
      .select()
      .from(tickets)
      .where(and(eq(tickets.id, rowIdOf(id, 'tickets.notFound')), ticketScope(principal)));
    if (!row) throw notFound('tickets.notFound');
    return row;
  }

  const dtoOf = async (id: string) => (await selectTicketDto(db, id))!;

  /** One ticket within reach, as the principal may see it: one statement (the read a status change starts with). */
  async function get(principal: Principal, id: string) {
    const read = await writes.visible(rowIdOf(id, 'tickets.notFound'), scopeOf(principal));
    if (!read) throw notFound('tickets.notFound');
    return ticketDtoFor(principal, read.dto);
  }

  /** For the hub's JoinTicket: the ticket is within reach and the caller may read its chat. */
  async function canFollow(principal: Principal, ticketId: string) {
    if (!principal.permissions.has(permission('TicketConversations', 'View')) || !isUuid(ticketId)) return false;
    const [row] = await db
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.id, ticketId), ticketScope(principal)));
    return !!row;
  }

  /** A partner user raises a ticket for its partner; staff name the partner (and need to see every partner's). */
  async function partnerOfNewTicket(principal: Principal, partnerId: string | undefined) {
    if (principal.partnerId) return principal.partnerId;
    if (!principal.permissions.has(ADMIN_VIEW)) throw forbidden();
    if (!partnerId) throw fieldError('partnerId', 'tickets.partnerRequired');
    const [partner] = await db
      .select({ id: partners.id })
      .from(partners)
      .where(and(eq(partners.id, partnerId), isNull(partners.deletedAt)));
    if (!partner) throw fieldError('partnerId', 'tickets.unknownPartner');
    return partner.id;
  }

  const attachmentValues = (ticketId: string, messageId: string | null, uploadedBy: string, uploads: StoredUpload[]) =>
    uploads.map((u) => ({ ticketId, messageId, uploadedBy, fileName: u.fileName, contentType: u.contentType, size: u.size, storageName: u.key }));

  async function create(principal: Principal, input: CreateTicketInput, uploads: StoredUpload[]) {
    const partnerId = await partnerOfNewTicket(principal, input.partnerId);
    const description = toSafeHtml(input.description ?? '');
    const { id, assigneeId } = await db.transaction(async (tx) => {
      const start = await newTicketAssignment(tx, input.category);
      const [row] = await tx
        .insert(tickets)
        .values({
          ...start,
          category: input.category ?? null,
          subject: input.subject,
          description,
          partnerId,
          createdBy: principal.id,
          searchText: searchTextOf(input.subject, description),
          subjectFolded: foldForSearch(input.subject),
          awaitingSide: otherSide(sideOf(principal)),
        })
        .returning();
      const files = uploads.length
        ? await tx
            .insert(ticketAttachments)
            .values(attachmentValues(row.id, null, principal.id, uploads))
            .returning()
        : [];
      await writeAudit(tx, { userId: principal.id, type: 'Create', table: 'tickets', key: row.id, after: { ...row, attachments: files.map(toAttachmentRef) } });
      await tx
        .insert(ticketStatusChanges)
        .values({ ticketId: row.id, fromStatus: null, toStatus: row.status, changedAt: row.createdAt, actorId: principal.id });
      return row;
    });
    const dto = await dtoOf(id);
    await announce.created(dto, principal);
    if (assigneeId) await announce.assigned(dto, null, principal);
    return ticketDtoFor(principal, dto);
  }

  /**
   * A status change in two round trips: the ticket read within reach (another partner's is a 404), then one
   * statement writing over that very row version, audited. A row changed in between (a chat message) is read again:
   * still the version If-Match names, it goes on; a status moved meanwhile is a 409.
   */
  async function changeStatus(principal: Principal, id: string, status: TicketStatus, via: 'owner' | 'admin', ifMatch?: IfMatch) {
    const scope = scopeOf(principal);
    const ticketId = rowIdOf(id, 'tickets.notFound');
    let first: TicketStatus | undefined;
    for (let attempt = 1; ; attempt += 1) {
      const read = await writes.visible(ticketId, scope);
      if (!read) throw notFound('tickets.notFound');
      const previous = read.row.status as TicketStatus;
      const mayAnything = via === 'admin' || principal.permissions.has(ADMIN_UPDATE);
      if (!mayAnything && !partnerMayChangeStatus(previous, status)) throw forbidden('tickets.statusNotAllowed');
      if (!versionMatches(ifMatch, read.row)) throw new ApiError(412, 'api.staleRecord', undefined, undefined, ticketDtoFor(principal, read.dto));
      if (first !== undefined && previous !== first) throw conflict();
      first = previous;
      if (previous === status) return ticketDtoFor(principal, read.dto);
      // A merged duplicate stays CLOSED: its chat lives on in the ticket it was merged into.
      if (read.row.mergedIntoId) throw new ApiError(409, 'ticketMerge.sourceMerged');
      const written = await writes.changeStatus(read, status, principal.id);
      if (written) {
        await announce.statusChanged(written, previous, principal);
        return ticketDtoFor(principal, written);
      }
      if (attempt === WRITE_ATTEMPTS) throw conflict();
    }
  }

  async function messages(principal: Principal, id: string): Promise<TicketMessageDto[]> {
    const ticket = await findVisible(principal, id);
    return selectMessageDtos(db, and(eq(ticketMessages.ticketId, ticket.id), messagesReadableBy(principal))!);
  }

  /** Checked before an upload is read, so a message to a closed or unknown ticket costs no file writes. */
  async function assertAcceptsMessages(principal: Principal, id: string) {
    const status = await writes.statusOf(rowIdOf(id, 'tickets.notFound'), scopeOf(principal));
    if (status === null) throw notFound('tickets.notFound');
    if (!ticketAcceptsMessages(status)) throw new ApiError(409, 'tickets.closed');
  }

  /** A chat message in one statement (chatLines.ts): everyone on the ticket reads it. */
  const postMessage = (principal: Principal, id: string, rawBody: string, uploads: StoredUpload[]) => postLine(principal, id, rawBody, uploads, 'everyone');

  /** An internal note from the chat's composer: TicketNotes.Create (staff only); partners never receive it. */
  async function postNote(principal: Principal, id: string, rawBody: string, uploads: StoredUpload[]) {
    if (principal.partnerId || !principal.permissions.has(NOTES_CREATE)) throw forbidden();
    return postLine(principal, id, rawBody, uploads, 'staff');
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
    // A file of an internal note is the note's: without TicketNotes.View it is not there.
    if (row.messageId && !mayReadNotes(principal)) {
      const [note] = await db
        .select({ id: ticketMessages.id })
        .from(ticketMessages)
        .where(and(eq(ticketMessages.id, row.messageId), eq(ticketMessages.internal, true)));
      if (note) throw notFound('tickets.attachmentNotFound');
    }
    return { ...toAttachmentRef(row), key: row.storageName };
  }

  return {
    attachments,
    canFollow,
    get,
    search: (principal: Principal, input: TicketSearchInput) => searchTickets(db, principal, input, searchTotals),
    exportRows: (principal: Principal, input: TicketSearchInput) => exportTicketRows(db, principal, input),
    create,
    changeStatus,
    messages,
    assertAcceptsMessages,
    postMessage,
    postNote,
    attachment,
  };
}

export type TicketService = ReturnType<typeof createTicketService>;
