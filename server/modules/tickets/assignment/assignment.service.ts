import { and, asc, eq, exists, isNull, sql, type SQL } from 'drizzle-orm';
import { permission } from '../../../../contract/permissions';
import { ASSIGN_TO_ME, type AssignmentSettingsInput, type AssignTicketInput } from '../../../../contract/schemas/ticketAssignment';
import {
  priorityOfCategory,
  type CategoryPriorities,
  type SupportAvailabilityDto,
  type SupportTeamDto,
  type TicketAssigneeOption,
  type TicketAssignmentSettingsDto,
  type TicketCategory,
} from '../../../../contract/ticketAssignment';
import type { TicketDto, TicketPriority } from '../../../../contract/tickets';
import type { AppContext } from '../../../context';
import type { Db } from '../../../db/client';
import { rolePermissions, tickets, userRoles, users } from '../../../db/schema';
import { writeAudit } from '../../../core/audit';
import { fieldError, forbidden, notFound } from '../../../core/errors';
import type { Principal } from '../../../core/guard';
import { rowIdOf } from '../../../core/search';
import { fullNameOf } from '../../accounts/principal';
import { createChatLines } from '../chatLines';
import { selectTicketDto } from '../ticketDtos';
import { plainTextToHtml } from '../ticketHtml';
import type { TicketAnnouncer } from '../tickets.events';
import { supportAvailability, supportTeams, ticketAssignmentSettings } from './assignment.schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const ADMIN_VIEW = permission('Tickets', 'AdminView');
/** Who may handle tickets, and so be assigned one: staff holding Tickets.AdminUpdate (the round robin picks among them). */
const HANDLES_TICKETS = permission('Tickets', 'AdminUpdate');
const SETTINGS_ID = 1;

/** An active staff user (no partner) who holds Tickets.AdminUpdate through one of their roles. */
const handlesTickets: SQL = and(
  isNull(users.partnerId),
  eq(users.isActive, true),
  isNull(users.deletedAt),
  exists(
    sql`(select 1 from ${userRoles} join ${rolePermissions} on ${rolePermissions.roleId} = ${userRoles.roleId}
      where ${userRoles.userId} = ${users.id} and ${rolePermissions.permission} = ${HANDLES_TICKETS})`,
  ),
)!;

const isAvailable = sql<boolean>`coalesce((select ${supportAvailability.available} from ${supportAvailability} where ${supportAvailability.userId} = ${users.id}), false)`;

async function settingsRow(db: Pick<Db, 'select'>) {
  const [row] = await db.select().from(ticketAssignmentSettings).where(eq(ticketAssignmentSettings.id, SETTINGS_ID));
  return row ?? null;
}

/**
 * What a new ticket starts with, decided inside its create transaction: the priority its category gives, and with
 * auto-assignment on the next available staff user after the one assigned last (by id, wrapping round). The
 * settings row is locked for the rest of the transaction, so concurrent creates on any instance take turns: each
 * reads the position the previous one committed.
 */
export async function newTicketAssignment(
  tx: Tx,
  category: TicketCategory | null | undefined,
): Promise<{ priority: TicketPriority; assigneeId: string | null }> {
  const settings = await settingsRow(tx);
  const priority = priorityOfCategory(settings?.categoryPriorities ?? {}, category);
  if (!settings?.autoAssign) return { priority, assigneeId: null };
  const [locked] = await tx
    .select({ lastAssigneeId: ticketAssignmentSettings.lastAssigneeId, autoAssign: ticketAssignmentSettings.autoAssign })
    .from(ticketAssignmentSettings)
    .where(eq(ticketAssignmentSettings.id, SETTINGS_ID))
    .for('update');
  if (!locked?.autoAssign) return { priority, assigneeId: null };
  const after = locked.lastAssigneeId;
  const [next] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(handlesTickets, sql`${isAvailable}`))
    // Those after the last one assigned first (false sorts before true), then from the start again.
    .orderBy(...(after ? [sql`${users.id} <= ${after}`] : []), asc(users.id))
    .limit(1);
  if (!next) return { priority, assigneeId: null };
  await tx.update(ticketAssignmentSettings).set({ lastAssigneeId: next.id }).where(eq(ticketAssignmentSettings.id, SETTINGS_ID));
  return { priority, assigneeId: next.id };
}

