import { Migrator } from 'kysely';
import type { Db } from './connect';
import { migrationProvider } from './migrations';

/** Brings the schema up to date. Migrations are written with snake_case names, so they run without the CamelCasePlugin. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  // Work landing in parallel may number its migrations below one already applied elsewhere.
  const migrator = new Migrator({ db: db.withoutPlugins(), provider: migrationProvider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`Database migration ${failed ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
