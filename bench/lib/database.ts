// The database a bench runs on: PostgreSQL with BENCH_DATABASE_URL (a schema of its own, dropped by close),
// else the SQLite file given. Migrated and seeded as a first start would.
import pg from 'pg';
import { connectDatabase, migrateToLatest, seedDatabase, type DbHandle } from '../../apps/server/src/core/db';

export const BENCH_PG_URL = process.env.BENCH_DATABASE_URL;

export interface BenchDatabase {
  handle: DbHandle;
  /** PostgreSQL only: a connection of its own, for bulk seeding, and the bench's schema. */
  admin?: pg.Client;
  schema: string;
  close(): Promise<void>;
}

export async function openBenchDatabase(prefix: string, sqliteFile: string, adminPassword: string | undefined): Promise<BenchDatabase> {
  const schema = `${prefix}_${process.pid}`;
  let admin: pg.Client | undefined;
  if (BENCH_PG_URL) {
    admin = new pg.Client({ connectionString: BENCH_PG_URL });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
  }
  const handle = BENCH_PG_URL ? connectDatabase({ databaseUrl: BENCH_PG_URL, pgSearchPath: schema, poolSize: 10 }) : connectDatabase({ sqliteFile });
  await migrateToLatest(handle.db);
  await seedDatabase(handle.db, { adminPassword });
  return {
    handle,
    admin,
    schema,
    close: async () => {
      await handle.close();
      if (admin) {
        await admin.query(`drop schema ${schema} cascade`);
        await admin.end();
      }
    },
  };
}
