import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '../core/errors';
import type { Principal } from '../core/guard';
import { accessOf, mayHear, type HubAccess } from './audience';
import { isAccessChange, type Backplane, type HubDelivery, type RecordDelivery } from './backplane';
import { HubConnection, newConnectionId, type ConnectionOrigin, type HubUser, type Transport } from './connection';
import type { ConnectionTokens } from './connectionToken';
import { baseGroupsOf, hubGroups } from './groups';
import { HubError, type HubCall, type HubMethod } from './methods';
import {
  HANDSHAKE_ACCEPTED,
  MessageType,
  PING,
  RESYNC,
  checkHandshake,
  closeRecord,
  completionRecord,
  handshakeRefusal,
  invocationRecord,
  parseMessage,
  splitRecords,
  type InvocationMessage,
} from './protocol';
import { CLOSE_REASONS, MAX_MESSAGE_BYTES, SHUTDOWN_GRACE_MS, type HubTiming } from './hubSettings';
import { LongPollingTransport } from './transports';

/** How many users' principals an access re-check loads at once (a role change re-checks every connected user). */
const ACCESS_CHECKS_AT_ONCE = 8;

export interface HubServerOptions {
  timing: HubTiming;
  methods: Record<string, HubMethod>;
  backplane: Backplane;
  log: FastifyBaseLogger;
  /** The user as they are now; null when gone or deactivated. */
  loadPrincipal(userId: string): Promise<Principal | null>;
  /** Whether a principal may stay in a group a hub method let it join (e.g. a ticket's). */
  mayStayInGroup(principal: Principal, group: string): Promise<boolean>;
  /**
   * Why an active user may no longer hold this connection (a second factor to set up, the impersonation ended), as
   * the Close reason; null when they may. Asked at every re-check of the user's or the impersonator's access.
   */
  closeReasonOf?(principal: Principal, connection: HubConnection): Promise<string | null>;
  /**
   * Records one thing an impersonation's connection did (its handshake, each hub call) with the status it got: the
   * impersonation's audit trail. A call's completion goes out once this resolved.
   */
  auditImpersonated?(connection: HubConnection, request: string, status: number): Promise<void>;
  /** Told of every account change an instance published, before its connections are re-checked (to empty caches). */
  onAccessChange?(userIds: string[] | null): void;
  /** Signs the tokens negotiate answers, so any instance can start their connections (WebSockets); else tokens are random. */
  connectionTokens?: ConnectionTokens;
  /** Told when a connection starts hearing its user's group (handshake done) and when it stops (presence.ts). */
  presence?: { online(connection: HubConnection): void; offline(connection: HubConnection): void };
}

export interface HubStats {
  connections: number;
  groups: number;
}

const userOf = (principal: Principal): HubUser => ({ id: principal.id, partnerId: principal.partnerId, fullName: principal.fullName });

const failedToInvoke = (target: string, reason: string) => `Failed to invoke '${target}' due to an error on the server. ${reason}`;
const errorInvoking = (target: string, hubMessage?: string) =>
  `An unexpected error occurred invoking '${target}' on the server.${hubMessage ? ` HubException: ${hubMessage}` : ''}`;

/**
 * The connections of this instance: their groups, what they say (handshake, invocations, close) and what
 * they are sent. Transports hand it text and it hands them records; it knows nothing of HTTP.
 */
export class HubServer {
  private readonly connections = new Map<string, HubConnection>();
  private readonly groups = new Map<string, Set<HubConnection>>();
  private readonly methods = new Map<string, HubMethod>();
  private readonly sweepTimer: NodeJS.Timeout;
  private stopped = false;
  /** Signed tokens whose connection was here and is gone, until they expire: a later connect gets 404, not a new connection. */
  private readonly spentTokens = new Map<string, number>();
  /** Access re-checks run one after another, so the last change is the one that sticks. */
  private accessChecks: Promise<void> = Promise.resolve();
  /** Connections with records queued this tick, and whether their flush is scheduled. */
  private unflushed: HubConnection[] = [];
  private flushScheduled = false;

