import type { FastifyInstance } from 'fastify';

export async function addressBookRoutes(_app: FastifyInstance) {}
