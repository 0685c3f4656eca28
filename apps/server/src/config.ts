import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';

/** The repository root, found from this file so defaults work from any working directory. */
export const REPO_ROOT = resolve(import.meta.dirname, '../../..');

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?|mysql|mariadb):\/\//, 'must start with postgres://, postgresql://, mysql:// or mariadb://')
    .optional(),
  API_BASE: z
    .string()
    .regex(/^\/[A-Za-z0-9_\-/]*[A-Za-z0-9_-]$/, 'must start with / and not end with /')
    .default('/api'),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  LOGIN_CAPTCHA: z.enum(['on', 'off']).default('on'),
  /** Self-registration at /user/register (phone code required); off unless switched on. */
  REGISTRATION: z.enum(['on', 'off']).default('off'),
  DEMO_DATA: z.enum(['on', 'off']).default('on'),
  /** The older name of DEMO_DATA, for the student area's sample only; `off` still turns that off. */
  SAMPLE_CONTENT: z.enum(['on', 'off']).default('on'),
  APP_TITLE: z.string().min(1).default('安学云'),
  WEB_DIST: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  /** json lines, or pretty (readable) ones; absent: pretty on a terminal, json otherwise. */
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  /** Request lines: debug (default: only refused, failed and slow requests show at LOG_LEVEL=info), info (every one) or off. */
  LOG_REQUESTS: z.enum(['off', 'info', 'debug']).default('debug'),
  UPLOAD_MAX_MB: z.coerce.number().int().min(1).max(1024).default(10),
  UPLOAD_VIDEO_MAX_MB: z.coerce.number().int().min(1).max(2048).default(200),
  API_DOCS: z.enum(['off', 'on', 'public']).default('off'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  REDIS_PREFIX: z.string().regex(/^[A-Za-z0-9:_.-]{0,64}$/, 'letters, digits and : _ . - only (at most 64)').default('anxue:'),
  TRUST_PROXY: z
    .string()
    .regex(/^(on|off|[0-9A-Fa-f.:/]+(\s*,\s*[0-9A-Fa-f.:/]+)*)$/, 'must be on, off or a comma list of proxy addresses')
    .default('off'),
  SMTP_HOST: z.string().min(1).optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  SMTP_SECURE: z.enum(['on', 'off']).default('off'),
  SMTP_USER: z.string().min(1).optional(),
  SMTP_PASSWORD: z.string().optional(),
  SMTP_FROM: z.string().min(3).optional(),
  SMS_PROVIDER: z.enum(['log']).default('log'),
  /** Secret of request signatures (X-Sign); absent: one generated per install. */
  SIGNATURE_SECRET: z.string().min(8).max(200).optional(),
  WEBHOOK_PRIVATE_HOSTS: z.enum(['on', 'off']).default('off'),
  OIDC_PRIVATE_HOSTS: z.enum(['on', 'off']).default('off'),
  DATASOURCE_PRIVATE_HOSTS: z.enum(['on', 'off']).default('off'),
  CAS_SERVER_URL: z.string().regex(/^https?:\/\/[^\s]+$/, 'must be an http(s) address').optional(),
  FILE_VIEW_DOMAIN: z.string().regex(/^https?:\/\/[^\s]+$/, 'must be an http(s) address').optional(),
  /** Unknown certificate codes one client address may try per hour at the public check (0: no limit). */
  CERT_VERIFY_MISSES_PER_HOUR: z.coerce.number().int().min(0).max(1_000_000).default(20),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.string().url('must be an http(s) address').optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ACCESS_KEY: z.string().min(1).optional(),
  S3_SECRET_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['on', 'off']).default('on'),
});

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; when absent the SQLite file `sqliteFile` is used. */
  databaseUrl?: string;
  sqliteFile: string;
  apiBase: string;
  adminPassword?: string;
  loginCaptcha: boolean;
  /** Visitors may register an account themselves (REGISTRATION=on); off by default. */
  registration: boolean;
  /**
   * Seed the demo data on a fresh install (once, never over existing rows): departments, people with roles,
   * positions, orders, and the student area's sample course, questions and hazard pictures.
   */
  demoData: boolean;
  /** Seed the student area's sample (off with DEMO_DATA=off or the older SAMPLE_CONTENT=off). */
  sampleContent: boolean;
  appTitle: string;
  webDist: string;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Absent: readable on a terminal, JSON lines otherwise (core/logging). */
  logFormat?: 'json' | 'pretty';
  logRequests: 'off' | 'info' | 'debug';
  /** Largest file POST /sys/common/upload accepts. */
  /** Largest video (mp4, webm) an upload accepts: lessons are minutes long, so more than other files. */
  uploadVideoMaxBytes: number;
  uploadMaxBytes: number;
  /**
   * The API document at {apiBase}/docs: `off` (default) not served at all, `on` only to a signed-in
   * user (X-Access-Token), `public` to anyone (development only). See core/http/docs.ts.
   */
  apiDocs: 'off' | 'on' | 'public';
  /**
   * Fastify's trustProxy: whether X-Forwarded-For names the client. Off by default, so the client
   * address (used by the sign-in lock-out, per account and address) cannot be forged by a header; set
   * it when the server runs behind a reverse proxy, else every client shares the proxy's address.
   */
  trustProxy: boolean | string;
  /**
   * Redis shared by several server nodes: the message bus (announcement pushes reach sockets held by any
   * node), session tokens, captcha answers, sign-in lock-out counters and the permission epoch. When
   * absent the bus stays inside this process and the rest lives in the database, right for a single node.
   */
  redisUrl?: string;
  /** Start of every Redis key this install writes (several installs, or parallel tests, can share one Redis). */
  redisPrefix: string;
  /**
   * Outgoing e-mail of message templates: none when SMTP_HOST is unset (e-mail messages then fail with
   * a clear error). secure = TLS from the first byte (port 465 by default); otherwise STARTTLS when the
   * server offers it (port 587 by default).
   */
  smtp?: { host: string; port: number; secure: boolean; user?: string; password?: string; from: string };
  /** Who delivers SMS: `log` writes the text to the server log (no outside service). */
  smsProvider: 'log';
  /**
   * Secret of the request signatures (X-Sign, X-TIMESTAMP) the signed calls carry; absent, one is generated per
   * install. An install serving the original client sets the secret fixed in that client's source.
   */
  signatureSecret?: string;
  /** CAS single sign-on server (e.g. https://cas.school.cn/cas); tickets are validated there. Unset: CAS sign-in is refused. */
  casServerUrl?: string;
  /** A kkFileView server the original client opens comment files with (/sys/comment/getFileViewDomain). */
  fileViewDomain?: string;
  /**
   * Webhooks may reach loopback, private and link-local addresses (`on`). Off by default: a template editor
   * must not be able to make the server call into its own network.
   */
  webhookPrivateHosts: boolean;
  /**
   * OpenID Connect issuers of third-party sign-in (and the token, key and user-info addresses they publish)
   * may be loopback, private or link-local (`on`, e.g. a Keycloak inside the network). Off by default.
   */
  oidcPrivateHosts: boolean;
  /**
   * Data sources may name a host that is or resolves to loopback, private or link-local (`on`, e.g. a
   * reporting database inside the network). Off by default: a data source editor must not probe the
   * server's own network. The install's own database is refused either way.
   */
  datasourcePrivateHosts: boolean;
  /**
   * Where uploads are kept: `local` (default) under DATA_DIR/upload, or `s3` in an S3-compatible bucket
   * (AWS S3, MinIO, …); the S3 settings are required when the driver is s3.
   */
  storage: { driver: 'local' } | { driver: 's3'; s3: S3Settings };
  /**
   * Unknown codes one client address may try per hour at the public certificate check; past it every
   * check from that address is refused until the hour has passed, so guessing codes costs time. 0: no limit.
   */
  certVerifyMissesPerHour: number;
}

