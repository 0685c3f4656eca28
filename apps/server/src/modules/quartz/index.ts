import type { FastifyInstance } from 'fastify';
import { quartzRoutes } from './routes';

/** 定时任务 (issue 14): the scheduler, its shipped job handlers and the original's /sys/quartzJob/* calls. */
export async function quartzModule(app: FastifyInstance) {
  await app.register(quartzRoutes);
}
export { schedulerOf } from './routes';
export { JOB_CLASS } from './handlers';
