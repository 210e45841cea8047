import { and, asc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { TicketSla } from '../../../contract/serviceLevels';
import type { TicketAttachmentRef, TicketDto, TicketMessageDto, TicketRating, TicketStatus } from '../../../contract/tickets';
import type { Db } from '../../db/client';
import { partners, supportTeams, ticketAttachments, ticketMessages, ticketRatings, tickets, users } from '../../db/schema';
import { fullNameOf } from '../accounts/principal';
import { rowVersion } from '../../core/recordVersion';
import { slaOfTickets } from './sla/ticketSla';

export type TicketRow = typeof tickets.$inferSelect;
type AttachmentRow = typeof ticketAttachments.$inferSelect;

export const toAttachmentRef = (row: Pick<AttachmentRow, 'id' | 'fileName' | 'contentType' | 'size'>): TicketAttachmentRef => ({
  id: row.id,
  fileName: row.fileName,
  contentType: row.contentType,
  size: row.size,
});

/** The columns a ticket DTO is made of: the ticket, its partner's name and its creator's name. */
export const ticketDtoColumns = {
  ticket: tickets,
  partnerName: partners.name,
  creatorFirstName: users.firstName,
  creatorLastName: users.lastName,
};

export function ticketDtoQuery(db: Db) {
  return db.select(ticketDtoColumns).from(tickets).innerJoin(partners, eq(partners.id, tickets.partnerId)).innerJoin(users, eq(users.id, tickets.createdBy));
}

/**
 * A ticket's version (its ETag): only what a save can overwrite, so a chat message arriving meanwhile does not
 * make a status change stale.
 */
export const ticketVersion = (ticket: Pick<TicketRow, 'id' | 'status' | 'subject' | 'description' | 'partnerId'>) =>
  rowVersion({ id: ticket.id, status: ticket.status, subject: ticket.subject, description: ticket.description, partnerId: ticket.partnerId });

type TicketDtoRow = { ticket: TicketRow; partnerName: string; creatorFirstName: string; creatorLastName: string };

/** What a ticket DTO shows beside its own row: names and the ticket's own files. */
export type TicketJoined = Pick<TicketDto, 'partnerName' | 'createdByName' | 'attachments' | 'assigneeName' | 'teamName' | 'rating'>;

/** What only the searches and reads compute (the hot writes' answers have it added by the service). */
type TicketComputed = Partial<Pick<TicketDto, 'sla'>>;

/** The one place a ticket row becomes its DTO (the searches and the hot writes of ticketWrites.ts both use it). */
export const ticketDtoOf = (ticket: TicketRow, joined: TicketJoined & TicketComputed): TicketDto => ({
  id: ticket.id,
  subject: ticket.subject,
  description: ticket.description,
  status: ticket.status as TicketStatus,
  partnerId: ticket.partnerId,
  partnerName: joined.partnerName,
  createdBy: ticket.createdBy,
  createdByName: joined.createdByName,
  attachments: joined.attachments,
  createdAt: ticket.createdAt.toISOString(),
  updatedAt: ticket.updatedAt.toISOString(),
  lastMessageAt: ticket.lastMessageAt?.toISOString() ?? null,
  priority: ticket.priority,
  assigneeId: ticket.assigneeId,
  assigneeName: ticket.assigneeId ? joined.assigneeName : null,
  teamId: ticket.teamId,
  teamName: ticket.teamId ? joined.teamName : null,
  mergedIntoId: ticket.mergedIntoId,
  rating: joined.rating,
  sla: joined.sla ?? null,
  version: ticketVersion(ticket),
});

/** Who a DTO is for: a user with a partner (a partner's view) or staff (null). */
export type TicketReader = { partnerId: string | null };

/** Everyone's view: what the server's own relays read (they send no DTO, only what each listener may hear). */
export const EVERY_FIELD: TicketReader = { partnerId: null };

/**
 * A ticket as `reader` may see it: a partner's users never see its SLA nor its team (issue 33: internal targets and
 * team names are staff's business), in a read, a search, an answer to a change, an export or an event.
 */
export function ticketDtoFor(reader: TicketReader, dto: TicketDto): TicketDto {
  if (!reader.partnerId) return dto;
  const { sla: _sla, teamId: _teamId, teamName: _teamName, ...partnerView } = dto;
  return partnerView;
}

/**
 * Rows of ticketDtoQuery as DTOs for `reader`, each with the files sent with the ticket itself (not those of
 * messages); the SLA and team names are not even computed for a partner's reader.
 */
export async function toTicketDtos(db: Db, rows: TicketDtoRow[], reader: TicketReader): Promise<TicketDto[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.ticket.id);
  const staff = !reader.partnerId;
  // Independent of one another: one wait for the page, not five in turn.
  const [files, assigneeNames, teamNames, ratings, slas] = await Promise.all([
    db
      .select()
      .from(ticketAttachments)
      .where(and(inArray(ticketAttachments.ticketId, ids), isNull(ticketAttachments.messageId)))
      .orderBy(asc(ticketAttachments.createdAt), asc(ticketAttachments.fileName)),
    assigneeNamesOf(db, rows),
    staff ? teamNamesOf(db, rows) : new Map<string, string>(),
    ratingsOf(db, rows),
    staff ? slaOfTickets(db, ids) : new Map<string, TicketSla>(),
  ]);
  return rows.map(({ ticket, partnerName, creatorFirstName, creatorLastName }) =>
    ticketDtoFor(
      reader,
      ticketDtoOf(ticket, {
        partnerName,
        createdByName: fullNameOf({ firstName: creatorFirstName, lastName: creatorLastName }),
        attachments: files.filter((f) => f.ticketId === ticket.id).map(toAttachmentRef),
        assigneeName: (ticket.assigneeId && assigneeNames.get(ticket.assigneeId)) || null,
        teamName: (ticket.teamId && teamNames.get(ticket.teamId)) || null,
        rating: ratings.get(ticket.id) ?? null,
        sla: slas.get(ticket.id) ?? null,
      }),
    ),
  );
}