export interface S3Settings {
  /** Address of an S3-compatible server; absent for AWS S3 itself. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path rather than the host name (MinIO and most self-hosted servers). */
  forcePathStyle: boolean;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/**
 * Reads the configuration from environment variables. Relative paths given by the user are resolved
 * against the directory npm was started from (INIT_CWD), else the working directory, so `DATA_DIR=./data
 * npm start` at the repository root means the root's ./data even though npm runs the workspace elsewhere.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // Empty variables count as unset, as shells and CI files often leave them empty.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.STORAGE_DRIVER === 's3') {
    const absent = (['S3_BUCKET', 'S3_ACCESS_KEY', 'S3_SECRET_KEY'] as const).filter((k) => !e[k]);
    if (absent.length) throw new ConfigError(`Invalid configuration:\n${absent.map((k) => `  ${k}: required when STORAGE_DRIVER is s3`).join('\n')}`);
  }
  const base = env.INIT_CWD || process.cwd();
  const fromUser = (p: string) => (isAbsolute(p) ? p : resolve(base, p));
  const dataDir = e.DATA_DIR ? fromUser(e.DATA_DIR) : resolve(REPO_ROOT, 'data');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    sqliteFile: resolve(dataDir, 'app.db'),
    apiBase: e.API_BASE,
    adminPassword: e.ADMIN_PASSWORD,
    loginCaptcha: e.LOGIN_CAPTCHA === 'on',
    registration: e.REGISTRATION === 'on',
    demoData: e.DEMO_DATA === 'on',
    sampleContent: e.DEMO_DATA === 'on' && e.SAMPLE_CONTENT === 'on',
    appTitle: e.APP_TITLE,
    webDist: e.WEB_DIST ? fromUser(e.WEB_DIST) : resolve(REPO_ROOT, 'apps/web/dist'),
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    logRequests: e.LOG_REQUESTS,
    uploadMaxBytes: e.UPLOAD_MAX_MB * 1024 * 1024,
    uploadVideoMaxBytes: e.UPLOAD_VIDEO_MAX_MB * 1024 * 1024,
    apiDocs: e.API_DOCS,
    trustProxy: e.TRUST_PROXY === 'on' ? true : e.TRUST_PROXY === 'off' ? false : e.TRUST_PROXY,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    smtp: e.SMTP_HOST
      ? {
          host: e.SMTP_HOST,
          port: e.SMTP_PORT ?? (e.SMTP_SECURE === 'on' ? 465 : 587),
          secure: e.SMTP_SECURE === 'on',
          user: e.SMTP_USER,
          password: e.SMTP_PASSWORD,
          from: e.SMTP_FROM ?? e.SMTP_USER ?? `noreply@${e.SMTP_HOST}`,
        }
      : undefined,
    smsProvider: e.SMS_PROVIDER,
    signatureSecret: e.SIGNATURE_SECRET,
    casServerUrl: e.CAS_SERVER_URL?.replace(/\/+$/, ''),
    fileViewDomain: e.FILE_VIEW_DOMAIN,
    webhookPrivateHosts: e.WEBHOOK_PRIVATE_HOSTS === 'on',
    oidcPrivateHosts: e.OIDC_PRIVATE_HOSTS === 'on',
    datasourcePrivateHosts: e.DATASOURCE_PRIVATE_HOSTS === 'on',
    certVerifyMissesPerHour: e.CERT_VERIFY_MISSES_PER_HOUR,
    storage:
      e.STORAGE_DRIVER === 's3'
        ? {
            driver: 's3',
            s3: {
              endpoint: e.S3_ENDPOINT,
              region: e.S3_REGION,
              bucket: e.S3_BUCKET!,
              accessKeyId: e.S3_ACCESS_KEY!,
              secretAccessKey: e.S3_SECRET_KEY!,
              forcePathStyle: e.S3_FORCE_PATH_STYLE === 'on',
            },
          }
        : { driver: 'local' },
  };
}
