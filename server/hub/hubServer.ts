import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '../core/errors';
import type { Principal } from '../core/guard';
import type { Backplane, HubDelivery } from './backplane';
import { HubConnection, type HubUser, type Transport } from './connection';
import { hubGroups } from './groups';
import { HubError, type HubCall, type HubMethod } from './methods';
import {
  HANDSHAKE_ACCEPTED,
  MessageType,
  PING,
  checkHandshake,
  closeRecord,
  completionRecord,
  handshakeRefusal,
  invocationRecord,
  parseMessage,
  splitRecords,
  type InvocationMessage,
} from './protocol';
import { LongPollingTransport } from './transports';

/** The hub's clock, ASP.NET's defaults unless told otherwise (tests shrink them to milliseconds). */
export interface HubTiming {
  /** A ping goes out after this long without sending anything (KeepAliveInterval). */
  keepAliveIntervalMs: number;
  /** A WebSocket or SSE client silent this long is dropped (ClientTimeoutInterval). */
  clientTimeoutMs: number;
  /** The handshake must arrive this soon after the transport starts (HandshakeTimeout). */
  handshakeTimeoutMs: number;
  /** A long poll is held this long, then answered empty; under the client's 100 s HTTP timeout (PollTimeout). */
  longPollTimeoutMs: number;
  /** A negotiated connection without a transport, or a long-polling one without a poll, goes after this (DisconnectTimeout). */
  disconnectTimeoutMs: number;
}

export const DEFAULT_HUB_TIMING: HubTiming = {
  keepAliveIntervalMs: 15_000,
  clientTimeoutMs: 30_000,
  handshakeTimeoutMs: 15_000,
  longPollTimeoutMs: 90_000,
  disconnectTimeoutMs: 15_000,
};

/** The largest message a client may send, and the largest unfinished record kept between chunks. */
export const MAX_MESSAGE_BYTES = 64 * 1024;

export const CLOSE_REASONS = {
  tokenExpired: 'Unauthorized: the access token has expired.',
  clientTimeout: 'Client timeout elapsed without receiving a message from the client.',
  protocolError: 'Connection closed with an error.',
  shutdown: 'The server is shutting down.',
} as const;

export interface HubServerOptions {
  timing: HubTiming;
  methods: Record<string, HubMethod>;
  backplane: Backplane;
  log: FastifyBaseLogger;
  loadPrincipal(userId: string): Promise<Principal | null>;
}