  constructor(private readonly options: HubServerOptions) {
    // ASP.NET matches method names case-insensitively.
    for (const [name, method] of Object.entries(options.methods)) this.methods.set(name.toLowerCase(), method);
    options.backplane.subscribe(
      (delivery) => this.receiveFromBackplane(delivery),
      () => this.listeningAgain(),
    );
    const { timing } = options;
    const shortest = Math.min(
      timing.keepAliveIntervalMs,
      timing.clientTimeoutMs,
      timing.handshakeTimeoutMs,
      timing.longPollTimeoutMs,
      timing.disconnectTimeoutMs,
    );
    // One timer for every connection; a quarter of the shortest period keeps each deadline within 25 %.
    this.sweepTimer = setInterval(() => this.sweep(Date.now()), Math.min(1000, Math.max(20, shortest / 4)));
    this.sweepTimer.unref();
  }

  stats(): HubStats {
    return { connections: this.connections.size, groups: this.groups.size };
  }

  /** Whether a connection of this instance is in the group (for a user's group: that user is online here). */
  hasMembers(group: string): boolean {
    return (this.groups.get(group)?.size ?? 0) > 0;
  }

  negotiate(principal: Principal, tokenExpiresAt: number, negotiateVersion: 0 | 1, origin: ConnectionOrigin = {}): HubConnection {
    // Shutting down: a connection made now would hold the server open.
    if (this.stopped) throw new ApiError(503, 'api.shuttingDown');
    const id = newConnectionId();
    const { connectionTokens } = this.options;
    const token = negotiateVersion === 0 ? id : (connectionTokens?.sign(id, principal.id) ?? newConnectionId());
    const connection = new HubConnection(userOf(principal), accessOf(principal), tokenExpiresAt, Date.now(), negotiateVersion, { id, token });
    this.startedFrom(connection, origin);
    this.connections.set(connection.token, connection);
    return connection;
  }

  /** The connection behind a `?id=` value, while it is not closed. */
  find(connectionToken: string): HubConnection | undefined {
    return this.connections.get(connectionToken);
  }

  /**
   * Starts here a connection negotiated by any instance, from its signed token (whose claims the caller read, and
   * whose user it authenticated again, as negotiate would). Undefined when this instance already had it and it is gone.
   */
  adopt(principal: Principal, tokenExpiresAt: number, connectionId: string, connectionToken: string, origin: ConnectionOrigin = {}): HubConnection | undefined {
    if (this.stopped) throw new ApiError(503, 'api.shuttingDown');
    const known = this.connections.get(connectionToken);
    if (known) return known;
    if (this.spentTokens.has(connectionToken)) return undefined;
    const ids = { id: connectionId, token: connectionToken };
    const connection = new HubConnection(userOf(principal), accessOf(principal), tokenExpiresAt, Date.now(), 1, ids);
    this.startedFrom(connection, origin);
    this.connections.set(connection.token, connection);
    return connection;
  }

  private startedFrom(connection: HubConnection, origin: ConnectionOrigin) {
    connection.signInId = origin.signInId;
    connection.impersonator = origin.impersonator ?? null;
    connection.providerMfa = origin.providerMfa === true;
  }

  attach(connection: HubConnection, transport: Transport) {
    const now = Date.now();
    connection.transport = transport;
    connection.attachedAt = now;
    connection.lastReceivedAt = now;
    connection.lastSentAt = now;
  }

  /** Hands a delivery to this instance's connections at once, and to every other instance through the backplane. */
  publish(delivery: HubDelivery) {
    this.options.backplane.publish(delivery).catch((error: unknown) => {
      this.options.log.warn({ err: error }, 'realtime backplane publish failed; handled on this instance only');
    });
  }

  /**
   * Deliveries of other instances may have been lost (the link to them was down and is back): every connection's
   * access is re-checked, and every client is told to refetch what it shows (Resync, no arguments).
   */
  resync() {
    this.receiveFromBackplane({ accessChanged: null });
    for (const connection of this.connections.values()) if (connection.handshakeDone && !connection.closing) this.write(connection, RESYNC);
  }

