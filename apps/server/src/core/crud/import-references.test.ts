// An import's foreign keys checked a set at a time (PostgreSQL, with TEST_DATABASE_URL): with the row
// triggers off, a reference to a missing row still refuses the import, a referenced row is locked until the
// import ends as the trigger would lock it, and a role that may not switch the triggers off keeps them.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openServerTestDatabase, TEST_POSTGRES_URL, type TestDatabase } from '../../../test/helpers/databases';
import { ImportReferences } from './import-references';
import { prepareInsertTogether } from '../db';

describe.skipIf(!TEST_POSTGRES_URL)('an import’s references on PostgreSQL', () => {
  let database: TestDatabase;
  const db = () => database.handle.db;

  beforeAll(async () => {
    database = await openServerTestDatabase(TEST_POSTGRES_URL!, 'ir');
    await sql`create table ir_tenant (id integer primary key)`.execute(db());
    await sql`create table ir_user (id varchar(32) primary key)`.execute(db());
    await sql`create table ir_member (id varchar(32) primary key, user_id varchar(32) not null references ir_user (id) on delete cascade, tenant_id integer not null references ir_tenant (id) on delete cascade)`.execute(db());
    await sql`insert into ir_tenant values (1), (2)`.execute(db());
    await sql`insert into ir_user values ('old')`.execute(db());
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('writes rows whose references hold, and refuses a row naming one that does not exist', async () => {
    await db()
      .transaction()
      .execute(async (trx) => {
        const references = await ImportReferences.begin(trx);
        expect(references).toBeDefined();
        // a member of a user written by the same statement, and of one already there
        const parts = [
          { table: 'irUser', rows: [{ id: 'u1' }] },
          { table: 'irMember', rows: [{ id: 'm1', userId: 'u1', tenantId: 1 }, { id: 'm2', userId: 'old', tenantId: 2 }] },
        ];
        expect(await references!.check(parts)).toBe(true);
        await prepareInsertTogether(trx, parts)();
        await expect(references!.check([{ table: 'irMember', rows: [{ id: 'm3', userId: 'u1', tenantId: 9 }] }])).rejects.toThrow('导入的数据引用了不存在的记录（irMember.tenant_id = 9）');
        await expect(references!.check([{ table: 'irMember', rows: [{ id: 'm4', userId: 'nobody', tenantId: 1 }] }])).rejects.toThrow('irMember.user_id = nobody');
      });
    const members = await sql<{ id: string }>`select id from ir_member order by id`.execute(db());
    expect(members.rows.map((r) => r.id)).toEqual(['m1', 'm2']);
  });

  it('holds a referenced row until the import ends: deleting it waits, then takes the new members with it', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let checked!: () => void;
    const ready = new Promise<void>((resolve) => (checked = resolve));
    const importing = db()
      .transaction()
      .execute(async (trx) => {
        const references = (await ImportReferences.begin(trx))!;
        const parts = [
          { table: 'irUser', rows: [{ id: 'u2' }] },
          { table: 'irMember', rows: [{ id: 'm5', userId: 'u2', tenantId: 2 }] },
        ];
        await references.check(parts);
        await prepareInsertTogether(trx, parts)();
        checked();
        await held;
      });
    await ready;
    // another connection may not delete the tenant while the import is open...
    const refused = await db()
      .connection()
      .execute(async (c) => {
        await sql`set lock_timeout = '300ms'`.execute(c);
        return sql`delete from ir_tenant where id = 2`.execute(c).then(
          () => 'deleted',
          (err: { code?: string }) => err.code,
        );
      });
    expect(refused).toBe('55P03');
    release();
    await importing;
    // ...and once it has ended, the delete takes the import's member with it: no orphan is left
    await sql`delete from ir_tenant where id = 2`.execute(db());
    const left = await sql<{ id: string }>`select id from ir_member where tenant_id = 2`.execute(db());
    expect(left.rows).toEqual([]);
  });

  it('keeps the row triggers where the role may not switch them off, and the transaction goes on', async () => {
    await sql`do $$ begin create role anxue_import_plain nologin; exception when duplicate_object or unique_violation then null; end $$`.execute(db());
    await db()
      .transaction()
      .execute(async (trx) => {
        await sql`set local role anxue_import_plain`.execute(trx);
        expect(await ImportReferences.begin(trx)).toBeUndefined();
        const role = await sql<{ r: string }>`select current_setting('session_replication_role') as r`.execute(trx);
        expect(role.rows[0]!.r).toBe('origin');
      });
  });
});
