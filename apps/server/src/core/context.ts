import type { AppConfig } from '../config';
import type { PermissionEpochs } from './access/epoch';
import type { MessageBus } from './bus';
import type { CaptchaService } from './auth/captcha';
import type { LoginAttemptStore } from './auth/login-attempts';
import type { TokenService } from './auth/tokens';
import type { Db, DialectName } from './db/connect';
import type { Clock } from './db/time';
import type { SharedRedis } from './redis/shared-redis';
import type { FileStorage } from './storage/types';

/** The shared mechanisms every module may use, decorated on the app as `app.ctx`. */
export interface AppContext {
  config: AppConfig;
  db: Db;
  dialect: DialectName;
  clock: Clock;
  tokens: TokenService;
  captcha: CaptchaService;
  /** Sign-in lock-out counters (core/auth/login-attempts.ts): in the database, or Redis when configured. */
  loginAttempts: LoginAttemptStore;
  /** The epoch permission caches compare with (core/access/epoch.ts). */
  permissionEpochs: PermissionEpochs;
  /** Messages between server nodes: Redis publish/subscribe when configured, else within this process. */
  bus: MessageBus;
  /** The shared Redis of several nodes (REDIS_URL), absent on a single node. */
  redis?: SharedRedis;
  /** Secret of request signatures (X-Sign): SIGNATURE_SECRET or the install's own (core/auth/request-signature.ts). */
  signatureSecret: string;
  /** Uploaded and generated files, outside any served folder. */
  storage: FileStorage;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
