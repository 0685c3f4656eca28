import type { FastifyInstance } from 'fastify';
import { ossFileRoutes } from './routes';

/** 文件管理 (issue 14): the stored files list, upload, delete, through the configured storage driver. */
export async function ossModule(app: FastifyInstance) {
  await app.register(ossFileRoutes);
}
