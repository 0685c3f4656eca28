import type { FastifyInstance } from 'fastify';

// Category tree management and its loaders (issue 4).
export async function categoryRoutes(_app: FastifyInstance) {}
