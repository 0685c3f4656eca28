import type { FastifyInstance } from 'fastify';

/** Back-office resources of the area's content (filled in by the content work). */
export async function contentRoutes(_app: FastifyInstance) {}