  /**
   * Some users' accounts, roles or permissions changed (null: anyone's may have). What is sent to their
   * connections (and to the impersonations they act in) waits while they are reloaded; then each connection is
   * closed (user gone or deactivated, or no longer admitted: closeReasonOf) or takes the new access: partner group,
   * groups it may no longer follow left, held deliveries re-checked.
   */
  recheckAccess(userIds: string[] | null): Promise<void> {
    const wanted = userIds && new Set(userIds);
    const concerns = (c: HubConnection) => !wanted || wanted.has(c.user.id) || (!!c.impersonator && wanted.has(c.impersonator.sub));
    const affected = [...this.connections.values()].filter((c) => !c.closing && concerns(c));
    for (const connection of affected) connection.accessChecks += 1;
    const run = this.accessChecks.then(() => this.recheck(affected));
    this.accessChecks = run.catch(() => {});
    return run;
  }

  /** Sign-ins of a user ended (on any instance): their connections here close, and may not reconnect with that sign-in's tokens. */
  endSignIns(userId: string, signInIds: string[]) {
    const ended = new Set(signInIds);
    for (const connection of [...this.connections.values()]) {
      if (connection.closing || connection.user.id !== userId || !connection.signInId || !ended.has(connection.signInId)) continue;
      if (connection.handshakeDone) this.close(connection, CLOSE_REASONS.signInEnded, false);
      else this.remove(connection);
    }
  }

  /** Text a transport received: whole records are handled in order, an unfinished one waits for the rest. */
  receive(connection: HubConnection, text: string) {
    if (connection.closing) return;
    connection.lastReceivedAt = Date.now();
    const { records, rest } = splitRecords(connection.inbound + text);
    connection.inbound = rest;
    for (const record of records) {
      if (connection.closing) return;
      if (Buffer.byteLength(record) > MAX_MESSAGE_BYTES) return this.close(connection, CLOSE_REASONS.messageTooLarge, false);
      if (!connection.handshakeDone) {
        this.handshake(connection, record);
        continue;
      }
      let message;
      try {
        message = parseMessage(record);
      } catch (error) {
        this.options.log.debug({ err: error, connectionId: connection.id }, 'realtime hub: protocol error');
        return this.close(connection, CLOSE_REASONS.protocolError, false);
      }
      if (message.type === MessageType.Invocation || message.type === MessageType.StreamInvocation) this.enqueue(connection, message as InvocationMessage);
      else if (message.type === MessageType.Close) this.remove(connection);
      else if (message.type === MessageType.Ping) connection.clientTimeoutStarted = true;
      // Completions, stream items, cancels, acks and sequences are ignored.
    }
    if (Buffer.byteLength(rest) > MAX_MESSAGE_BYTES) this.close(connection, CLOSE_REASONS.messageTooLarge, false);
  }

  /** Sends a Close record, then ends the transport (long polling: once the next poll has carried it). */
  close(connection: HubConnection, error: string | undefined, allowReconnect: boolean) {
    this.finish(connection, closeRecord(error, allowReconnect));
  }

  /** Forgets a connection at once: groups left, transport ended, later requests get 404. */
  remove(connection: HubConnection) {
    if (connection.closed) return;
    this.flush(connection);
    connection.closed = true;
    connection.closing = true;
    this.connections.delete(connection.token);
    const { connectionTokens } = this.options;
    if (connectionTokens && connection.token !== connection.id) this.spentTokens.set(connection.token, Date.now() + connectionTokens.ttlMs);
    this.leaveAll(connection);
    connection.transport?.end();
  }

  /**
   * Server shutdown: every client is told it may reconnect (to another instance or this one restarted).
   * A long-polling client takes its Close with its next poll, so its connection stays until then (`drain`).
   */
  stop() {
    this.stopped = true;
    clearInterval(this.sweepTimer);
    for (const connection of [...this.connections.values()]) {
      if (!connection.handshakeDone) this.remove(connection);
      else if (connection.transport instanceof LongPollingTransport) this.close(connection, CLOSE_REASONS.shutdown, true);
      else {
        this.close(connection, CLOSE_REASONS.shutdown, true);
        this.remove(connection);
      }
    }
  }

