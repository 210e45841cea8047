import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ServerMessages, ServerMethod } from '../../contract/realtime';
import type { AppContext } from '../context';
import type { Principal } from '../core/guard';
import type { PostgresNotifications, ResourceChanged } from '../core/events';
import { onAccessChange } from '../modules/accounts/accessChanges';
import { loadPrincipals } from '../modules/accounts/principal';
import { withProviderMfa } from '../modules/accounts/secondFactorGate';
import { cachePrincipals, type PrincipalCache } from '../modules/accounts/principalCache';
import { createSignInCheck, type SignInCheck } from '../modules/accounts/signIns';
import { auditImpersonatedRequest } from '../modules/impersonation/impersonationTrail';
import { hubAdmission } from './admission';
import { principalMayHear, type HubAudience } from './audience';
import { createInProcessBackplane, type Backplane } from './backplane';
import { hubGroups } from './groups';
import { HubServer, type HubStats } from './hubServer';
import { DEFAULT_HUB_TIMING, type HubTiming } from './hubSettings';
import { HubError, noTicketsYet, ticketMethods, type HubMethod, type JoinTicketCheck } from './methods';
import { backplaneOver, BACKPLANE_CHANNEL, createPostgresBackplane } from './postgresBackplane';
import { connectionTokens } from './connectionToken';
import { createPresence, type PresenceTiming } from './presence';
import { cacheJoinVerdicts } from './joinVerdicts';
import { invocationRecord } from './protocol';
import { audienceOfChange } from './resourceAudiences';
import { hubLogSerializers, hubRoutes } from './routes';
import { createFileRelay, FILE_EVENTS } from './fileRelay';
import { createPartnerFormRelay, PARTNER_FORM_EVENTS } from './partnerFormRelay';
import { createTicketMergeRelay } from '../modules/tickets/realtime/ticketMergeRelay';
import { createTicketRelay, TICKET_EVENTS } from '../modules/tickets/realtime/ticketRelay';
import { createSlaRelay } from '../modules/tickets/realtime/slaRelay';
import { relayTicketRead } from '../modules/tickets/realtime/ticketReadRelay';
import { acceptWebSockets } from './webSockets';

export { hubGroups, DEFAULT_HUB_TIMING, HubError, principalMayHear };
export type { Backplane, HubAudience, HubMethod, HubTiming, JoinTicketCheck };

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
  /**
   * Several groups at once: a connection in more than one of them hears the message once. With an audience,
   * only the members whose user may read what the message tells of hear it (checked as they are now).
   */
  sendToGroups<M extends ServerMethod>(groups: string[], method: M, payload: ServerMessages[M], audience?: HubAudience): void;
  /** Whether the user has a connection that finished its handshake on this instance (others are not asked). */
  isUserOnline(userId: string): boolean;
  /** Whether the user has such a connection on any instance (presence.ts). */
  isUserOnlineAnywhere(userId: string): Promise<boolean>;
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
  /** Without a mailer (hub-only test instances), a staff reply mails nobody. */
  ctx: Pick<AppContext, 'config' | 'db' | 'events' | 'log'> & Partial<Pick<AppContext, 'mailer'>>;
  /** Defaults are ASP.NET's (DEFAULT_HUB_TIMING); tests shrink them. */
  timing?: Partial<HubTiming>;
  canJoinTicket?: JoinTicketCheck;
  /** Defaults to a channel of `notifications`; else PostgreSQL LISTEN/NOTIFY of its own when config.databaseUrl is set; else in-process. */
  backplane?: Backplane;
  /** The instance's PostgreSQL LISTEN connection, shared with `ctx.events`. */
  notifications?: PostgresNotifications;
  /** The instance's principals, shared with the guard; hub-only instances (tests) get their own, kept the same way. */
  principals?: PrincipalCache;
  /** The instance's check of ended sign-ins, shared with the guard; hub-only instances get their own. */
  signIns?: SignInCheck;
  /** Presence's heartbeat and expiry; tests shrink them. */
  presenceTiming?: Partial<PresenceTiming>;
  /** More hub methods, for protocol tests only. */
  extraMethods?: Record<string, HubMethod>;
}

