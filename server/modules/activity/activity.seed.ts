import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { auditTrails, fileGrants, fileRequests, managedFiles, partnerForms, partners, ticketAttachments, ticketMessages, tickets } from '../../db/schema';
import { writeAudit, type AuditType } from '../../core/audit';
import { DEMO_FILES } from '../files/files.demo';
import { demoPartnerId } from '../partners/partners.seed';
import { toAttachmentRef } from '../tickets/ticketDtos';
import { DEMO_TICKET_OWNERS, demoTickets, SUPPORT_USER } from '../tickets/tickets.demo';
import { demoUserIds } from '../users/users.seed';
import { DEMO_STAFF_ACTIONS } from './activity.demo';

const HOUR = 60 * 60 * 1000;

/** One audit row as the service that makes the change writes it, at the time it happened. */
interface PastChange {
  userId: string;
  type: AuditType;
  table: string;
  key: string;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  at: Date;
}

/** Staff's changes to partners and roles, told by the trail alone. */
async function staffChanges(db: Db, now: number): Promise<PastChange[]> {
  const { actor, partnerCreated, partnerUpdated, rolesChanged } = DEMO_STAFF_ACTIONS;
  const people = await demoUserIds(db, [actor, rolesChanged.email]);
  const userId = people.get(actor);
  if (!userId) return [];
  const hoursAgo = (hours: number) => new Date(now - hours * HOUR);
  const partnerRow = async (name: Parameters<typeof demoPartnerId>[1]) => {
    const id = await demoPartnerId(db, name);
    return id ? (await db.select().from(partners).where(eq(partners.id, id)))[0] : undefined;
  };
  const changes: PastChange[] = [];
  const created = await partnerRow(partnerCreated.partnerName);
  if (created) {
    const at = hoursAgo(partnerCreated.hoursAgo);
    changes.push({ userId, type: 'Create', table: 'partners', key: created.id, after: { ...created, createdAt: at, updatedAt: at }, at });
  }
  const updated = await partnerRow(partnerUpdated.partnerName);
  if (updated) {
    const at = hoursAgo(partnerUpdated.hoursAgo);
    const before = { ...updated, contactPhone: partnerUpdated.contactPhoneBefore, updatedAt: updated.createdAt };
    changes.push({ userId, type: 'Update', table: 'partners', key: updated.id, before, after: { ...updated, updatedAt: at }, at });
  }
  const promoted = people.get(rolesChanged.email);
  if (promoted)
    changes.push({
      userId,
      type: 'Update',
      table: 'user_roles',
      key: promoted,
      before: { roles: [...rolesChanged.before] },
      after: { roles: [...rolesChanged.after] },
      at: hoursAgo(rolesChanged.hoursAgo),
    });
  return changes;
}

/** The demo partners with tickets, forms and requests, with the id of their user who wrote them. */
async function demoOwners(db: Db) {
  const users = await demoUserIds(
    db,
    DEMO_TICKET_OWNERS.map((o) => o.partnerUser),
  );
  const owners = [];
  for (const owner of DEMO_TICKET_OWNERS) {
    const partnerId = await demoPartnerId(db, owner.partnerName);
    const userId = users.get(owner.partnerUser);
    if (partnerId && userId) owners.push({ ...owner, partnerId, userId });
  }
  return owners;
}
type Owner = Awaited<ReturnType<typeof demoOwners>>[number];

