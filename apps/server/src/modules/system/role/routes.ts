import type { FastifyInstance } from 'fastify';

export async function roleRoutes(_app: FastifyInstance) {}
