import type { AppConfig } from '../config';
import type { CaptchaService } from './auth/captcha';
import type { TokenService } from './auth/tokens';
import type { Db, DialectName } from './db/connect';
import type { Clock } from './db/time';
import type { FileStorage } from './storage/types';

/** The shared mechanisms every module may use, decorated on the app as `app.ctx`. */
export interface AppContext {
  config: AppConfig;
  db: Db;
  dialect: DialectName;
  clock: Clock;
  tokens: TokenService;
  captcha: CaptchaService;
  /** Uploaded and generated files, outside any served folder. */
  storage: FileStorage;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
