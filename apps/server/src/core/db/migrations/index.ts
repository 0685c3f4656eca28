import type { Migration, MigrationProvider } from 'kysely';
import { foundation } from './0001-foundation';
import { systemManagement } from './0002-system-management';
import { users } from './0003-users';
import { permissionEpoch } from './0005-permission-epoch';

/**
 * Every migration, in the order of their names, which is the order they run. Later work adds entries
 * (never edits a released one).
 */
export const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-system-management': systemManagement,
  '0003-users': users,
  '0005-permission-epoch': permissionEpoch,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
