import { and, asc, count, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { isUuid } from '../../core/search';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { auditScim } from './scimAudit';
import type { ScimClient } from './scimAuth';
import { invalidValue, ScimError, scimNotFound } from './scimErrors';
import { parseEqualityFilter } from './scimFilter';
import { attribute, isObject, textValue, type PatchOperation } from './scimInput';
import { scimGroupMembers, scimGroups } from './scim.schema';
import { scimBaseOf, scimGroupOf, type ScimGroupRow } from './scimResources';
import { applyGroupRoles, defaultRoleOf } from './scimRoles';

/** What the portal keeps of a group. */
export interface ScimGroupFields {
  displayName: string;
  externalId: string | null;
  memberIds: string[];
}

const NAME_MAX = 255;
const FILTERABLE = ['displayname', 'externalid', 'id'];

function clauseSql(attribute: string, value: unknown): SQL {
  if (typeof value !== 'string') return sql`false`;
  if (attribute === 'externalid') return eq(scimGroups.externalId, value);
  if (attribute === 'id') return isUuid(value) ? eq(scimGroups.id, value.toLowerCase()) : sql`false`;
  return sql`lower(${scimGroups.displayName}) = ${value.toLowerCase()}`;
}

function displayNameOf(value: unknown) {
  const name = textValue(value, NAME_MAX);
  if (!name) throw invalidValue('scim.displayNameRequired');
  return name;
}

/** Member ids from `[{ "value": id }, …]` (a member without a string value is 400). */
function memberIdsOf(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.map((member) => {
    const id = isObject(member) ? attribute(member, 'value') : undefined;
    if (typeof id !== 'string') throw invalidValue('scim.badMember');
    return id.toLowerCase();
  });
}

export function groupFieldsOf(body: Record<string, unknown>): ScimGroupFields {
  return {
    displayName: displayNameOf(attribute(body, 'displayName')),
    externalId: textValue(attribute(body, 'externalId'), NAME_MAX) || null,
    memberIds: [...new Set(memberIdsOf(attribute(body, 'members')))],
  };
}

/** `members[value eq "id"]` as the id, else null. */
const MEMBER_PATH = /^members\[\s*value\s+eq\s+"([^"]{1,100})"\s*\]$/i;

/**
 * The group after a PatchOp: members added and removed (Entra ID's `{ "op": "Add", "path": "members", "value": [{ "value":
 * id }] }` and `Remove` with a value list; Okta's `remove` with `members[value eq "id"]`), displayName or externalId
 * replaced, with a path or in Okta's `{ "op": "replace", "value": { "id": …, "displayName": … } }`.
 */
export function patchedGroupFields(current: ScimGroupFields, operations: PatchOperation[]): ScimGroupFields {
  const fields = { ...current, memberIds: [...current.memberIds] };
  const set = (path: string, op: PatchOperation['op'], value: unknown) => {
    const member = MEMBER_PATH.exec(path);
    if (member) {
      if (op !== 'remove') throw new ScimError(400, 'scim.invalidPath', 'invalidPath');
      fields.memberIds = fields.memberIds.filter((id) => id !== member[1].toLowerCase());
    } else if (path === 'members') {
      const ids = memberIdsOf(value);
      if (op === 'add') fields.memberIds = [...new Set([...fields.memberIds, ...ids])];
      else if (op === 'replace') fields.memberIds = [...new Set(ids)];
      else fields.memberIds = value === undefined || value === null ? [] : fields.memberIds.filter((id) => !ids.includes(id));
    } else if (path === 'displayname') {
      if (op === 'remove') throw new ScimError(400, 'scim.required', 'mutability');
      fields.displayName = displayNameOf(value);
    } else if (path === 'externalid') {
      fields.externalId = op === 'remove' ? null : textValue(value, NAME_MAX) || null;
    } else if (path !== 'id' && path !== 'schemas' && path !== 'meta') throw new ScimError(400, 'scim.invalidPath', 'invalidPath');
  };
  for (const { op, path, rawPath, value } of operations) {
    if (path === null) for (const [key, item] of Object.entries(value as Record<string, unknown>)) set(key.toLowerCase(), op, item);
    else set(MEMBER_PATH.test(rawPath!) ? rawPath! : path, op, value);
  }
  return fields;
}

