import { createEventBus } from '../../server/core/events';
import { findUserById, issueSession } from '../../server/modules/accounts/session';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Permission } from '../../contract/permissions';
import type { PartnerDto } from '../../contract/partners';
import type { RoleDto } from '../../contract/roles.dto';
import type { TicketDto } from '../../contract/tickets';
import type { TokenResponse } from '../../contract/tokens';
import type { UserDto } from '../../contract/users';
import type { AppContext } from '../../server/context';
import type { Db } from '../../server/db/client';
import { loadDemoFixture } from './demoFixture';
import { DEMO_PASSWORD, linkIn, startServer, type ApiAnswer, type TestServer } from './harness';

export interface MadeUser {
  id: string;
  email: string;
  password: string;
  /** A session signed in when the user was made (none for an inactive user). */
  session: TokenResponse;
  token: string;
  dto: UserDto;
}

let sequence = 0;
/** A suffix no other row of this run carries, so a test finds its own rows by it. */
export function unique(prefix = 'f'): string {
  sequence += 1;
  return `${prefix}${Date.now().toString(36)}${sequence}${Math.random().toString(36).slice(2, 6)}`;
}

function expectCreated<T>(answer: ApiAnswer<T>, what: string): T {
  if (answer.status !== 201 && answer.status !== 200) throw new Error(`factory could not make ${what}: ${answer.status} ${answer.text}`);
  return answer.body.data as T;
}

/**
 * Rows a test makes for itself through the API, as a client would (so caches and audit see them), each
 * undone after the test by `cleanup()` in reverse order, whether the test passed or not.
 */
export function createFactories(server: TestServer, adminToken: () => string) {
  let undo: (() => Promise<unknown>)[] = [];
  const api = <T>(method: string, path: string, body?: unknown, token = adminToken()) => server.api<T>(method, path, { token, body });

  const factories = {
    /** Runs every undo step (newest first); the first failure is thrown after all have run. */
    async cleanup() {
      const steps = undo.reverse();
      undo = [];
      let failure: unknown;
      for (const step of steps) {
        try {
          await step();
        } catch (error) {
          failure ??= error;
        }
      }
      if (failure) throw failure;
    },

    /** Registers an extra undo step, run with the factories' own. */
    onCleanup(step: () => Promise<unknown>) {
      undo.push(step);
    },

    async partner(overrides: Partial<Omit<PartnerDto, 'id'>> = {}): Promise<PartnerDto> {
      const tag = unique('p');
      const body = {
        name: `Factory Partner ${tag}`,
        email: `${tag}@partner.example`,
        type: 'Factory',
        address: `${tag} Factory Road`,
        phone: '+84 90 000 1234',
        ...overrides,
      };
      const made = expectCreated(await api<PartnerDto>('POST', '/api/v1/partners', body), 'a partner');
      undo.push(() => api('DELETE', `/api/v1/partners/${made.id}`));
      return made;
    },

    /** A role with exactly these permissions, below every seeded staff role unless a priority is given. */
    async role(options: { permissions?: readonly Permission[]; priority?: number; name?: string } = {}): Promise<RoleDto> {
      const made = expectCreated(
        await api<RoleDto>('POST', '/api/v1/roles', {
          name: options.name ?? `Factory role ${unique('r')}`,
          description: 'Made by a test',
          priority: options.priority ?? 500,
        }),
        'a role',
      );
      undo.push(() => api('DELETE', `/api/v1/roles/${made.id}`));
      if (options.permissions?.length)
        expectCreated(await api('PUT', `/api/v1/roles/${made.id}/permissions`, { permissions: options.permissions }), 'role permissions');
      return made;
    },

    /**
     * A user registered by Admin with one role (by id) and an optional partner, activated with a password
     * through the mailed link and given a session; `active: false` leaves it as registered (no password, no session).
     */
    async user(
      options: { roleId?: string; partnerId?: string | null; active?: boolean; firstName?: string; lastName?: string; email?: string } = {},
    ): Promise<MadeUser> {
      const email = options.email ?? `${unique('u')}@user.example`;
      const body = {
        firstName: options.firstName ?? 'Factory',
        lastName: options.lastName ?? 'User',
        email,
        roleId: options.roleId,
        partnerId: options.partnerId ?? undefined,
      };
      const dto = expectCreated(await api<UserDto>('POST', '/api/v1/users/register', body), 'a user');
      undo.push(() => api('DELETE', `/api/v1/users/${dto.id}`));
      const password = `${DEMO_PASSWORD}-${email.length}`;
      if (options.active === false) return { id: dto.id, email, password, session: null as never, token: '', dto };
      const link = linkIn(
        server
          .outbox()
          .filter((m) => m.includes(email))
          .at(-1)!,
      );
      const confirmed = await server.api('POST', '/api/users/confirm-mail', { body: { email, token: link.searchParams.get('code'), password } });
      if (confirmed.status !== 200) throw new Error(`factory could not activate ${email}: ${confirmed.text}`);
      // Signed in as the sign-in route would after checking the password, without paying Argon2 a second time.
      const session = await issueSession(server.built.database.db, server.config.jwtSecret, (await findUserById(server.built.database.db, dto.id))!, {
        userAgent: null,
        address: null,
        method: 'password',
      });
      return { id: dto.id, email, password, session, token: session.token, dto: { ...dto, isActive: true } };
    },

    /** A user holding a new role with exactly these permissions (and that role). */
    async userWith(permissions: readonly Permission[], options: { priority?: number; partnerId?: string | null } = {}) {
      const role = await factories.role({ permissions, priority: options.priority });
      const user = await factories.user({ roleId: role.id, partnerId: options.partnerId });
      return { ...user, role };
    },

    /** A ticket raised as JSON by the holder of `token` (staff name the partner). */
    async ticket(token: string, fields: { subject?: string; description?: string; partnerId?: string } = {}): Promise<TicketDto> {
      const body = { subject: fields.subject ?? `Factory ticket ${unique('t')}`, description: fields.description ?? '', partnerId: fields.partnerId };
      return expectCreated(await server.api<TicketDto>('POST', '/api/v1/tickets', { token, body }), 'a ticket');
    },
  };
  return factories;
}

