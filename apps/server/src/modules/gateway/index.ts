import type { FastifyInstance } from 'fastify';
import { gatewayRoutes } from './routes';

/** 路由网关 (issue 14): routes stored in sys_gateway_route, proxied under /api/gateway/<routerId>/. */
export async function gatewayModule(app: FastifyInstance) {
  await app.register(gatewayRoutes);
}
export { GATEWAY_PREFIX } from './routes';
