import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { roles, userRoles } from '../../server/db/schema';
import type { Db } from '../../server/db/client';
import { loadPrincipal } from '../../server/modules/accounts/principal';
import { createUserRoleService } from '../../server/modules/users/userRoles.service';
import { serviceContextOn, useDemoServer } from './factories';

const { server, userIds, make } = useDemoServer();
const db = () => server.built.database.db;

/** The service on the test server's database, with `beforeTransaction` run just before its transaction begins. */
function serviceWhere(beforeTransaction: () => Promise<void>) {
  const real = db();
  const racing = new Proxy(real, {
    get(target, key, receiver) {
      if (key !== 'transaction') return Reflect.get(target, key, receiver);
      return async (...args: Parameters<Db['transaction']>) => {
        await beforeTransaction();
        return target.transaction(...args);
      };
    },
  });
  return createUserRoleService(serviceContextOn(racing));
}

describe('giving a user roles while one of them is deleted', () => {
  it("answers 400 naming the deleted role and leaves the user's roles as they were", async () => {
    const kept = await make.role();
    const doomed = await make.role();
    const user = await make.user({ roleId: kept.id });
    const admin = (await loadPrincipal(db(), userIds['admin@example.com']))!;
    const service = serviceWhere(async () => {
      await db().delete(roles).where(eq(roles.id, doomed.id));
    });
    const outcome = service.setRoles(admin, user.id, async () => ({
      userRoles: [
        { roleId: kept.id, enabled: true },
        { roleId: doomed.id, enabled: true },
      ],
    }));
    await expect(outcome).rejects.toMatchObject({ statusCode: 400, errors: [{ field: 'userRoles[1].roleId', message: 'users.unknownRole' }] });
    const held = await db().select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, user.id));
    expect(held).toEqual([{ roleId: kept.id }]);
  });
});
