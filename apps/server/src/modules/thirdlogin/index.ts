import type { FastifyInstance } from 'fastify';
import { casRoutes } from './cas';
import { thirdLoginRoutes } from './routes';

/** Sign-in through another party (issue 16): OpenID Connect providers and CAS single sign-on. */
export async function thirdLoginModule(app: FastifyInstance) {
  await app.register(thirdLoginRoutes);
  await app.register(casRoutes);
}
