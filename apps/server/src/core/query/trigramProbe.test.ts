// The trigram probe (PostgreSQL, with TEST_DATABASE_URL): on a table of 120,000 rows whose texts all
// begin `user`, a contains-filter asks the GIN index for its rarer trigrams only, and still finds exactly
// what a scan finds. A small table, or a text of other characters, is asked for whole.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openServerTestDatabase, TEST_POSTGRES_URL, type TestDatabase } from '../../../test/helpers/databases';
import { textIndexedFilters } from './textIndex';
import { likeTrigrams, probePattern, trigramProbe } from './trigramProbe';
import type { FieldDef } from './types';

describe('likeTrigrams', () => {
  it('takes the trigrams of each run of letters and digits, lower-cased, once each', () => {
    expect(likeTrigrams('User777')).toEqual(['use', 'ser', 'er7', 'r77', '777']);
    expect(likeTrigrams('ab-cde f')).toEqual(['cde']);
  });
});

describe('probePattern', () => {
  it('keeps the stretches of the text holding the chosen trigrams, overlapping ones joined, in order', () => {
    expect(probePattern('User77777', ['r77', '777'])).toBe('%r777%');
    expect(probePattern('abcdefghij', ['hij', 'abc'])).toBe('%abc%hij%');
    expect(probePattern('abcdefghij', ['cde', 'bcd', 'hij'])).toBe('%bcde%hij%');
    // one character apart: still one stretch, as `%abc%cde%` would miss `abcde`
    expect(probePattern('abcde', ['abc', 'cde'])).toBe('%abcde%');
  });
});

describe.skipIf(!TEST_POSTGRES_URL)('trigram probe on PostgreSQL', () => {
  let database: TestDatabase;
  const fields: FieldDef[] = [{ name: 'name', type: 'string', textIndex: 'probe_text' }];
  const db = () => database.handle.db;
  const scan = async (text: string) =>
    (await sql<{ id: string }>`select id from probe_row where strpos(lower(name), ${text.toLowerCase()}) > 0`.execute(db())).rows.map((r) => r.id).sort();
  const fromIndex = async (text: string) => {
    const found = await textIndexedFilters(db(), fields, [{ field: 'name', rule: 'like', value: text }], 'probeRow');
    return found.size ? [...found.values()][0]!.slice().sort() : undefined;
  };

  beforeAll(async () => {
    database = await openServerTestDatabase(TEST_POSTGRES_URL!, 'tp');
    await sql`create extension if not exists pg_trgm with schema public`.execute(db());
    await sql`create table probe_row (id varchar(32) primary key, name varchar(100))`.execute(db());
    await sql`insert into probe_row select 'r' || i, 'User' || i from generate_series(1, 120000) as i`.execute(db());
    await sql`create index probe_text_name on probe_row using gin (lower(name) public.gin_trgm_ops)`.execute(db());
    await sql`analyze probe_row`.execute(db());
  }, 60_000);
  afterAll(async () => {
    await database?.drop();
  });

  it('leaves out the trigrams every row has, and finds what a scan finds', async () => {
    const probe = await trigramProbe(db(), 'probeRow', 'name', 'USER7777');
    expect(probe).toBeDefined();
    expect(probe).not.toContain('use');
    expect(probe).not.toContain('ser');
    expect(probe).toContain('777');
    // user7777, user17777, user27777, …, user77770–user77779, user107777, …
    const expected = await scan('user7777');
    expect(expected.length).toBeGreaterThan(10);
    expect(await fromIndex('USER7777')).toEqual(expected);
    // a starts-with filter through the same probe keeps its own rule
    const found = await textIndexedFilters(db(), fields, [{ field: 'name', rule: 'right_like', value: 'user7777' }], 'probeRow');
    expect([...found.values()][0]!.slice().sort()).toEqual(
      (await sql<{ id: string }>`select id from probe_row where lower(name) like 'user7777%'`.execute(db())).rows.map((r) => r.id).sort(),
    );
  });

  it('asks for the whole text where nothing is left out: all rare, all common, other characters', async () => {
    expect(await trigramProbe(db(), 'probeRow', 'name', '77777')).toBeUndefined();
    expect(await trigramProbe(db(), 'probeRow', 'name', 'user')).toBeUndefined();
    expect(await trigramProbe(db(), 'probeRow', 'name', '张伟芳')).toBeUndefined();
    expect(await fromIndex('77777')).toEqual(await scan('77777'));
  });
});
