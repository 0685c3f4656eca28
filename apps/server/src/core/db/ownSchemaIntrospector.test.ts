import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type DbHandle } from './index';
import { TEST_POSTGRES_URL } from '../../../test/helpers/databases';

// Two installs on one PostgreSQL server, each in its own schema: each sees only its own tables, and a
// neighbour changing its tables while this one lists its own does not break the listing.
const url = TEST_POSTGRES_URL;
const suffix = `${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
const mine = `own_${suffix}`;
const neighbour = `nb_${suffix}`;
let admin: pg.Client;
let handle: DbHandle;

describe.skipIf(!url)('introspection on PostgreSQL reads this install’s schema only', () => {
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${mine}`);
    await admin.query(`create schema ${neighbour}`);
    await admin.query(`create table ${mine}.book (id serial primary key, title varchar(50) not null, note text)`);
    await admin.query(`comment on column ${mine}.book.title is '书名'`);
    await admin.query(`create view ${mine}.book_titles as select title from ${mine}.book`);
    await admin.query(`create table ${neighbour}.book (id varchar(32) primary key, other int)`);
    handle = connectDatabase({ databaseUrl: url!, pgSearchPath: mine, poolSize: 2 });
  });
  afterAll(async () => {
    await handle?.close();
    await admin?.query(`drop schema if exists ${mine} cascade`);
    await admin?.query(`drop schema if exists ${neighbour} cascade`);
    await admin?.end();
  });

  it('lists its tables and views with their columns, and none of the neighbour’s', async () => {
    const tables = await handle.db.introspection.getTables();
    expect(tables.map((t) => `${t.schema}.${t.name}`).sort()).toEqual([`${mine}.book`, `${mine}.book_titles`]);
    const book = tables.find((t) => t.name === 'book')!;
    expect(book.isView).toBe(false);
    expect(book.columns.map((c) => c.name)).toEqual(['id', 'title', 'note']);
    expect(book.columns[0]).toMatchObject({ dataType: 'int4', isAutoIncrementing: true, hasDefaultValue: true, isNullable: false });
    expect(book.columns[1]).toMatchObject({ dataType: 'varchar', isAutoIncrementing: false, isNullable: false, comment: '书名' });
    expect(book.columns[2]).toMatchObject({ dataType: 'text', isNullable: true, hasDefaultValue: false });
    expect(tables.find((t) => t.name === 'book_titles')!.isView).toBe(true);
  });

  it('keeps listing while the neighbour adds and drops columns', async () => {
    const churn = (async () => {
      for (let i = 0; i < 40; i++) {
        await admin.query(`alter table ${neighbour}.book add column c${i} int`);
        await admin.query(`alter table ${neighbour}.book drop column c${i}`);
      }
    })();
    const listings: number[] = [];
    for (let i = 0; i < 40; i++) listings.push((await handle.db.introspection.getTables()).length);
    await churn;
    expect(new Set(listings)).toEqual(new Set([2]));
  });
});
