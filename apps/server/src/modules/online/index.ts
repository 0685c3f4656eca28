import type { FastifyInstance } from 'fastify';

// Online reports read by the popup picker (issue 6).
export async function onlineModules(_app: FastifyInstance) {}
