import type { FastifyInstance } from 'fastify';

export async function departAdminRoutes(_app: FastifyInstance) {}
