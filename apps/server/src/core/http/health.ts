import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { BizError } from '../errors';
import { ok } from './envelope';

/** GET {apiBase}/health: answers once the database responds (load balancers and start scripts poll it). */
export async function healthRoutes(app: FastifyInstance, opts: { db: Db }): Promise<void> {
  app.get('/health', { config: { public: true }, schema: { tags: ['system'], summary: '健康检查' } }, async () => {
    try {
      await sql`select 1`.execute(opts.db);
    } catch {
      throw new BizError('数据库不可用', { status: 503 });
    }
    return ok({ status: 'UP' });
  });
}
