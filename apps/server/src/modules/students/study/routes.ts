import type { FastifyInstance } from 'fastify';

/** What students and teachers do in the area (filled in by the study work). */
export async function studyRoutes(_app: FastifyInstance) {}
