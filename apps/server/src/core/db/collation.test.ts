// The start-up notice about a PostgreSQL database that sorts text by a locale (docs/deploy.md asks for
// lc_collate 'C'): given for such a database, not for a byte-wise one, nor on SQLite. PostgreSQL part with
// TEST_DATABASE_URL naming PostgreSQL and a role that may create databases.
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { collationNotice, connectDatabase, type DbHandle } from './index';
import { openSqliteTestDatabase, TEST_POSTGRES_URL } from '../../../test/helpers/databases';

describe('collationNotice', () => {
  it('says nothing on SQLite', async () => {
    const database = openSqliteTestDatabase();
    expect(await collationNotice(database.handle.db)).toBeUndefined();
    await database.drop();
  });

  describe.runIf(TEST_POSTGRES_URL)('on PostgreSQL', () => {
    const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    const made: string[] = [];
    const handles: DbHandle[] = [];
    /** A new database of that collation (C.UTF-8 for the ctype), opened as the server opens one. */
    async function databaseWith(collation: string) {
      if (!made.length) await admin.connect();
      const name = `anxue_coll_${process.pid}_${made.length}`;
      await admin.query(`create database ${name} template template0 encoding 'UTF8' lc_collate '${collation}' lc_ctype 'C.UTF-8'`);
      made.push(name);
      const url = new URL(TEST_POSTGRES_URL!);
      url.pathname = `/${name}`;
      const handle = connectDatabase({ databaseUrl: url.toString(), poolSize: 1 });
      handles.push(handle);
      return handle.db;
    }
    afterAll(async () => {
      for (const h of handles) await h.close();
      for (const name of made) await admin.query(`drop database if exists ${name}`);
      if (made.length) await admin.end();
    });

    it('names a locale collation and points to deploy.md', async () => {
      const notice = await collationNotice(await databaseWith('C.UTF-8'));
      expect(notice).toContain('C.UTF-8');
      expect(notice).toContain("lc_collate 'C'");
    });

    it('says nothing for a byte-wise database', async () => {
      expect(await collationNotice(await databaseWith('C'))).toBeUndefined();
    });
  });
});
