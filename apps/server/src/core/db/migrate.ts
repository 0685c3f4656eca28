import { Migrator, PostgresAdapter, sql } from 'kysely';
import type { Db } from './connect';
import { migrationProvider } from './migrations';

/** Brings the schema up to date. Migrations are written with snake_case names, so they run without the CamelCasePlugin. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  // Work landing in parallel may number its migrations below one already applied elsewhere.
  const plain = db.withoutPlugins();
  // On PostgreSQL, Kysely looks for its bookkeeping tables in every schema; name ours, so another
  // schema's (another install or test on the same server) is never taken for it.
  const schema = plain.getExecutor().adapter instanceof PostgresAdapter ? (await sql<{ s: string }>`select current_schema() as s`.execute(plain)).rows[0]?.s : undefined;
  const migrator = new Migrator({ db: plain, provider: migrationProvider, allowUnorderedMigrations: true, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`Database migration ${failed ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
