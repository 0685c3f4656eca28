import type { FastifyInstance } from 'fastify';
import { dataSourceRoutes } from './routes';

/** 多数据源管理 (issue 14): external PostgreSQL, MySQL/MariaDB and SQLite databases, passwords sealed at rest. */
export async function dataSourceModule(app: FastifyInstance) {
  await app.register(dataSourceRoutes);
}
export { dataSourcesOf, DataSources } from './routes';
export { PasswordBox, PASSWORD_MASK } from './password-box';
export { runReadOnlyQuery, sourcePolicy, targetOf, testConnection, type SourcePolicy } from './connection';
