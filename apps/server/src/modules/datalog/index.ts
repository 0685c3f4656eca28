import type { FastifyInstance } from 'fastify';
import { dataLogRoutes } from './routes';

/** 数据日志 (issue 14): versions of tracked rows and their comparison. */
export async function dataLogModule(app: FastifyInstance) {
  await app.register(dataLogRoutes);
}
