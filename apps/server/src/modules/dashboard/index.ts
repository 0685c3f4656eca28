import type { FastifyInstance } from 'fastify';
import { dashboardRoutes } from './routes';

/** 首页 and 工作台 figures beyond the original's /sys/loginfo and /sys/visitInfo (issue 17). */
export async function dashboardModule(app: FastifyInstance) {
  await app.register(dashboardRoutes);
}
