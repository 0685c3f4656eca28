import type { Migration, MigrationProvider } from 'kysely';
import { foundation } from './0001-foundation';
import { systemManagement } from './0002-system-management';
import { permissionEpoch } from './0005-permission-epoch';
import { users } from './0003-users';

/**
 * Every migration, in order. Later work appends entries here (never edits a released one);
 * the names sort in the order they must run.
 */
export const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-system-management': systemManagement,
  '0005-permission-epoch': permissionEpoch,
  '0003-users': users,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
