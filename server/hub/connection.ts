import crypto from 'node:crypto';
import type { ImpersonatorClaim } from '../../contract/tokens';
import type { HubAccess } from './audience';
import type { RecordDelivery } from './backplane';

export type TransportKind = 'WebSockets' | 'ServerSentEvents' | 'LongPolling';

/** Where a connection's records go. Implementations never split one record. */
export interface Transport {
  readonly kind: TransportKind;
  /** Queues or writes one or more whole records. */
  write(records: string): void;
  /** Ends the transport once what was written has gone (long polling: on the next poll). */
  end(): void;
}

/** Who is on the other end, kept small: the full principal is loaded again when a method needs it. */
export interface HubUser {
  id: string;
  partnerId: string | null;
  fullName: string;
}

/** What the access token a connection started with says of its sign-in: ending it, or the impersonation ending, closes the connection. */
export interface ConnectionOrigin {
  /** The sign-in (access token `sid`). */
  signInId?: string;
  /** Who acts for the user when the token is an impersonation's (`act`): the hub's use is audited, and ends with their right to impersonate. */
  impersonator?: ImpersonatorClaim | null;
  /** The sign-in's identity provider vouched for its own MFA (access token `amr`): it stands for a second factor. */
  providerMfa?: boolean;
}

/** ASP.NET's ids: base64url of 16 random bytes, safe in `?id=` which the client does not encode. */
export const newConnectionId = () => crypto.randomBytes(16).toString('base64url');

/**
 * One negotiated connection. It deliberately holds no timers and no closures: the hub's single sweep
 * checks the timestamps, so thousands of connections cost a few hundred bytes each here.
 */
export class HubConnection {
  /** The public id other clients and groups see. */
  readonly id: string;
  /** The secret the client puts in `?id=`; equal to `id` for negotiate version 0. */
  readonly token: string;
  transport: Transport | null = null;
  handshakeDone = false;
  /** A Close was sent (long polling waits for the poll that carries it); nothing else is delivered. */
  closing = false;
  /** Removed from the hub; later requests get 404. */
  closed = false;
  readonly createdAt: number;
  attachedAt = 0;
  lastReceivedAt = 0;
  lastSentAt = 0;
  /** Groups this connection is in, mirrored by the hub's group index. */
  groups: string[] = [];
  /** An unfinished record left by the last chunk of input. */
  inbound = '';
  /** Invocations run one after another, in arrival order (ASP.NET's default of one at a time). */
  invocations: Promise<void> | null = null;
  /** The client has pinged: from now on its silence ends the connection (ASP.NET starts the client timeout here). */
  clientTimeoutStarted = false;
  /** Access re-checks in flight for this connection's user; meanwhile deliveries wait in `held`, in order. */
  accessChecks = 0;
  held: RecordDelivery[] | null = null;
  /** Records queued this tick, written together by the hub's flush. */
  outbox = '';
  /** The sign-in (access token `sid`) the connection was opened with: ending it closes the connection. */
  signInId: string | undefined = undefined;
  /** The impersonator when the connection is an impersonation's. */
  impersonator: ImpersonatorClaim | null = null;
  /** The sign-in's identity provider vouched for its own MFA (issue 37). */
  providerMfa = false;

  constructor(
    /** Who and what they may read, as of the last check (negotiate, then every change to their account or roles). */
    public user: HubUser,
    public access: HubAccess,
    /** When the access token behind the connection expires (ms since epoch). */
    public tokenExpiresAt: number,
    now: number,
    negotiateVersion: 0 | 1,
    /** Ids chosen by the hub: a signed token (connectionToken.ts), or the ones another instance negotiated. */
    ids?: { id: string; token: string },
  ) {
    this.id = ids?.id ?? newConnectionId();
    this.token = ids?.token ?? (negotiateVersion === 1 ? newConnectionId() : this.id);
    this.createdAt = now;
  }
}
