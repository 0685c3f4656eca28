import type { FastifyInstance } from 'fastify';

export async function userAdminRoutes(_app: FastifyInstance) {}
