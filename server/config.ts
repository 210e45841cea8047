import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { reminderPointsOf, type ReminderPoint } from './modules/partnerForms/reminderPoints';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** `embedded`: PostgreSQL started from npm's binaries in DATA_DIR/postgres; `pglite`: in-process; `postgres`: DATABASE_URL. */
  databaseEngine: DatabaseEngine;
  /** DATABASE_ENGINE named the engine: without it, the embedded default falls back to PGlite where it cannot run. */
  databaseEngineChosen: boolean;
  /** Connections of this instance's pool (PostgreSQL kinds). */
  databasePoolSize: number;
  /**
   * Which peers' `X-Forwarded-For` names the client (Fastify's `trustProxy`): none (false, the default), every one
   * (true), the last N hops, or these addresses and CIDRs. `request.ip` is then the client's, for the limits and logs.
   */
  trustProxy: TrustProxy;
  seed: 'demo' | 'none';
  /**
   * SECOND_FACTOR_ENROLMENT: `required` (the default) enforces the roles' "require a second factor" setting (a user
   * without one is led to enrol and refused everything else); `off` leaves it unenforced (the test servers, whose
   * demo Admin and Support sign in with a password alone).
   */
  secondFactorEnrolment: 'required' | 'off';
  smtpUrl?: string;
  mailFrom: string;
  publicUrl: string;
  /** SAML_CLOCK_SKEW_SECONDS: how far an identity provider's clock may be from ours for NotBefore/NotOnOrAfter (default 60). */
  samlClockSkewSeconds: number;
  jwtSecret: Uint8Array;
  staticDir?: string;
  logLevel: string;
  /** At info, one in this many quick successful reads is logged (1: every one). */
  logReadSample: number;
  limits: {
    tokenPerMinute: number;
    /** SCIM requests one provisioning token may make per minute (an identity provider's sync is bursty). */
    scimPerMinute: number;
    failedSignInsBeforeHold: number;
    signInHoldMinutes: number;
    forgotPasswordPerHour: number;
    /** How long a rotated refresh token answers its successor pair again (two tabs refreshing at once). */
    refreshGraceSeconds: number;
    /** A request's headers must be complete within this (else 408 and the socket closes). */
    headersTimeoutMs: number;
    /** A socket silent both ways this long is closed; above the hub's 90 s long poll. */
    idleTimeoutMs: number;
    /** A kept-alive socket between requests is closed after this; above a proxy's usual 60 s upstream idle. */
    keepAliveTimeoutMs: number;
    /** A request body slower than this on average over a window has its socket closed (0: no floor). */
    minBodyBytesPerSecond: number;
    /** The window over which a body's rate is measured. */
    bodyRateWindowMs: number;
    /** Connections one client address may hold waiting (no request yet, or idle); requests being answered do not count (0: no cap). */
    maxConnectionsPerAddress: number;
  };
  /** Where uploaded bytes live: DATA_DIR/files (`local`, one instance) or one S3 bucket every instance shares. */
  fileStore: FileStoreSettings;
  files: {
    /** The longest a grant may last (from → to), also the ceiling of a one-click extension. */
    grantMaxDays: number;
    /** What one click on "extend" adds to a grant's end. */
    extendDays: number;
    /** Whether this process ticks the daily file jobs (FILE_JOBS=off, and tests, call them with their own clock). */
    runJobs: boolean;
  };
  /** Reminders of partner forms not submitted (partnerFormReminders.ts); the job ticks where the file jobs do. */
  reminders: {
    /** Points relative to the due date: PARTNER_FORM_DUE_REMINDERS, default "-3d,-1d,+1d,+7d" (empty: none). */
    due: ReminderPoint[];
    /** Points after a return for changes not resubmitted: PARTNER_FORM_RETURNED_REMINDERS, default "+3d". */
    returned: ReminderPoint[];
  };
}

export type DatabaseEngine = 'embedded' | 'pglite' | 'postgres';

export type TrustProxy = boolean | number | string[];