/** ResourceChanged reaches whoever may read the resource (resourceAudiences.ts). */
function relayResourceChange(hub: HubServer, event: ResourceChanged, log: FastifyBaseLogger) {
  const target = audienceOfChange(event);
  if (!target) return log.warn({ resource: event.resource }, 'realtime hub: no readers declared for this resource; its changes are not relayed');
  hub.publish({ ...target, record: invocationRecord('ResourceChanged', [{ resource: event.resource, id: event.id, action: event.action }]) });
}

/** Groups a hub method let a connection join, re-checked when its user's access changes. */
const mayStayIn = (joinCheck: () => JoinTicketCheck) => async (principal: Principal, group: string) => {
  const ticketPrefix = hubGroups.ticket('');
  return group.startsWith(ticketPrefix) ? joinCheck()(principal, group.slice(ticketPrefix.length)) : true;
};

/**
 * The realtime hub at /api/notifications, an ASP.NET Core SignalR server the official client talks to
 * unchanged (DESIGN.md "Realtime", signalr-protocol.md). Registers its routes and the WebSocket upgrade,
 * relays domain events, and decorates `app.realtime`.
 */
export async function registerRealtimeHub(app: FastifyInstance, options: RealtimeHubOptions): Promise<RealtimeHub> {
  const { ctx } = options;
  const backplane =
    options.backplane ??
    (options.notifications
      ? backplaneOver(await options.notifications.listen(BACKPLANE_CHANNEL))
      : ctx.config.databaseUrl
        ? await createPostgresBackplane({ connectionString: ctx.config.databaseUrl, log: ctx.log })
        : createInProcessBackplane());
  let joinCheck = options.canJoinTicket ?? noTicketsYet;
  const joinVerdicts = cacheJoinVerdicts(() => joinCheck);
  // Every reconnect negotiates: the guard's cache answers it. Domain events empty it; so does the re-check an
  // instance announces on the backplane, which reaches hub-only instances too.
  const principals = options.principals ?? cachePrincipals((asks) => loadPrincipals(ctx.db, asks), ctx.events);
  // Any instance on the same secret accepts the tokens negotiate answers, so WebSockets need no affinity.
  const tokens = connectionTokens(ctx.config.jwtSecret);
  const presence = createPresence({ db: ctx.db, log: ctx.log, timing: options.presenceTiming });
  const admission = hubAdmission({ secondFactorEnforced: ctx.config.secondFactorEnrolment === 'required', loadPrincipal: principals.load });
  const hub = new HubServer({
    timing: { ...DEFAULT_HUB_TIMING, ...options.timing },
    methods: { ...ticketMethods(() => joinVerdicts.check), ...options.extraMethods },
    backplane,
    log: ctx.log,
    loadPrincipal: principals.load,
    mayStayInGroup: mayStayIn(() => joinVerdicts.check),
    onAccessChange: (userIds) => principals.forget(userIds),
    connectionTokens: tokens,
    presence,
    closeReasonOf: admission.closeReasonOf,
    auditImpersonated: async (connection, request, status) => {
      const principal = (await principals.load(connection.user.id)) ?? { ...connection.user, email: '' };
      if (connection.impersonator) await auditImpersonatedRequest(ctx.db, { impersonator: connection.impersonator, principal, request, status });
    },
  });
  const signIns = options.signIns ?? createSignInCheck(ctx.db, ctx.events);
  const auth = {
    secret: ctx.config.jwtSecret,
    loadPrincipal: withProviderMfa(principals.load),
    connectionTokens: tokens,
    signInEnded: signIns.isEnded,
    admit: admission.admit,
  };

  const send = <M extends ServerMethod>(groups: string[], method: M, payload: ServerMessages[M], audience?: HubAudience) =>
    hub.publish({ groups, record: invocationRecord(method, [payload]), ...(audience ? { audience } : {}) });
  const realtime: RealtimeHub = {
    sendToUser: (userId, method, payload) => send([hubGroups.user(userId)], method, payload),
    sendToPartner: (partnerId, method, payload) => send([hubGroups.partner(partnerId)], method, payload),
    sendToStaff: (method, payload) => send([hubGroups.staff], method, payload),
    sendToTicket: (ticketId, method, payload) => send([hubGroups.ticket(ticketId)], method, payload),
    sendToGroup: (group, method, payload) => send([group], method, payload),
    sendToGroups: (groups, method, payload, audience) => send(groups, method, payload, audience),
    isUserOnline: (userId) => hub.hasMembers(hubGroups.user(userId)),
    isUserOnlineAnywhere: (userId) => presence.isOnline(userId),
    setJoinTicketCheck(check) {
      joinCheck = check;
      joinVerdicts.forget(null);
    },
    stats: () => hub.stats(),
  };
  app.decorate('realtime', realtime);

  await app.register(hubRoutes, { hub, auth, logSerializers: hubLogSerializers });
  const webSockets = acceptWebSockets(app.server, hub, auth);
  // Events published here go out through the backplane, which takes them to every instance's connections;
  // other instances relay their own. An account change has every instance re-check its users' connections.
  // Their notifications are stored for readers checked through the principals the hub keeps.
  const relayTicket = createTicketRelay(ctx, realtime, principals.load);
  const relayTicketMerge = createTicketMergeRelay(ctx, realtime, principals.load);
  const relayPartnerForm = createPartnerFormRelay(ctx, realtime, principals.load);
  const relayFile = createFileRelay(ctx, realtime, principals.load);
  const relaySla = createSlaRelay(ctx, realtime, principals.load);
  const subscriptions = [
    ctx.events.subscribe('ResourceChanged', (event, { publishedHere }) => {
      // On every instance: a ticket that changed (or went) is checked again at its next JoinTicket.
      if (event.resource === 'tickets' && event.action !== 'created') joinVerdicts.forget(event.id);
      if (publishedHere) relayResourceChange(hub, event, ctx.log);
    }),
    ctx.events.onMissed(() => joinVerdicts.forget(null)),
    onAccessChange(ctx.events, (accessChanged, { publishedHere }) => {
      if (publishedHere) hub.publish({ accessChanged });
    }),
    // On every instance: the connections of ended sign-ins close (the event is heard once per instance).
    ctx.events.subscribe('SignInsEnded', (event) => hub.endSignIns(event.userId, event.signInIds)),
    ctx.events.subscribe('TicketReadMoved', (event, { publishedHere }) => (publishedHere ? relayTicketRead(realtime, event) : undefined)),
    ctx.events.subscribe('TicketMerged', (event, { publishedHere }) => (publishedHere ? relayTicketMerge(event) : undefined)),
    ctx.events.subscribe('TicketSlaNearBreach', (event, { publishedHere }) => (publishedHere ? relaySla(event) : undefined)),
    ...TICKET_EVENTS.map((type) => ctx.events.subscribe(type, (event, { publishedHere }) => (publishedHere ? relayTicket(event) : undefined))),
    ...PARTNER_FORM_EVENTS.map((type) => ctx.events.subscribe(type, (event, { publishedHere }) => (publishedHere ? relayPartnerForm(event) : undefined))),
    ...FILE_EVENTS.map((type) => ctx.events.subscribe(type, (event, { publishedHere }) => (publishedHere ? relayFile(event) : undefined))),
  ];

  // Before the server stops listening: every client is sent its Close (long polls take it with their next
  // poll), then held polls and streams end, or closing would wait for them.
  app.addHook('preClose', async () => {
    for (const unsubscribe of subscriptions) unsubscribe();
    hub.stop();
    await Promise.all([hub.drain(), webSockets.close()]);
    await presence.close();
  });
  app.addHook('onClose', () => backplane.close());
  return realtime;
}
