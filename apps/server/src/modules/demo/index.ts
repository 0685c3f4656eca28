import type { FastifyInstance } from 'fastify';
import { orderRoutes } from './order/routes';

// Demo modules: the one-to-many order behind the editable grid demo (issue 5).
export async function demoModules(app: FastifyInstance) {
  await app.register(orderRoutes);
}