/** TRUST_PROXY: unset, `false` or `off` (the default), `true`, a hop count such as `1`, or a comma list of addresses and CIDRs. */
export function trustProxyOf(given: string | undefined): TrustProxy {
  const value = (given ?? '').trim();
  if (value === '' || value === 'false' || value === 'off') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** A bucket on the S3 API (AWS, MinIO, R2, …); without keys, the AWS SDK's own chain (AWS_* variables, an instance role). */
export interface S3Settings {
  bucket: string;
  /** For a server other than AWS: `http://127.0.0.1:9000`. */
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `http://endpoint/bucket/key` rather than `http://bucket.endpoint/key`: what MinIO and most S3-compatible servers want. */
  forcePathStyle: boolean;
}

export type FileStoreSettings = { kind: 'local' } | ({ kind: 's3' } & S3Settings);

/** FILE_STORE=local (the default) or s3, with S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE. */
export function fileStoreSettingsOf(env: NodeJS.ProcessEnv): FileStoreSettings {
  const kind = env.FILE_STORE || 'local';
  if (kind === 'local') return { kind };
  if (kind !== 's3') throw new Error(`FILE_STORE=${kind}: use local (the default) or s3`);
  if (!env.S3_BUCKET) throw new Error('FILE_STORE=s3 needs S3_BUCKET (and S3_ENDPOINT for a server other than AWS)');
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  return {
    kind,
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT || undefined,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
  };
}

/** DATABASE_URL wins; else DATABASE_ENGINE, embedded by default. */
function databaseEngineOf(databaseUrl: string | undefined, given: string | undefined): DatabaseEngine {
  if (databaseUrl) return 'postgres';
  if (!given || given === 'embedded') return 'embedded';
  if (given === 'pglite') return 'pglite';
  throw new Error(`DATABASE_ENGINE=${given}: use embedded (the default), pglite, or set DATABASE_URL for a PostgreSQL server`);
}

/** The JWT secret: JWT_SECRET when given, else one made on first start and kept in DATA_DIR/jwt-secret. */
function loadJwtSecret(dataDir: string, given?: string): Uint8Array {
  if (given) return new TextEncoder().encode(given);
  const file = path.join(dataDir, 'jwt-secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, crypto.randomBytes(48).toString('base64url'), { mode: 0o600 });
  }
  return new TextEncoder().encode(fs.readFileSync(file, 'utf8').trim());
}

const int = (value: string | undefined, fallback: number) => (value && /^\d+$/.test(value) ? Number(value) : fallback);

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const dataDir = path.resolve(overrides.dataDir ?? env.DATA_DIR ?? 'data');
  const port = overrides.port ?? int(env.PORT, 8080);
  const databaseUrl = overrides.databaseUrl ?? (env.DATABASE_URL || undefined);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl,
    databaseEngine: databaseEngineOf(databaseUrl, env.DATABASE_ENGINE),
    databaseEngineChosen: Boolean(env.DATABASE_ENGINE),
    databasePoolSize: int(env.DATABASE_POOL_SIZE, 10),
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    secondFactorEnrolment: env.SECOND_FACTOR_ENROLMENT === 'off' ? 'off' : 'required',
    seed: env.SEED === 'none' ? 'none' : databaseUrl && env.SEED !== 'demo' ? 'none' : 'demo',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Partner Portal <no-reply@partner-portal.local>',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    samlClockSkewSeconds: Math.min(300, int(env.SAML_CLOCK_SKEW_SECONDS, 60)),
    jwtSecret: overrides.jwtSecret ?? loadJwtSecret(dataDir, env.JWT_SECRET),
    staticDir: env.STATIC_DIR ?? path.resolve('dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    logReadSample: Math.max(1, int(env.LOG_READ_SAMPLE, 10)),
    limits: {
      tokenPerMinute: int(env.RATE_TOKEN_PER_MINUTE, 30),
      scimPerMinute: int(env.RATE_SCIM_PER_MINUTE, 600),
      failedSignInsBeforeHold: int(env.SIGN_IN_FAILURES_BEFORE_HOLD, 5),
      signInHoldMinutes: int(env.SIGN_IN_HOLD_MINUTES, 15),
      forgotPasswordPerHour: int(env.RATE_FORGOT_PASSWORD_PER_HOUR, 5),
      refreshGraceSeconds: int(env.REFRESH_GRACE_SECONDS, 10),
      headersTimeoutMs: int(env.HEADERS_TIMEOUT_MS, 15_000),
      idleTimeoutMs: int(env.IDLE_TIMEOUT_MS, 120_000),
      keepAliveTimeoutMs: int(env.KEEP_ALIVE_TIMEOUT_MS, 72_000),
      minBodyBytesPerSecond: int(env.BODY_MIN_BYTES_PER_SECOND, 4096),
      bodyRateWindowMs: int(env.BODY_RATE_WINDOW_MS, 20_000),
      maxConnectionsPerAddress: int(env.MAX_CONNECTIONS_PER_ADDRESS, 4096),
    },
    fileStore: fileStoreSettingsOf(env),
    files: {
      grantMaxDays: int(env.FILE_GRANT_MAX_DAYS, 90),
      extendDays: int(env.FILE_GRANT_EXTEND_DAYS, 7),
      runJobs: env.FILE_JOBS !== 'off' && env.NODE_ENV !== 'test',
    },
    reminders: {
      due: reminderPointsOf(env.PARTNER_FORM_DUE_REMINDERS, '-3d,-1d,+1d,+7d', 'PARTNER_FORM_DUE_REMINDERS'),
      returned: reminderPointsOf(env.PARTNER_FORM_RETURNED_REMINDERS, '+3d', 'PARTNER_FORM_RETURNED_REMINDERS'),
    },
    ...overrides,
  };
}
