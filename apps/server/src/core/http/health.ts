import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import type { SharedRedis } from '../redis/shared-redis';
import { BizError } from '../errors';
import { ok } from './envelope';

const DB_TIMEOUT_MS = 2000;

/** True when the database answers `select 1` within the timeout. */
async function databaseAnswers(db: Db): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((done) => (timer = setTimeout(() => done(false), DB_TIMEOUT_MS)));
  try {
    return await Promise.race([sql`select 1`.execute(db).then(() => true), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET {apiBase}/health: answers once the database responds (start scripts poll it). Both answer a failure with
 * its HTTP status (503), not the business envelope's 200, since balancers read the status.
 * GET {apiBase}/ready: 200 only while the database and, when configured, Redis answer, else 503; a load
 * balancer takes a node out of rotation on 503. Neither says which part failed (public, nothing to learn).
 */
export async function healthRoutes(app: FastifyInstance, opts: { db: Db; redis?: SharedRedis }): Promise<void> {
  app.get('/health', { config: { public: true, httpStatusErrors: true }, schema: { tags: ['system'], summary: '健康检查' } }, async () => {
    try {
      await sql`select 1`.execute(opts.db);
    } catch {
      throw new BizError('数据库不可用', { status: 503 });
    }
    return ok({ status: 'UP' });
  });

  app.get('/ready', { config: { public: true, httpStatusErrors: true }, schema: { tags: ['system'], summary: '就绪检查' } }, async () => {
    const [database, redis] = await Promise.all([databaseAnswers(opts.db), opts.redis ? opts.redis.answers() : true]);
    if (!database || !redis) throw new BizError('服务未就绪', { status: 503, code: 503 });
    return ok({ status: 'UP' });
  });
}
