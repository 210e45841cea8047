import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db, EngineInUse } from './db/client';
import type { Mailer } from './mail/mailer';
import type { EventBus } from './core/events';
import type { FileStore } from './files/fileStore';

/** What every module is given when it is registered (no globals). */
export interface AppContext {
  config: Config;
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  events: EventBus;
  /** Uploaded bytes (attachments, avatars), each kind in its own area: `files.area('attachments')`. */
  files: FileStore;
  /** The database engine in use, and why when it is a fallback (said in the ready line and by `/api/ready`). */
  engine: EngineInUse;
  /** Set once a stop began: `/api/ready` answers 503 from then on, so balancers send new requests elsewhere. */
  draining: boolean;
  /** Whether this instance hears other instances' events (its LISTEN link is up); absent with a single in-process instance. */
  listening?: () => boolean;
}
