import type { FastifyInstance } from 'fastify';
import { logRoutes } from './routes';

/** 日志管理 and the dashboard's visit figures (issue 14). The operation log hook is installed on the root app. */
export async function logModule(app: FastifyInstance) {
  await app.register(logRoutes);
}
export { installOperationLog, LOG_TYPE } from './operation-log';
export { maskSecrets } from './mask';