export interface HubStats {
  connections: number;
  groups: number;
}

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

  constructor(private readonly options: HubServerOptions) {
    // ASP.NET matches method names case-insensitively.
    for (const [name, method] of Object.entries(options.methods)) this.methods.set(name.toLowerCase(), method);
    options.backplane.subscribe((delivery) => this.deliverLocally(delivery));
    const { timing } = options;
    const shortest = Math.min(timing.keepAliveIntervalMs, timing.clientTimeoutMs, timing.handshakeTimeoutMs, timing.longPollTimeoutMs, timing.disconnectTimeoutMs);
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

  negotiate(user: HubUser, tokenExpiresAt: number, negotiateVersion: 0 | 1): HubConnection {
    // Shutting down: a connection made now would hold the server open.
    if (this.stopped) throw new ApiError(503, 'api.serverError');
    const connection = new HubConnection(user, tokenExpiresAt, Date.now(), negotiateVersion);
    this.connections.set(connection.token, connection);
    return connection;
  }

  /** The connection behind a `?id=` value, while it is not closed. */
  find(connectionToken: string): HubConnection | undefined {
    return this.connections.get(connectionToken);
  }

  attach(connection: HubConnection, transport: Transport) {
    const now = Date.now();
    connection.transport = transport;
    connection.attachedAt = now;
    connection.lastReceivedAt = now;
    connection.lastSentAt = now;
  }

  /** Hands a delivery to every instance through the backplane; if that fails, this instance still delivers. */
  publish(delivery: HubDelivery) {
    this.options.backplane.publish(delivery).catch((error: unknown) => {
      this.options.log.warn({ err: error }, 'realtime backplane publish failed; delivered on this instance only');
      this.deliverLocally(delivery);
    });
  }

  /** Text a transport received: whole records are handled in order, an unfinished one waits for the rest. */
  receive(connection: HubConnection, text: string) {
    if (connection.closing) return;
    connection.lastReceivedAt = Date.now();
    const { records, rest } = splitRecords(connection.inbound + text);
    if (rest.length > MAX_MESSAGE_BYTES) return this.close(connection, CLOSE_REASONS.protocolError, false);
    connection.inbound = rest;
    for (const record of records) {
      if (connection.closing) return;
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
      // Pings only refresh lastReceivedAt; completions, stream items, cancels, acks and sequences are ignored.
    }
  }

  /** Sends a Close record, then ends the transport (long polling: once the next poll has carried it). */
  close(connection: HubConnection, error: string | undefined, allowReconnect: boolean) {
    this.finish(connection, closeRecord(error, allowReconnect));
  }

  /** Forgets a connection at once: groups left, transport ended, later requests get 404. */
  remove(connection: HubConnection) {
    if (connection.closed) return;
    connection.closed = true;
    connection.closing = true;
    this.connections.delete(connection.token);
    this.leaveAll(connection);
    connection.transport?.end();
  }

  /** Server shutdown: every client is told it may reconnect (to another instance or this one restarted). */
  stop() {
    this.stopped = true;
    clearInterval(this.sweepTimer);
    for (const connection of this.connections.values()) {
      if (connection.handshakeDone) this.close(connection, CLOSE_REASONS.shutdown, true);
      this.remove(connection);
    }
  }

  private finish(connection: HubConnection, lastRecord: string) {
    if (connection.closing) return;
    connection.closing = true;
    this.leaveAll(connection);
    this.write(connection, lastRecord);
    if (connection.transport instanceof LongPollingTransport) connection.transport.end();
    else this.remove(connection);
  }

  private handshake(connection: HubConnection, record: string) {
    const refusal = checkHandshake(record);
    if (refusal) return this.finish(connection, handshakeRefusal(refusal));
    this.write(connection, HANDSHAKE_ACCEPTED);
    connection.handshakeDone = true;
    const { user } = connection;
    this.join(connection, hubGroups.user(user.id));
    this.join(connection, user.partnerId ? hubGroups.partner(user.partnerId) : hubGroups.staff);
  }

  private write(connection: HubConnection, records: string) {
    if (!connection.transport || connection.closed) return;
    connection.lastSentAt = Date.now();
    connection.transport.write(records);
  }

  private deliverLocally({ groups, record, except }: HubDelivery) {
    // A connection in two of the groups hears the message once.
    const seen = groups.length > 1 ? new Set<HubConnection>() : null;
    for (const group of groups) {
      const members = this.groups.get(group);
      if (!members) continue;
      for (const connection of members) {
        if (connection.id === except) continue;
        if (seen) {
          if (seen.has(connection)) continue;
          seen.add(connection);
        }
        this.write(connection, record);
      }
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
    for (const group of [...connection.groups]) this.leave(connection, group);
  }

  /** Invocations of one connection run one at a time, in the order they came. */
  private enqueue(connection: HubConnection, message: InvocationMessage) {
    const run = () => this.invoke(connection, message);
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
      outcome = { error: failedToInvoke(target, `InvalidDataException: Invocation provides ${message.arguments.length} argument(s) but target expects ${method.arity}.`) };
    } else {
      try {
        outcome = { result: await method.invoke(this.callOf(connection), message.arguments) };
      } catch (error) {
        if (!(error instanceof HubError)) this.options.log.error({ err: error, target }, 'realtime hub method failed');
        outcome = { error: errorInvoking(target, error instanceof HubError ? error.message : undefined) };
      }
    }
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
      sendToOthersInGroup: (group, method, payload) => this.publish({ groups: [group], record: invocationRecord(method, [payload]), except: connection.id }),
    };
  }

  /** Every deadline of every connection, checked by one timer instead of several per connection. */
  private sweep(now: number) {
    const { timing } = this.options;
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
        // Long polling has no pings either way: its polls are the keep-alive.
        if (now - connection.lastReceivedAt >= timing.clientTimeoutMs) this.close(connection, CLOSE_REASONS.clientTimeout, true);
        else if (now - connection.lastSentAt >= timing.keepAliveIntervalMs) this.write(connection, PING);
      }
    }
  }
}