/** The full names of the rows' assignees, by user id, in one query. */
async function assigneeNamesOf(db: Db, rows: TicketDtoRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.flatMap((r) => (r.ticket.assigneeId ? [r.ticket.assigneeId] : [])))];
  if (!ids.length) return new Map();
  const people = await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, ids));
  return new Map(people.map((p) => [p.id, fullNameOf(p)]));
}

/** The partner's ratings of the rows' tickets, by ticket id, in one query. */
async function ratingsOf(db: Db, rows: TicketDtoRow[]): Promise<Map<string, TicketRating>> {
  const ids = rows.filter((r) => r.ticket.status === 'RESOLVED' || r.ticket.status === 'CLOSED').map((r) => r.ticket.id);
  if (!ids.length) return new Map();
  const found = await db
    .select({ rating: ticketRatings, firstName: users.firstName, lastName: users.lastName })
    .from(ticketRatings)
    .innerJoin(users, eq(users.id, ticketRatings.ratedBy))
    .where(inArray(ticketRatings.ticketId, ids));
  return new Map(found.map(({ rating, firstName, lastName }) => [rating.ticketId, toRating(rating, fullNameOf({ firstName, lastName }))]));
}

export const toRating = (row: typeof ticketRatings.$inferSelect, ratedByName: string): TicketRating => ({
  score: row.score,
  comment: row.comment,
  ratedAt: row.ratedAt.toISOString(),
  ratedByName,
});

/** The names of the rows' teams, by id, in one query. */
async function teamNamesOf(db: Db, rows: TicketDtoRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.flatMap((r) => (r.ticket.teamId ? [r.ticket.teamId] : [])))];
  if (!ids.length) return new Map();
  const teams = await db.select({ id: supportTeams.id, name: supportTeams.name }).from(supportTeams).where(inArray(supportTeams.id, ids));
  return new Map(teams.map((t) => [t.id, t.name]));
}

/** One ticket as `reader` may see it (every field for the server's own use). */
export async function selectTicketDto(db: Db, ticketId: string, reader: TicketReader = EVERY_FIELD): Promise<TicketDto | null> {
  const [dto] = await toTicketDtos(db, await ticketDtoQuery(db).where(eq(tickets.id, ticketId)), reader);
  return dto ?? null;
}

/** Messages as the chat shows them, oldest first, each with its author and files. */
export async function selectMessageDtos(db: Db, where: SQL): Promise<TicketMessageDto[]> {
  const rows = await db
    .select({ message: ticketMessages, firstName: users.firstName, lastName: users.lastName, partnerId: users.partnerId })
    .from(ticketMessages)
    .innerJoin(users, eq(users.id, ticketMessages.authorId))
    .where(where)
    .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id));
  if (!rows.length) return [];
  const files = await db
    .select()
    .from(ticketAttachments)
    .where(
      inArray(
        ticketAttachments.messageId,
        rows.map((r) => r.message.id),
      ),
    )
    .orderBy(asc(ticketAttachments.createdAt), asc(ticketAttachments.fileName));
  return rows.map((row) =>
    messageDtoOf(
      row,
      files.filter((f) => f.messageId === row.message.id),
    ),
  );
}

type MessageRow = typeof ticketMessages.$inferSelect;

/** The one place a message row, its author's name and partner and its files become the chat's DTO. */
export const messageDtoOf = (
  { message, firstName, lastName, partnerId }: { message: Omit<MessageRow, 'bodyFolded'>; firstName: string; lastName: string; partnerId: string | null },
  files: TicketAttachmentRef[],
): TicketMessageDto => ({
  id: message.id,
  ticketId: message.ticketId,
  authorId: message.authorId,
  authorName: fullNameOf({ firstName, lastName }),
  authorIsStaff: partnerId === null,
  body: message.body,
  attachments: files.map(toAttachmentRef),
  ...(message.internal ? { internal: true } : {}),
  ...(message.systemEvent ? { system: message.systemEvent } : {}),
  createdAt: message.createdAt.toISOString(),
});