/** Assignment, priority, the auto-assignment setting and staff availability (issue 25); routes parse, this decides. */
export function createAssignmentService(ctx: AppContext, announce: TicketAnnouncer) {
  const { db } = ctx;
  const postLine = createChatLines(ctx, announce);

  /** Staff with Tickets.AdminView reach every ticket; anyone else (a partner's user included) finds none (404). */
  async function ticketWithinReach(principal: Principal, id: string) {
    const ticketId = rowIdOf(id, 'tickets.notFound');
    if (principal.partnerId || !principal.permissions.has(ADMIN_VIEW)) throw notFound('tickets.notFound');
    const [row] = await db.select({ id: tickets.id }).from(tickets).where(eq(tickets.id, ticketId));
    if (!row) throw notFound('tickets.notFound');
    return row.id;
  }

  async function assertAssignable(userId: string) {
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), handlesTickets));
    if (!user) throw fieldError('assigneeId', 'ticketAssignment.notAssignable');
  }

  /** A team by id (null: none), share-locked for the transaction; an unknown one is refused. */
  async function teamOf(tx: Tx, teamId: string | null) {
    if (teamId === null) return null;
    const [team] = await tx.select({ id: supportTeams.id }).from(supportTeams).where(eq(supportTeams.id, teamId.toLowerCase())).for('share');
    if (!team) throw fieldError('teamId', 'ticketAssignment.unknownTeam');
    return team.id;
  }

  const teams = (): Promise<SupportTeamDto[]> => db.select({ id: supportTeams.id, name: supportTeams.name }).from(supportTeams).orderBy(asc(supportTeams.name));

  async function createTeam(principal: Principal, name: string): Promise<SupportTeamDto> {
    assertStaff(principal);
    return db.transaction(async (tx) => {
      const [made] = await tx.insert(supportTeams).values({ name }).onConflictDoNothing().returning();
      if (!made) throw fieldError('name', 'ticketAssignment.teamExists');
      await writeAudit(tx, { userId: principal.id, type: 'Create', table: 'support_teams', key: made.id, after: { id: made.id, name: made.name } });
      return { id: made.id, name: made.name };
    });
  }

  /** Removes a team: its tickets keep their assignee and have no team any more (the foreign key sets null). */
  async function deleteTeam(principal: Principal, id: string) {
    assertStaff(principal);
    const teamId = rowIdOf(id, 'ticketAssignment.teamNotFound');
    const affected = await db.transaction(async (tx) => {
      const held = await tx.select({ id: tickets.id, partnerId: tickets.partnerId }).from(tickets).where(eq(tickets.teamId, teamId));
      const [gone] = await tx.delete(supportTeams).where(eq(supportTeams.id, teamId)).returning();
      if (!gone) throw notFound('ticketAssignment.teamNotFound');
      await writeAudit(tx, { userId: principal.id, type: 'Delete', table: 'support_teams', key: gone.id, before: { id: gone.id, name: gone.name } });
      return held;
    });
    await Promise.all(affected.map((t) => announce.updated(t)));
  }

  /** Assigns (or with null unassigns) a ticket; a note goes into the audit row with the change and into the chat as an internal note. */
  async function assign(principal: Principal, id: string, input: AssignTicketInput): Promise<TicketDto> {
    const ticketId = await ticketWithinReach(principal, id);
    const requested = input.assigneeId === ASSIGN_TO_ME ? principal.id : (input.assigneeId?.toLowerCase() ?? null);
    if (requested) await assertAssignable(requested);
    const note = input.note?.trim() ?? '';
    const previous = await db.transaction(async (tx) => {
      const [row] = await tx.select({ assigneeId: tickets.assigneeId, teamId: tickets.teamId }).from(tickets).where(eq(tickets.id, ticketId)).for('update');
      if (!row) throw notFound('tickets.notFound');
      // A team named is locked with the ticket, so it is not removed under the assignment.
      const teamId = input.teamId === undefined ? row.teamId : await teamOf(tx, input.teamId);
      if (row.assigneeId === requested && row.teamId === teamId) return { unchanged: true as const, assigneeId: row.assigneeId };
      await tx.update(tickets).set({ assigneeId: requested, teamId, updatedAt: new Date() }).where(eq(tickets.id, ticketId));
      await writeAudit(tx, {
        userId: principal.id,
        type: 'Update',
        table: 'tickets',
        key: ticketId,
        before: { assigneeId: row.assigneeId, teamId: row.teamId },
        after: { assigneeId: requested, teamId, ...(note ? { assignmentNote: note } : {}) },
      });
      return { unchanged: false as const, assigneeId: row.assigneeId };
    });
    // The note is an internal note of the ticket too (staff only, never a partner), after the change it explains.
    if (note && !previous.unchanged) await postLine(principal, ticketId, plainTextToHtml(note), [], 'staff');
    const dto = (await selectTicketDto(db, ticketId))!;
    if (previous.unchanged) return dto;
    if (dto.assigneeId !== previous.assigneeId) await announce.assigned(dto, previous.assigneeId, principal);
    else await announce.updated(dto);
    return dto;
  }

  async function setPriority(principal: Principal, id: string, priority: TicketPriority): Promise<TicketDto> {
    const ticketId = await ticketWithinReach(principal, id);
    const changed = await db.transaction(async (tx) => {
      const [row] = await tx.select({ priority: tickets.priority }).from(tickets).where(eq(tickets.id, ticketId)).for('update');
      if (!row) throw notFound('tickets.notFound');
      if (row.priority === priority) return false;
      await tx.update(tickets).set({ priority, updatedAt: new Date() }).where(eq(tickets.id, ticketId));
      await writeAudit(tx, { userId: principal.id, type: 'Update', table: 'tickets', key: ticketId, before: { priority: row.priority }, after: { priority } });
      return true;
    });
    const dto = (await selectTicketDto(db, ticketId))!;
    if (changed) await announce.updated(dto);
    return dto;
  }

  /** Staff tickets can be assigned to, available ones first. */
  async function assignees(): Promise<TicketAssigneeOption[]> {
    const rows = await db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, available: isAvailable })
      .from(users)
      .where(handlesTickets)
      .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
    return rows.map((r) => ({ id: r.id, name: fullNameOf(r), available: r.available }));
  }

  async function settings(): Promise<TicketAssignmentSettingsDto> {
    const row = await settingsRow(db);
    const available = (await assignees()).filter((a) => a.available).map(({ id, name }) => ({ id, name }));
    return {
      autoAssign: row?.autoAssign ?? false,
      categoryPriorities: row?.categoryPriorities ?? {},
      availableAgents: available,
      updatedAt: row?.updatedAt.toISOString() ?? null,
    };
  }

  async function saveSettings(principal: Principal, input: AssignmentSettingsInput): Promise<TicketAssignmentSettingsDto> {
    const categoryPriorities = Object.fromEntries(Object.entries(input.categoryPriorities ?? {}).filter(([, p]) => !!p)) as CategoryPriorities;
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(ticketAssignmentSettings).where(eq(ticketAssignmentSettings.id, SETTINGS_ID)).for('update');
      const values = { autoAssign: input.autoAssign, categoryPriorities, updatedAt: new Date(), updatedBy: principal.id };
      await tx
        .insert(ticketAssignmentSettings)
        .values({ id: SETTINGS_ID, ...values })
        .onConflictDoUpdate({ target: ticketAssignmentSettings.id, set: values });
      await writeAudit(tx, {
        userId: principal.id,
        type: before ? 'Update' : 'Create',
        table: 'ticket_assignment_settings',
        key: String(SETTINGS_ID),
        before: before ? { autoAssign: before.autoAssign, categoryPriorities: before.categoryPriorities } : null,
        after: { autoAssign: input.autoAssign, categoryPriorities },
      });
    });
    return settings();
  }

  /** Only staff have an availability: a partner's user is refused. */
  function assertStaff(principal: Principal) {
    if (principal.partnerId) throw forbidden();
  }

  async function availability(principal: Principal): Promise<SupportAvailabilityDto> {
    assertStaff(principal);
    const [row] = await db.select().from(supportAvailability).where(eq(supportAvailability.userId, principal.id));
    return { available: row?.available ?? false };
  }

  async function setAvailability(principal: Principal, available: boolean): Promise<SupportAvailabilityDto> {
    assertStaff(principal);
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(supportAvailability).where(eq(supportAvailability.userId, principal.id)).for('update');
      if (before?.available === available) return;
      const values = { available, updatedAt: new Date() };
      await tx
        .insert(supportAvailability)
        .values({ userId: principal.id, ...values })
        .onConflictDoUpdate({ target: supportAvailability.userId, set: values });
      await writeAudit(tx, {
        userId: principal.id,
        type: before ? 'Update' : 'Create',
        table: 'support_availability',
        key: principal.id,
        before: before ? { available: before.available } : null,
        after: { available },
      });
    });
    return { available };
  }

  return { teams, createTeam, deleteTeam, assertStaff, assign, setPriority, assignees, settings, saveSettings, availability, setAvailability };
}
