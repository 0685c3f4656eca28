import type { FastifyInstance } from 'fastify';

// Check rules and checkByCode (issue 4).
export async function checkRuleRoutes(_app: FastifyInstance) {}
