// The trigram probe: on a table of 120,000 rows whose texts all begin `user`, a contains-filter asks the
// text index (SQLite's FTS5 table always, PostgreSQL's GIN index with TEST_DATABASE_URL) for its rarer
// trigrams only, and still finds exactly what a scan finds. A small table, or a text with nothing to leave
// out, is asked for whole.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDatabase } from '../../../test/helpers/databases';
import { createTextIndex } from '../db/textIndex';
import { textIndexedFilters } from './textIndex';
import { ftsTrigrams, likeTrigrams, probeMatch, probePattern, trigramProbe } from './trigramProbe';
import type { Condition, FieldDef } from './types';

describe('likeTrigrams', () => {
  it('takes the trigrams of each run of letters and digits, lower-cased, once each', () => {
    expect(likeTrigrams('User777')).toEqual(['use', 'ser', 'er7', 'r77', '777']);
    expect(likeTrigrams('ab-cde f')).toEqual(['cde']);
  });
});

describe('ftsTrigrams', () => {
  it('takes every three characters in a row, lower-cased, once each', () => {
    expect(ftsTrigrams('Ab-cD')).toEqual(['ab-', 'b-c', '-cd']);
    expect(ftsTrigrams('张三丰张三')).toEqual(['张三丰', '三丰张', '丰张三']);
  });
});

describe('probeMatch', () => {
  it('makes a phrase of each stretch of kept trigrams, at every place they stand', () => {
    expect(probeMatch('username', 'User77777', ['r77', '777'])).toBe('username : "r77777"');
    expect(probeMatch('name', 'abcdefghij', ['hij', 'abc'])).toBe('name : "abc" AND name : "hij"');
    expect(probeMatch('name', 'ab"cd', ['b"c'])).toBe('name : "b""c"');
  });
});

describe('probePattern', () => {
  it('keeps the stretches of the text holding the chosen trigrams, at every place, overlapping ones joined, in order', () => {
    expect(probePattern('User77777', ['r77', '777'])).toBe('%r77777%');
    expect(probePattern('ab777cd777', ['777'])).toBe('%777%777%');
    expect(probePattern('abcdefghij', ['hij', 'abc'])).toBe('%abc%hij%');
    expect(probePattern('abcdefghij', ['cde', 'bcd', 'hij'])).toBe('%bcde%hij%');
    // one character apart: still one stretch, as `%abc%cde%` would miss `abcde`
    expect(probePattern('abcde', ['abc', 'cde'])).toBe('%abcde%');
  });
});

// PostgreSQL asks its owner table's GIN index (`probeRow`), SQLite its FTS5 table (`probe_text`)
const dialects = testDatabases('tp')
  .filter(([name]) => name !== 'mysql')
  .map(([name, open]) => ({ name, open, probeTable: name === 'sqlite' ? 'probe_text' : 'probeRow', find: name === 'sqlite' ? 'instr' : 'strpos' }));

describe.each(dialects)('trigram probe on $name', ({ open, probeTable, find }) => {
  let database: TestDatabase;
  const fields: FieldDef[] = [{ name: 'name', type: 'string', textIndex: 'probe_text' }];
  const db = () => database.handle.db;
  const scan = async (text: string) =>
    (await sql<{ id: string }>`select id from probe_row where ${sql.raw(find)}(lower(name), ${text.toLowerCase()}) > 0`.execute(db())).rows.map((r) => r.id).sort();
  const fromIndex = async (text: string, rule: Condition['rule'] = 'like') => {
    const found = await textIndexedFilters(db(), fields, [{ field: 'name', rule, value: text }], 'probeRow');
    return found.size ? [...found.values()][0]!.slice().sort() : undefined;
  };
  const startsWith = async (text: string) =>
    (await sql<{ id: string }>`select id from probe_row where lower(name) like ${`${text}%`}`.execute(db())).rows.map((r) => r.id).sort();

  beforeAll(async () => {
    database = await open();
    await sql`create table probe_row (id varchar(32) primary key, name varchar(100))`.execute(db());
    await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < 120000) insert into probe_row select 'r' || i, 'User' || i from n`.execute(db());
    // as a migration makes it: in a transaction (PostgreSQL creates pg_trgm within a savepoint)
    await db().transaction().execute((trx) => createTextIndex(trx, { table: 'probe_row', name: 'probe_text', columns: ['name'] }));
    await sql`analyze probe_row`.execute(db());
  }, 60_000);
  afterAll(async () => {
    await database?.drop();
  });

  it('leaves out the trigrams every row has, and finds what a scan finds', async () => {
    const probe = await trigramProbe(db(), probeTable, 'name', 'USER7777');
    expect(probe).toBeDefined();
    expect(probe).not.toContain('use');
    expect(probe).not.toContain('ser');
    expect(probe).toContain('777');
    // user7777, user17777, user27777, …, user77770–user77779, user107777, …
    const expected = await scan('user7777');
    expect(expected.length).toBeGreaterThan(10);
    expect(await fromIndex('USER7777')).toEqual(expected);
    // the rows holding `r7777` but not `user7777` (none here) and those holding `7777` elsewhere are not taken
    expect(await fromIndex('ser17777')).toEqual(await scan('ser17777'));
    // a starts-with filter through the same probe keeps its own rule
    expect(await fromIndex('user7777', 'right_like')).toEqual(await startsWith('user7777'));
  });

  it('follows rows added, changed and removed', async () => {
    await sql`insert into probe_row values ('new1', 'zzUSER7777zz')`.execute(db());
    await sql`update probe_row set name = 'gone' where id = 'r7777'`.execute(db());
    await sql`delete from probe_row where id = 'r17777'`.execute(db());
    const found = await fromIndex('user7777');
    expect(found).toContain('new1');
    expect(found).not.toContain('r7777');
    expect(found).not.toContain('r17777');
    expect(found).toEqual(await scan('user7777'));
    // starts-with: the new row holds the text, but not at its start
    const starting = await fromIndex('user7777', 'right_like');
    expect(starting).toContain('r77770');
    expect(starting).not.toContain('new1');
  });

  it('asks for the whole text where nothing is left out: all rare, all common, a single trigram', async () => {
    expect(await trigramProbe(db(), probeTable, 'name', '77777')).toBeUndefined();
    expect(await trigramProbe(db(), probeTable, 'name', 'user')).toBeUndefined();
    expect(await trigramProbe(db(), probeTable, 'name', '张伟芳')).toBeUndefined();
    expect(await fromIndex('77777')).toEqual(await scan('77777'));
  });
});
