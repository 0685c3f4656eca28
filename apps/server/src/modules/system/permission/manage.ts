import type { FastifyInstance } from 'fastify';

export async function permissionAdminRoutes(_app: FastifyInstance) {}
