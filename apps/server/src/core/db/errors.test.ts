import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testDatabases } from '../../../test/helpers/databases';
import { isUniqueViolation, uniqueViolationOf } from './errors';

// A repeated value refused by a unique index: which column and value the error names, so an import can
// say which field of which row another request took meanwhile.
describe.each(testDatabases('ue'))('unique violations on %s', (dialect, open) => {
  it('names the value and the column (PostgreSQL) or index (MySQL/MariaDB)', async () => {
    const database = await open();
    const db = database.handle.db;
    try {
      await sql`create table dup_probe (id int primary key, user_name varchar(20))`.execute(db);
      await sql`create unique index uniq_dup_probe_user_name on dup_probe (user_name)`.execute(db);
      await sql`insert into dup_probe values (1, 'race_10')`.execute(db);
      const err = await sql`insert into dup_probe values (2, 'race_10')`.execute(db).then(() => undefined, (e: unknown) => e);
      expect(isUniqueViolation(err)).toBe(true);
      const taken = uniqueViolationOf(err);
      if (dialect === 'postgres') expect(taken).toEqual({ columns: 'user_name', value: 'race_10' });
      else if (dialect === 'mysql') expect(taken).toEqual({ index: 'uniq_dup_probe_user_name', value: 'race_10' });
      else expect(taken).toBeUndefined(); // SQLite's stage names the field itself
    } finally {
      await sql`drop table if exists dup_probe`.execute(db).catch(() => {});
      await database.drop();
    }
  });
});
