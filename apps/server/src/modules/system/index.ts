import type { FastifyInstance } from 'fastify';
import { commonRoutes } from '../common/routes';
import { positionRoutes } from './position/routes';

/** System-management modules built on the resource framework (issue 3). */
export async function systemModules(app: FastifyInstance) {
  await app.register(commonRoutes);
  await app.register(positionRoutes);
}