/** SCIM `/Groups` of the partner: kept in scim_groups, mapped to roles by sso_role_mappings. */
export function createScimGroupService(ctx: AppContext) {
  const { db } = ctx;
  const base = scimBaseOf(ctx);

  async function rowsWhere(conn: Db, where: SQL, page?: { offset: number; limit: number }): Promise<ScimGroupRow[]> {
    let query = conn.select().from(scimGroups).where(where).orderBy(asc(scimGroups.createdAt), asc(scimGroups.id)).$dynamic();
    if (page) query = query.offset(page.offset).limit(page.limit);
    const rows = await query;
    if (!rows.length) return [];
    const members = await conn
      .select({ groupId: scimGroupMembers.groupId, id: users.id, email: users.email })
      .from(scimGroupMembers)
      .innerJoin(users, eq(users.id, scimGroupMembers.userId))
      .where(
        inArray(
          scimGroupMembers.groupId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(users.email));
    return rows.map((row) => ({ ...row, members: members.filter((m) => m.groupId === row.id).map(({ id, email }) => ({ id, email })) }));
  }

  async function rowOf(client: ScimClient, id: string, conn: Db = db, lock = false) {
    if (!isUuid(id)) throw scimNotFound('scim.groupNotFound');
    const where = and(eq(scimGroups.partnerId, client.partnerId), eq(scimGroups.id, id.toLowerCase()))!;
    if (lock) await conn.select({ id: scimGroups.id }).from(scimGroups).where(where).for('update');
    const [row] = await rowsWhere(conn, where);
    if (!row) throw scimNotFound('scim.groupNotFound');
    return row;
  }

  async function list(client: ScimClient, filter: string | undefined, page: { startIndex: number; count: number }, withMembers: boolean) {
    const clauses = filter ? parseEqualityFilter(filter, FILTERABLE) : [];
    const where = and(eq(scimGroups.partnerId, client.partnerId), ...clauses.map((c) => clauseSql(c.attribute, c.value)))!;
    const [total] = await db.select({ n: count() }).from(scimGroups).where(where);
    const rows = page.count ? await rowsWhere(db, where, { offset: page.startIndex - 1, limit: page.count }) : [];
    return { resources: rows.map((r) => scimGroupOf(base, r, withMembers)), total: total?.n ?? 0 };
  }

  const get = async (client: ScimClient, id: string, withMembers = true) => scimGroupOf(base, await rowOf(client, id), withMembers);

  /** Members must be live users of the partner: any other id (another partner's, a staff user's) is 400, nothing changed. */
  async function assertMembers(tx: Db, client: ScimClient, ids: string[]) {
    if (!ids.length) return;
    if (!ids.every(isUuid)) throw invalidValue('scim.unknownMember');
    const [found] = await tx
      .select({ n: count() })
      .from(users)
      .where(and(inArray(users.id, ids), eq(users.partnerId, client.partnerId), isNull(users.deletedAt)));
    if ((found?.n ?? 0) !== ids.length) throw invalidValue('scim.unknownMember');
  }

  async function assertNameFree(tx: Db, client: ScimClient, name: string, groupId: string | null) {
    const [taken] = await tx
      .select({ id: scimGroups.id })
      .from(scimGroups)
      .where(
        and(
          eq(scimGroups.partnerId, client.partnerId),
          sql`lower(${scimGroups.displayName}) = ${name.toLowerCase()}`,
          groupId ? ne(scimGroups.id, groupId) : undefined,
        ),
      );
    if (taken) throw new ScimError(409, 'scim.groupNameTaken', 'uniqueness');
  }

  /** Writes a group's new state and its members, gives roles to everyone who joined or left; returns whose roles changed. */
  async function write(tx: Db, client: ScimClient, groupId: string, before: ScimGroupFields | null, after: ScimGroupFields) {
    await assertMembers(tx, client, after.memberIds);
    // A new group's name was checked before its insert.
    if (before && before.displayName.toLowerCase() !== after.displayName.toLowerCase()) await assertNameFree(tx, client, after.displayName, groupId);
    const previous = before?.memberIds ?? [];
    const added = after.memberIds.filter((id) => !previous.includes(id));
    const removed = previous.filter((id) => !after.memberIds.includes(id));
    if (before)
      await tx
        .update(scimGroups)
        .set({ displayName: after.displayName, externalId: after.externalId, updatedAt: new Date() })
        .where(eq(scimGroups.id, groupId));
    if (removed.length) await tx.delete(scimGroupMembers).where(and(eq(scimGroupMembers.groupId, groupId), inArray(scimGroupMembers.userId, removed)));
    if (added.length) await tx.insert(scimGroupMembers).values(added.map((userId) => ({ groupId, userId })));
    const renamed = !!before && (before.displayName !== after.displayName || before.externalId !== after.externalId);
    await auditScim(tx, client, {
      type: before ? 'Update' : 'Create',
      table: 'scim_groups',
      key: groupId,
      before: before ? { ...before } : null,
      after: { ...after },
    });
    // A renamed group may now match another mapping: every member's roles are looked at again.
    const affected = renamed ? [...new Set([...after.memberIds, ...removed])] : [...added, ...removed];
    return applyGroupRoles(tx, {
      partnerId: client.partnerId,
      userIds: affected,
      actorId: client.actorId,
      defaultRoleId: await defaultRoleOf(tx, client.partnerId),
    });
  }

  /** Whose roles changed: each one's access is read again (every instance, the hub too). */
  const announceRoles = async (userIds: string[]) => {
    if (userIds.length) await ctx.events.publish({ type: 'RoleChanged', roleIds: [], userIds });
  };

  async function create(client: ScimClient, fields: ScimGroupFields) {
    const { id, changed } = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      await assertNameFree(tx, client, fields.displayName, null);
      const [group] = await tx
        .insert(scimGroups)
        .values({ partnerId: client.partnerId, displayName: fields.displayName, externalId: fields.externalId })
        .returning();
      return { id: group.id, changed: await write(tx, client, group.id, null, fields) };
    });
    await announceRoles(changed);
    return get(client, id);
  }

  const fieldsOf = (row: ScimGroupRow): ScimGroupFields => ({
    displayName: row.displayName,
    externalId: row.externalId,
    memberIds: row.members.map((m) => m.id),
  });

  async function save(client: ScimClient, id: string, next: (current: ScimGroupFields) => ScimGroupFields) {
    const { groupId, changed } = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const row = await rowOf(client, id, tx, true);
      const before = fieldsOf(row);
      return { groupId: row.id, changed: await write(tx, client, row.id, before, next(before)) };
    });
    await announceRoles(changed);
    return groupId;
  }

  async function remove(client: ScimClient, id: string) {
    const changed = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const row = await rowOf(client, id, tx, true);
      await tx.delete(scimGroups).where(eq(scimGroups.id, row.id));
      await auditScim(tx, client, { type: 'Delete', table: 'scim_groups', key: row.id, before: { ...fieldsOf(row) } });
      return applyGroupRoles(tx, {
        partnerId: client.partnerId,
        userIds: row.members.map((m) => m.id),
        actorId: client.actorId,
        defaultRoleId: await defaultRoleOf(tx, client.partnerId),
      });
    });
    await announceRoles(changed);
  }

  return { list, get, create, save, remove };
}