export type Factories = ReturnType<typeof createFactories>;

/**
 * The preamble of a server test file: one server over the demo seed for the file, the seed's ids and a
 * session for each demo account (filled in before the first test), and factories whose rows are undone
 * after each test.
 */
export function useDemoServer(options: Parameters<typeof startServer>[0] = {}) {
  let started: TestServer | undefined;
  const current = () => {
    if (!started) throw new Error('the demo server has not started');
    return started;
  };
  const server: TestServer = {
    get url() {
      return current().url;
    },
    get config() {
      return current().config;
    },
    get built() {
      return current().built;
    },
    api: (method, urlPath, opts) => current().api(method, urlPath, opts),
    signIn: (email, password) => current().signIn(email, password),
    outbox: () => current().outbox(),
    snapshot: () => current().snapshot(),
    runReminders: (now) => current().runReminders(now),
    close: () => current().close(),
  };
  const userIds: Record<string, string> = {};
  const partnerIds: Record<string, string> = {};
  const roleIds: Record<string, string> = {};
  const sessions: Record<string, TokenResponse> = {};
  const make = createFactories(server, () => sessions['admin@example.com'].token);
  beforeAll(async () => {
    started = await startServer(options);
    const demo = await loadDemoFixture(started);
    Object.assign(userIds, demo.userIds);
    Object.assign(partnerIds, demo.partnerIds);
    Object.assign(roleIds, demo.roleIds);
    Object.assign(sessions, demo.sessions);
  });
  afterEach(() => make.cleanup());
  afterAll(() => started?.close());
  return {
    server,
    userIds,
    partnerIds,
    roleIds,
    sessions,
    /** The access token of a demo account, signed in once for the file. */
    token: (email: string) => sessions[email].token,
    /** Signs a demo account in anew, for a test that had to end its sessions (in its `finally`). */
    async signInAgain(email: string) {
      sessions[email] = await server.signIn(email);
    },
    make,
  };
}

/**
 * Runs `body` while the database refuses every audit row whose values mention `marker` (a trigger raising
 * an error), and removes the trigger afterwards whatever happens: a change whose audit row fails must fail whole.
 */
export async function whileAuditRefuses(server: TestServer, marker: string, body: () => Promise<void>) {
  if (!/^[A-Za-z0-9-]+$/.test(marker)) throw new Error('the marker goes into SQL: letters, digits and dashes only');
  const db = server.built.database.db;
  await db.execute(
    sql.raw(`create or replace function test_refuse_audit() returns trigger language plpgsql as $$
      begin
        if coalesce(new.old_values::text, '') || coalesce(new.new_values::text, '') like '%${marker}%' then
          raise exception 'audit row refused by the test';
        end if;
        return new;
      end $$`),
  );
  await db.execute(sql.raw('create trigger test_refuse_audit before insert on audit_trails for each row execute function test_refuse_audit()'));
  try {
    await body();
  } finally {
    await db.execute(sql.raw('drop trigger if exists test_refuse_audit on audit_trails'));
    await db.execute(sql.raw('drop function if exists test_refuse_audit()'));
  }
}

/** What a service is built from, for calling it without HTTP: this database, and events that go nowhere. */
export const serviceContextOn = (db: Db) => ({ db, events: createEventBus() }) as unknown as AppContext;
