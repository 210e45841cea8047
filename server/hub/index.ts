import type { FastifyInstance } from 'fastify';
import type { ServerMessages, ServerMethod } from '../../contract/realtime';
import type { AppContext } from '../context';
import type { DomainEvent } from '../core/events';
import { loadPrincipal } from '../modules/accounts/principal';
import { cachePrincipals } from '../modules/accounts/principalCache';
import { createInProcessBackplane, type Backplane } from './backplane';
import { hubGroups } from './groups';
import { DEFAULT_HUB_TIMING, HubServer, type HubStats, type HubTiming } from './hubServer';
import { HubError, noTicketsYet, ticketMethods, type HubMethod, type JoinTicketCheck } from './methods';
import { createPostgresBackplane } from './postgresBackplane';
import { invocationRecord } from './protocol';
import { hubLogSerializers, hubRoutes } from './routes';
import { acceptWebSockets } from './webSockets';

export { hubGroups, DEFAULT_HUB_TIMING, HubError };
export type { Backplane, HubMethod, HubTiming, JoinTicketCheck };

/**
 * What the rest of the server uses to reach browsers: `app.realtime` (or the value registerRealtimeHub
 * returns). Every send reaches the matching connections on every server instance. Sends never throw and
 * never wait: call them after the change is committed.
 */
export interface RealtimeHub {
  /** Every connection of one user (all their tabs). */
  sendToUser<M extends ServerMethod>(userId: string, method: M, payload: ServerMessages[M]): void;
  /** Every user of one partner. */
  sendToPartner<M extends ServerMethod>(partnerId: string, method: M, payload: ServerMessages[M]): void;
  /** Every staff user (users without a partner). */
  sendToStaff<M extends ServerMethod>(method: M, payload: ServerMessages[M]): void;
  /** Connections that joined the ticket with JoinTicket. */
  sendToTicket<M extends ServerMethod>(ticketId: string, method: M, payload: ServerMessages[M]): void;
  /** Any group by name (see hubGroups). */
  sendToGroup<M extends ServerMethod>(group: string, method: M, payload: ServerMessages[M]): void;
  /** Several groups at once: a connection in more than one of them hears the message once. */
  sendToGroups<M extends ServerMethod>(groups: string[], method: M, payload: ServerMessages[M]): void;
  /** Whether the user has a connection that finished its handshake on this instance (others are not asked). */
  isUserOnline(userId: string): boolean;
  /** Who may JoinTicket; until set, every ticket is unknown and JoinTicket answers false. */
  setJoinTicketCheck(check: JoinTicketCheck): void;
  /** This instance's connections and groups. */
  stats(): HubStats;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeHub;
  }
}

export interface RealtimeHubOptions {
  ctx: Pick<AppContext, 'config' | 'db' | 'events' | 'log'>;
  /** Defaults are ASP.NET's (DEFAULT_HUB_TIMING); tests shrink them. */
  timing?: Partial<HubTiming>;
  canJoinTicket?: JoinTicketCheck;
  /** Defaults to PostgreSQL LISTEN/NOTIFY when config.databaseUrl is set, else in-process. */
  backplane?: Backplane;
  /** More hub methods, for protocol tests only. */
  extraMethods?: Record<string, HubMethod>;
}

/** ResourceChanged reaches staff and, when the change belongs to a partner, that partner's users. */
function relayDomainEvent(hub: HubServer, event: DomainEvent) {
  if (event.type !== 'ResourceChanged') return;
  const groups = [hubGroups.staff, ...(event.partnerId ? [hubGroups.partner(event.partnerId)] : [])];
  hub.publish({ groups, record: invocationRecord('ResourceChanged', [{ resource: event.resource, id: event.id, action: event.action }]) });
}

/**
 * The realtime hub at /api/notifications, an ASP.NET Core SignalR server the official client talks to
 * unchanged (DESIGN.md "Realtime", signalr-protocol.md). Registers its routes and the WebSocket upgrade,
 * relays domain events, and decorates `app.realtime`.
 */
export async function registerRealtimeHub(app: FastifyInstance, options: RealtimeHubOptions): Promise<RealtimeHub> {
  const { ctx } = options;
  const backplane =
    options.backplane ??
    (ctx.config.databaseUrl ? await createPostgresBackplane({ connectionString: ctx.config.databaseUrl, log: ctx.log }) : createInProcessBackplane());
  let joinCheck = options.canJoinTicket ?? noTicketsYet;
  // Cached like the guard's: every reconnect negotiates, and the cache empties on any user or role change.
  const loadUser = cachePrincipals((userId) => loadPrincipal(ctx.db, userId), ctx.events);
  const hub = new HubServer({
    timing: { ...DEFAULT_HUB_TIMING, ...options.timing },
    methods: { ...ticketMethods(() => joinCheck), ...options.extraMethods },
    backplane,
    log: ctx.log,
    loadPrincipal: loadUser,
  });
  const auth = { secret: ctx.config.jwtSecret, loadPrincipal: loadUser };

  const send = <M extends ServerMethod>(groups: string[], method: M, payload: ServerMessages[M]) =>
    hub.publish({ groups, record: invocationRecord(method, [payload]) });
  const realtime: RealtimeHub = {
    sendToUser: (userId, method, payload) => send([hubGroups.user(userId)], method, payload),
    sendToPartner: (partnerId, method, payload) => send([hubGroups.partner(partnerId)], method, payload),
    sendToStaff: (method, payload) => send([hubGroups.staff], method, payload),
    sendToTicket: (ticketId, method, payload) => send([hubGroups.ticket(ticketId)], method, payload),
    sendToGroup: (group, method, payload) => send([group], method, payload),
    sendToGroups: (groups, method, payload) => send(groups, method, payload),
    isUserOnline: (userId) => hub.hasMembers(hubGroups.user(userId)),
    setJoinTicketCheck(check) {
      joinCheck = check;
    },
    stats: () => hub.stats(),
  };
  app.decorate('realtime', realtime);

  await app.register(hubRoutes, { hub, auth, logSerializers: hubLogSerializers });
  const webSockets = acceptWebSockets(app.server, hub, auth);
  const unsubscribe = ctx.events.subscribe((event) => relayDomainEvent(hub, event));

  // Before the server stops listening: end held polls and streams, or closing would wait for them.
  app.addHook('preClose', async () => {
    unsubscribe();
    hub.stop();
    await webSockets.close();
  });
  app.addHook('onClose', () => backplane.close());
  return realtime;
}
