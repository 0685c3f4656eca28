import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../../core/crud';
import { questionSheetResource, theoryQuestionResource } from './question';

/** Back-office resources of the area's content, under /students/<entity> (permission prefix students:<entity>). */
export async function contentRoutes(app: FastifyInstance) {
  const deps = { db: app.ctx.db, storage: app.ctx.storage };
  registerResource(app, theoryQuestionResource, deps);
  registerResource(app, questionSheetResource, deps);
}
