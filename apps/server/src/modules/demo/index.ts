import type { FastifyInstance } from 'fastify';

// Demo modules: the one-to-many order behind the editable grid demo (issue 5).
export async function demoModules(_app: FastifyInstance) {}
