import type { FastifyInstance } from 'fastify';
import { callerOf, permissionOf, registerResource, ResourceError } from '../../../core/crud';
import { ok } from '../../../core/http';
import { orderResource, toNumber } from './resource';

export async function orderRoutes(app: FastifyInstance) {
  const { db } = app.ctx;
  const svc = registerResource(app, orderResource, { db, storage: app.ctx.storage });

  // The order with its lines in their saved order (order_num).
  app.get(`${orderResource.path}/queryById`, { config: { permission: permissionOf(orderResource, 'list') } }, async (req) => {
    const id = (req.query as { id?: unknown }).id;
    if (typeof id !== 'string' || !id || id.length > 64) throw new ResourceError('缺少id');
    const order = await svc.getById(db, callerOf(req), id);
    const lines = await db
      .selectFrom('demoOrderLine')
      .select(['id', 'product', 'price', 'quantity', 'lineDate', 'orderNum', 'remark'])
      .where('orderId', '=', id)
      .orderBy('orderNum')
      .execute();
    return ok({ ...order, lines: lines.map((l) => ({ ...l, price: toNumber(l.price) })) });
  });
}
