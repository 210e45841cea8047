import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/client';
import type { Mailer } from './mail/mailer';
import type { EventBus } from './core/events';

/** What every module is given when it is registered (no globals). */
export interface AppContext {
  config: Config;
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  events: EventBus;
}