/** The demo tickets: OPEN ones raised and answered, resolved ones resolved by support at their last word. */
async function ticketChanges(db: Db, owners: Owner[]): Promise<PastChange[]> {
  const resolverId = (await demoUserIds(db, [SUPPORT_USER])).get(SUPPORT_USER);
  const demo = [];
  for (const owner of owners) {
    const subjects = demoTickets(owner)
      .filter((t) => t.status === 'OPEN' || t.status === 'RESOLVED')
      .map((t) => t.subject);
    demo.push(
      ...(await db
        .select()
        .from(tickets)
        .where(and(eq(tickets.partnerId, owner.partnerId), inArray(tickets.subject, subjects)))),
    );
  }
  if (!demo.length) return [];
  const ids = demo.map((t) => t.id);
  // One after the other: the seed runs in a transaction, one connection, which takes one query at a time.
  const messages = await db.select().from(ticketMessages).where(inArray(ticketMessages.ticketId, ids)).orderBy(ticketMessages.createdAt);
  const files = await db.select().from(ticketAttachments).where(inArray(ticketAttachments.ticketId, ids));
  const refsOf = (ticketId: string, messageId: string | null) => files.filter((f) => f.ticketId === ticketId && f.messageId === messageId).map(toAttachmentRef);
  const changes: PastChange[] = [];
  for (const ticket of demo) {
    const chat = messages.filter((m) => m.ticketId === ticket.id);
    if (ticket.status === 'OPEN') {
      changes.push({
        userId: ticket.createdBy,
        type: 'Create',
        table: 'tickets',
        key: ticket.id,
        after: { ...ticket, attachments: refsOf(ticket.id, null) },
        at: ticket.createdAt,
      });
      for (const message of chat)
        changes.push({
          userId: message.authorId,
          type: 'Create',
          table: 'ticket_messages',
          key: message.id,
          after: { ...message, attachments: refsOf(ticket.id, message.id) },
          at: message.createdAt,
        });
    } else if (ticket.status === 'RESOLVED' && resolverId && chat.length) {
      const at = chat.at(-1)!.createdAt;
      changes.push({
        userId: resolverId,
        type: 'Update',
        table: 'tickets',
        key: ticket.id,
        before: { status: 'PENDING' },
        after: { status: ticket.status },
        at,
      });
    }
  }
  return changes;
}

/** The demo partners' forms submitted by their user and file requests sent; access to the demo files granted by staff. */
async function formAndFileChanges(db: Db, owners: Owner[]): Promise<PastChange[]> {
  const userOf = new Map(owners.map((o) => [o.partnerId, o.userId]));
  const partnerIds = [...userOf.keys()];
  if (!partnerIds.length) return [];
  const submitted = await db
    .select()
    .from(partnerForms)
    .where(and(inArray(partnerForms.partnerId, partnerIds), eq(partnerForms.status, 'SUBMITTED'), isNotNull(partnerForms.submittedAt)));
  const requests = await db.select().from(fileRequests).where(inArray(fileRequests.partnerId, partnerIds));
  const grants = await db
    .select({ grant: fileGrants })
    .from(fileGrants)
    .innerJoin(managedFiles, eq(managedFiles.id, fileGrants.fileId))
    .where(
      inArray(
        managedFiles.fileName,
        DEMO_FILES.map((f) => f.fileName),
      ),
    );
  return [
    ...submitted.map((form) => {
      const before = { ...form, status: 'OPEN', submittedAt: null, updatedAt: form.createdAt };
      return { userId: userOf.get(form.partnerId)!, type: 'Update' as const, table: 'partner_forms', key: form.id, before, after: form, at: form.submittedAt! };
    }),
    ...requests.map((request) => ({
      userId: request.requestedBy,
      type: 'Create' as const,
      table: 'file_requests',
      key: request.id,
      after: request,
      at: request.createdAt,
    })),
    ...grants.map(({ grant }) => ({
      userId: grant.createdBy,
      type: 'Create' as const,
      table: 'file_grants',
      key: grant.id,
      after: grant,
      at: grant.createdAt,
    })),
  ];
}

/** A change is known by its table, row, kind and author: one the trail holds already is not written again. */
async function recorded(db: Db, change: PastChange) {
  const [row] = await db
    .select({ id: auditTrails.id })
    .from(auditTrails)
    .where(
      and(
        eq(auditTrails.tableName, change.table),
        eq(auditTrails.primaryKey, change.key),
        eq(auditTrails.type, change.type),
        eq(auditTrails.userId, change.userId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The demo's recent history in the audit trail (staff Home's "Recent activity", a user's audit trail): partners
 * created and changed, a role given, tickets raised and answered, forms submitted, files requested and shared.
 * Each row is the one the change's service writes, dated when the demo says it happened; a second run adds none.
 */
export async function seedDemoActivity({ db }: AppContext) {
  const now = Date.now();
  const owners = await demoOwners(db);
  const changes = [...(await staffChanges(db, now)), ...(await ticketChanges(db, owners)), ...(await formAndFileChanges(db, owners))];
  for (const change of changes) if (!(await recorded(db, change))) await writeAudit(db, change);
}
