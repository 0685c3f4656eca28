import type { FastifyInstance } from 'fastify';
import { cgreportRoutes } from './cgreport/routes';

// Online reports read by the popup picker (issue 6); the report designer comes with a later issue.
export async function onlineModules(app: FastifyInstance) {
  await app.register(cgreportRoutes);
}
