import type { FastifyInstance } from 'fastify';

// Dictionary and item management, dictionary sources, loadDict/loadDictItem/loadTreeData (issue 4).
export async function dictAdminRoutes(_app: FastifyInstance) {}
