import type { FastifyInstance } from 'fastify';

// GET /sys/duplicate/check over declared tables and fields (issue 4).
export async function duplicateRoutes(_app: FastifyInstance) {}
