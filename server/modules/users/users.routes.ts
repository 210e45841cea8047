import { and, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import * as yup from 'yup';
import { permission } from '../../../contract/permissions';
import { registerSchema } from '../../../contract/schemas/accounts';
import { searchRequestSchema } from '../../../contract/schemas/search';
import { ACTIVATION_TOKEN_SECONDS } from '../../../contract/tokens';
import type { AppContext } from '../../context';
import { partners, roles, userRoles, users } from '../../db/schema';
import { writeAudit } from '../../core/audit';
import { send } from '../../core/envelope';
import { ApiError, fieldError, forbidden, notFound } from '../../core/errors';
import { requirePrincipal, type Principal } from '../../core/guard';
import { languageOf, translate } from '../../core/i18n';
import { offsetOf, orderByOf, pageOf } from '../../core/paging';
import { validate } from '../../core/validation';
import { createMailToken } from '../accounts/mailTokens';
import { fullNameOf } from '../accounts/principal';
import { revokeRefreshTokensOfUser } from '../accounts/refreshTokens';
import { findUserById } from '../accounts/session';
import { assertOutranks, isTopRoleHolder, otherActiveTopRoleHolders, topRank } from './ranks';
import { selectUserDto, selectUserDtos } from './userDto';

const idParam = yup.object({ id: yup.string().uuid() });
const userSearchSchema = searchRequestSchema.shape({ isActive: yup.boolean(), partnerId: yup.string().uuid() });
const sortable = { firstName: users.firstName, lastName: users.lastName, email: users.email, userName: users.userName, createdAt: users.createdAt, isActive: users.isActive };

/** A user with a partner sees only that partner's users (another partner's answer 404). */
const partnerScope = (principal: Principal): SQL | undefined => (principal.partnerId ? eq(users.partnerId, principal.partnerId) : undefined);

/** Staff administration of users: register, list, search, get, toggle status. */
export const userRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, config, mailer } = ctx;
  const tags = ['Users'];

  async function visibleUser(principal: Principal, rawId: unknown) {
    const id = (rawId as { id?: string }).id ?? '';
    if (!idParam.isValidSync({ id })) throw notFound('users.notFound');
    const [dto] = await selectUserDtos(db, and(eq(users.id, id), partnerScope(principal)));
    if (!dto) throw notFound('users.notFound');
    return dto;
  }

  app.get('/users', { config: { access: permission('Users', 'View') }, schema: { tags, summary: 'Every user (at most 1000)' } }, async (request, reply) => {
    const dtos = await selectUserDtos(db, partnerScope(requirePrincipal(request)));
    return send(request, reply, dtos.slice(0, 1000));
  });

  app.post('/users/search', { config: { access: permission('Users', 'Search') }, schema: { tags, summary: 'Search users (paged)' } }, async (request, reply) => {
    const principal = requirePrincipal(request);
    const search = await validate(userSearchSchema, request.body ?? {});
    const keyword = (search.advancedSearch?.keyword ?? search.keyword ?? '').trim();
    const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const where = and(
      sql`${users.deletedAt} is null`,
      partnerScope(principal),
      keyword ? or(ilike(users.firstName, like), ilike(users.lastName, like), ilike(users.email, like), ilike(users.userName, like)) : undefined,
      search.isActive === undefined ? undefined : eq(users.isActive, search.isActive),
      search.partnerId ? eq(users.partnerId, search.partnerId) : undefined,
    );
    const [{ total }] = await db.select({ total: count() }).from(users).where(where);
    const ids = await db
      .select({ id: users.id })
      .from(users)
      .where(where)
      .orderBy(...orderByOf(search.orderBy, sortable, [sql`${users.createdAt} desc`, sql`${users.id}`]))
      .limit(search.pageSize)
      .offset(offsetOf(search));
    const dtos = ids.length ? await selectUserDtos(db, inArray(users.id, ids.map((r) => r.id))) : [];
    const ordered = ids.map((r) => dtos.find((d) => d.id === r.id)!).filter(Boolean);
    return send(request, reply, pageOf(ordered, total, search));
  });

  app.get('/users/:id', { config: { access: permission('Users', 'View') }, schema: { tags, summary: 'One user' } }, async (request, reply) =>
    send(request, reply, await visibleUser(requirePrincipal(request), request.params)),
  );

  app.post('/users/register', { config: { access: permission('Users', 'Create') }, schema: { tags, summary: 'Register a user (inactive) and mail the activation link' } }, async (request, reply) => {
    const principal = requirePrincipal(request);
    const input = await validate(registerSchema, request.body);
    const partnerId = principal.partnerId ?? input.partnerId ?? null;
    const [role] = input.roleId
      ? await db.select().from(roles).where(eq(roles.id, input.roleId))
      : await db.select().from(roles).where(eq(roles.name, partnerId ? 'Partner' : 'Support'));
    if (!role) throw fieldError('roleId', 'users.unknownRole');
    if (role.priority < principal.rank && principal.rank > (await topRank(db))) throw new ApiError(403, 'users.roleOutranks', [{ field: 'roleId', message: 'users.roleOutranks' }]);
    if (partnerId) {
      const [partner] = await db.select({ id: partners.id }).from(partners).where(and(eq(partners.id, partnerId), sql`${partners.deletedAt} is null`));
      if (!partner) throw fieldError('partnerId', 'users.unknownPartner');
    }
    const [taken] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${input.email.toLowerCase()}`);
    if (taken) throw new ApiError(409, 'users.emailTaken', [{ field: 'email', message: 'users.emailTaken' }]);

    const { user, token } = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          firstName: input.firstName,
          lastName: input.lastName,
          userName: input.userName || input.email,
          email: input.email,
          phoneNumber: input.phoneNumber || null,
          organization: input.organization || null,
          partnerId,
          isActive: false,
        })
        .returning();
      await tx.insert(userRoles).values({ userId: created.id, roleId: role.id });
      const activationToken = await createMailToken(tx, created.id, 'activation', ACTIVATION_TOKEN_SECONDS);
      const { passwordHash: _hidden, ...after } = created;
      await writeAudit(tx, { userId: principal.id, type: 'Create', table: 'users', key: created.id, after: { ...after, role: role.name } });
      return { user: created, token: activationToken };
    });
    const link = `${config.publicUrl}/active?email=${encodeURIComponent(user.email)}&code=${encodeURIComponent(token)}`;
    const language = languageOf(request);
    await mailer.send({ to: user.email, subject: translate(language, 'mail.activationSubject'), text: translate(language, 'mail.activationBody', { name: fullNameOf(user), link }), link });
    return send(request, reply, await selectUserDto(db, user.id), { statusCode: 201, message: 'users.registered' });
  });

  app.post('/users/:id/toggle-status', { config: { access: permission('Users', 'Update') }, schema: { tags, summary: 'Activate or deactivate a user' } }, async (request, reply) => {
    const principal = requirePrincipal(request);
    const target = await visibleUser(principal, request.params);
    if (target.id === principal.id) throw forbidden('users.self');
    await assertOutranks(db, principal, target.id);
    const deactivating = target.isActive;
    if (deactivating && (await isTopRoleHolder(db, target.id)) && (await otherActiveTopRoleHolders(db, target.id)) === 0) throw new ApiError(409, 'users.lastAdmin');
    const before = await findUserById(db, target.id);
    await db.transaction(async (tx) => {
      await tx.update(users).set({ isActive: !deactivating, updatedAt: new Date() }).where(eq(users.id, target.id));
      if (deactivating) await revokeRefreshTokensOfUser(tx, target.id);
      await writeAudit(tx, { userId: principal.id, type: 'Update', table: 'users', key: target.id, before: { isActive: before?.isActive }, after: { isActive: !deactivating } });
    });
    return send(request, reply, await selectUserDto(db, target.id), { message: 'users.statusChanged' });
  });
};