  /** After stop(): waits up to `graceMs` for long-polling clients to fetch their Close, then forgets the rest. */
  async drain(graceMs = SHUTDOWN_GRACE_MS) {
    const deadline = Date.now() + graceMs;
    while (this.connections.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    for (const connection of [...this.connections.values()]) this.remove(connection);
  }

  private finish(connection: HubConnection, lastRecord: string) {
    if (connection.closing) return;
    connection.closing = true;
    this.leaveAll(connection);
    this.write(connection, lastRecord);
    this.flush(connection);
    if (connection.transport instanceof LongPollingTransport) connection.transport.end();
    else this.remove(connection);
  }

  private handshake(connection: HubConnection, record: string) {
    const refusal = checkHandshake(record);
    if (refusal) return this.finish(connection, handshakeRefusal(refusal));
    this.write(connection, HANDSHAKE_ACCEPTED);
    connection.handshakeDone = true;
    for (const group of baseGroupsOf(connection.user)) this.join(connection, group);
    this.options.presence?.online(connection);
    // In turn with the calls: a call's row never comes before the connection's.
    if (connection.impersonator) this.inTurn(connection, () => this.audit(connection, `HUB connect ${connection.transport?.kind ?? ''}`.trim(), 200));
  }

  /** An impersonation's audit row; a failed write is logged, and what it recorded goes on (as a REST answer does). */
  private async audit(connection: HubConnection, request: string, status: number) {
    try {
      await this.options.auditImpersonated?.(connection, request, status);
    } catch (error) {
      this.options.log.error({ err: error }, 'realtime hub: impersonated use not audited');
    }
  }

  /** Queues records for the connection; what one tick queued for it goes out as one write (flushWrites). */
  private write(connection: HubConnection, records: string) {
    if (!connection.transport || connection.closed) return;
    connection.lastSentAt = Date.now();
    if (!connection.outbox) this.unflushed.push(connection);
    connection.outbox += records;
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(this.flushWrites);
  }

  /** Once per tick: each connection's queued records in one frame, event or poll answer. */
  private readonly flushWrites = () => {
    this.flushScheduled = false;
    const connections = this.unflushed;
    this.unflushed = [];
    for (const connection of connections) this.flush(connection);
  };

  /** Writes what waits for the connection now (before its transport ends, so a Close goes out first). */
  private flush(connection: HubConnection) {
    const records = connection.outbox;
    if (!records) return;
    connection.outbox = '';
    if (connection.transport && !connection.closed) connection.transport.write(records);
  }

  private listeningAgain() {
    this.options.log.info('realtime hub: listening to other instances again; every client refetches what it shows');
    this.resync();
  }

  private receiveFromBackplane(delivery: HubDelivery) {
    if (!isAccessChange(delivery)) return this.deliverLocally(delivery);
    this.options.onAccessChange?.(delivery.accessChanged);
    this.recheckAccess(delivery.accessChanged).catch((error: unknown) => this.options.log.error({ err: error }, 'realtime hub: access re-check failed'));
  }

  private membersOf(group: string): Iterable<HubConnection> {
    if (group !== hubGroups.everyone) return this.groups.get(group) ?? [];
    return [...this.connections.values()].filter((c) => c.handshakeDone && !c.closing);
  }

  private deliverLocally(delivery: RecordDelivery) {
    const { groups, record, except, audience } = delivery;
    // A connection in two of the groups hears the message once.
    const seen = groups.length > 1 ? new Set<HubConnection>() : null;
    // Connections share access objects: one verdict each per delivery.
    const verdicts = audience ? new Map<HubAccess, boolean>() : null;
    for (const group of groups) {
      for (const connection of this.membersOf(group)) {
        if (connection.id === except) continue;
        if (seen) {
          if (seen.has(connection)) continue;
          seen.add(connection);
        }
        if (connection.accessChecks > 0) {
          (connection.held ??= []).push(delivery);
          continue;
        }
        if (audience && verdicts) {
          let verdict = verdicts.get(connection.access);
          if (verdict === undefined) verdicts.set(connection.access, (verdict = mayHear(connection.access, audience)));
          if (!verdict) continue;
        }
        this.write(connection, record);
      }
    }
  }

  private async recheck(affected: HubConnection[]) {
    const byUser = new Map<string, HubConnection[]>();
    for (const connection of affected) byUser.set(connection.user.id, [...(byUser.get(connection.user.id) ?? []), connection]);
    const queue = [...byUser];
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const [userId, connections] = next;
        let principal: Principal | null | undefined;
        try {
          principal = await this.options.loadPrincipal(userId);
        } catch (error) {
          this.options.log.error({ err: error, userId }, 'realtime hub: could not reload a user; their connections reconnect');
        }
        for (const connection of connections) {
          try {
            if (principal === undefined) this.close(connection, CLOSE_REASONS.accessUnknown, true);
            else if (principal === null) this.endOfAccess(connection, CLOSE_REASONS.accountDisabled);
            else {
              const refusal = await this.options.closeReasonOf?.(principal, connection);
              if (refusal) this.endOfAccess(connection, refusal);
              else await this.takeAccess(connection, principal);
            }
          } catch (error) {
            this.options.log.error({ err: error, userId }, 'realtime hub: could not re-check a connection; it reconnects');
            this.close(connection, CLOSE_REASONS.accessUnknown, true);
          } finally {
            this.releaseHeld(connection);
          }
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(ACCESS_CHECKS_AT_ONCE, queue.length) }, worker));
  }

  /** A deactivated or deleted user, or one no longer admitted: the Close says why and does not allow reconnecting (a reconnect is refused anyway). */
  private endOfAccess(connection: HubConnection, reason: string) {
    if (connection.handshakeDone) this.close(connection, reason, false);
    else this.remove(connection);
  }

  private async takeAccess(connection: HubConnection, principal: Principal) {
    connection.user = userOf(principal);
    connection.access = accessOf(principal);
    if (!connection.handshakeDone || connection.closing) return;
    const base = baseGroupsOf(connection.user);
    const joined = connection.groups.filter((group) => !base.includes(group));
    // A user moved to another partner (or to staff) leaves the old partner's group for the new one.
    for (const group of joined) if (group === hubGroups.staff || group.startsWith(hubGroups.partner(''))) this.leave(connection, group);
    for (const group of base) this.join(connection, group);
    for (const group of connection.groups.filter((g) => !base.includes(g))) {
      if (!(await this.options.mayStayInGroup(principal, group))) this.leave(connection, group);
    }
  }

  /** The re-check is over: what waited meanwhile goes out, if the connection may still hear it. */
  private releaseHeld(connection: HubConnection) {
    connection.accessChecks -= 1;
    if (connection.accessChecks > 0) return;
    const held = connection.held ?? [];
    connection.held = null;
    if (connection.closing) return;
    for (const { groups, record, audience } of held) {
      const stillMember = groups.some((group) => group === hubGroups.everyone || connection.groups.includes(group));
      if (stillMember && (!audience || mayHear(connection.access, audience))) this.write(connection, record);
    }
  }

  private join(connection: HubConnection, group: string) {
    if (connection.closing || connection.groups.includes(group)) return;
    connection.groups.push(group);
    let members = this.groups.get(group);
    if (!members) this.groups.set(group, (members = new Set()));
    members.add(connection);
  }

  private leave(connection: HubConnection, group: string) {
    const index = connection.groups.indexOf(group);
    if (index < 0) return;
    connection.groups.splice(index, 1);
    const members = this.groups.get(group);
    members?.delete(connection);
    if (members?.size === 0) this.groups.delete(group);
  }

  private leaveAll(connection: HubConnection) {
    this.options.presence?.offline(connection);
    for (const group of [...connection.groups]) this.leave(connection, group);
  }

  /** Invocations of one connection run one at a time, in the order they came. */
  private enqueue(connection: HubConnection, message: InvocationMessage) {
    this.inTurn(connection, () => this.invoke(connection, message));
  }

  /** Runs `run` after what the connection is already running (its invocations, one at a time). */
  private inTurn(connection: HubConnection, run: () => Promise<void>) {
    const next = connection.invocations ? connection.invocations.then(run) : run();
    connection.invocations = next;
    void next.then(() => {
      if (connection.invocations === next) connection.invocations = null;
    });
  }

  private async invoke(connection: HubConnection, message: InvocationMessage) {
    const { target, invocationId } = message;
    const method = this.methods.get(target.toLowerCase());
    let outcome: { result: unknown } | { error: string };
    if (message.type === MessageType.StreamInvocation || message.streamIds?.length) {
      outcome = { error: failedToInvoke(target, 'HubException: Streaming is not supported.') };
    } else if (!method) {
      outcome = { error: failedToInvoke(target, 'HubException: Method does not exist.') };
    } else if (message.arguments.length !== method.arity) {
      outcome = {
        error: failedToInvoke(target, `InvalidDataException: Invocation provides ${message.arguments.length} argument(s) but target expects ${method.arity}.`),
      };
    } else {
      try {
        outcome = { result: await method.invoke(this.callOf(connection), message.arguments) };
      } catch (error) {
        if (!(error instanceof HubError)) this.options.log.error({ err: error, target }, 'realtime hub method failed');
        outcome = { error: errorInvoking(target, error instanceof HubError ? error.message : undefined) };
      }
    }
    if (connection.impersonator) await this.audit(connection, `HUB ${target} ${JSON.stringify(message.arguments)}`, 'result' in outcome ? 200 : 400);
    // A send() has no invocation id and must get no answer.
    if (invocationId !== undefined && !connection.closing) this.write(connection, completionRecord(invocationId, outcome));
  }

  private callOf(connection: HubConnection): HubCall {
    return {
      connectionId: connection.id,
      user: connection.user,
      loadPrincipal: () => this.options.loadPrincipal(connection.user.id),
      joinGroup: (group) => this.join(connection, group),
      leaveGroup: (group) => this.leave(connection, group),
      inGroup: (group) => connection.groups.includes(group),
      sendToOthersInGroup: (group, method, payload, audience) =>
        this.publish({ groups: [group], record: invocationRecord(method, [payload]), except: connection.id, ...(audience ? { audience } : {}) }),
    };
  }

  /** Every deadline of every connection, checked by one timer instead of several per connection. */
  private sweep(now: number) {
    const { timing } = this.options;
    for (const [token, until] of this.spentTokens) if (until <= now) this.spentTokens.delete(token);
    for (const connection of this.connections.values()) {
      const { transport } = connection;
      if (!transport) {
        if (now - connection.createdAt >= timing.disconnectTimeoutMs) this.remove(connection);
        continue;
      }
      if (transport instanceof LongPollingTransport) {
        if (transport.isAbandoned(now, timing.disconnectTimeoutMs)) {
          this.remove(connection);
          continue;
        }
        transport.expire(now, timing.longPollTimeoutMs);
      }
      if (connection.closing) continue;
      if (!connection.handshakeDone) {
        if (now - connection.attachedAt >= timing.handshakeTimeoutMs) this.finish(connection, handshakeRefusal('The handshake was not received in time.'));
      } else if (now >= connection.tokenExpiresAt) {
        this.close(connection, CLOSE_REASONS.tokenExpired, true);
      } else if (transport.kind !== 'LongPolling') {
        // Long polling has no pings either way: its polls are the keep-alive. A client that never pinged is never dropped for silence.
        if (connection.clientTimeoutStarted && now - connection.lastReceivedAt >= timing.clientTimeoutMs)
          this.close(connection, CLOSE_REASONS.clientTimeout, true);
        else if (now - connection.lastSentAt >= timing.keepAliveIntervalMs) this.write(connection, PING);
      }
    }
  }
}
