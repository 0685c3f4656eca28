import type { FastifyInstance } from 'fastify';

// Fill rules and their execution by code (issue 4).
export async function fillRuleRoutes(_app: FastifyInstance) {}
