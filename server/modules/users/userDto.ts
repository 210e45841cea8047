import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { UserDto } from '../../../contract/users';
import type { Db } from '../../db/client';
import { partners, roles, userRoles, users } from '../../db/schema';
import { rowVersion } from '../../core/recordVersion';
import { fullNameOf } from '../accounts/principal';
import { heldUntilOf } from '../accounts/signInHolds';
import { mailBouncedAtOf } from '../inboundMail/mailBounces';

/**
 * Users as the API shows them: top role and partner name joined, never the password hash. Deleted users
 * only when asked (react-admin's getMany), marked `deleted`. `heldUntil` is read in the same query (no query per row).
 */
export async function selectUserDtos(db: Db, where: SQL | undefined, { includeDeleted = false } = {}): Promise<UserDto[]> {
  const rows = await db
    .select({ user: users, partnerName: partners.name, heldUntil: heldUntilOf(users.email), mailBouncedAt: mailBouncedAtOf(users.email) })
    .from(users)
    .leftJoin(partners, eq(partners.id, users.partnerId))
    .where(and(includeDeleted ? undefined : isNull(users.deletedAt), where));
  if (!rows.length) return [];
  const roleRows = await db
    .select({ userId: userRoles.userId, id: roles.id, name: roles.name, priority: roles.priority })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(
      inArray(
        userRoles.userId,
        rows.map((r) => r.user.id),
      ),
    );
  return rows.map(({ user, partnerName, heldUntil, mailBouncedAt }) => {
    const top = roleRows.filter((r) => r.userId === user.id).sort((a, b) => a.priority - b.priority)[0];
    return {
      id: user.id,
      fullName: fullNameOf(user),
      firstName: user.firstName,
      lastName: user.lastName,
      userName: user.userName,
      email: user.email,
      phoneNumber: user.phoneNumber,
      partnerId: user.partnerId,
      partnerName: partnerName ?? null,
      roleId: top?.id ?? null,
      role: top?.name ?? null,
      isActive: user.isActive,
      emailConfirmed: user.emailConfirmed,
      organization: user.organization,
      imageUrl: user.imageUrl,
      createdAt: user.createdAt.toISOString(),
      heldUntil: heldUntil === null ? null : new Date(heldUntil).toISOString(),
      mailBouncedAt: mailBouncedAt === null ? null : new Date(mailBouncedAt).toISOString(),
      deleted: user.deletedAt !== null,
      version: rowVersion(user),
    };
  });
}

export async function selectUserDto(db: Db, id: string) {
  const [dto] = await selectUserDtos(db, eq(users.id, id));
  return dto ?? null;
}
