import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../../core/crud';
import { positionResource } from './resource';

export async function positionRoutes(app: FastifyInstance) {
  registerResource(app, positionResource, { db: app.ctx.db, storage: app.ctx.storage });
}
