import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, SqliteDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../test/helpers/databases';
import { applyFilters, applySort, fetchListPage, fetchPage, keysetBatches, parseListQuery, QueryInputError, type FieldDef, type SortSpec } from './index';

const FIELDS: FieldDef[] = [
  { name: 'id', type: 'string' },
  { name: 'name', type: 'string' },
  { name: 'age', type: 'int' },
  { name: 'score', type: 'number' },
  { name: 'sex', type: 'string', dictCode: 'sex' },
  { name: 'tags', type: 'string', multi: true },
  { name: 'birthday', type: 'date' },
  { name: 'createTime', type: 'datetime' },
  { name: 'secret', type: 'string', query: false, sort: false },
];

const ROWS = [
  { id: 'a1', name: '张三', age: 20, score: 88.5, sex: '1', tags: 'x,y', birthday: '2000-01-05', createTime: '2026-01-01 08:00:00', secret: 's' },
  { id: 'a2', name: '李四', age: 30, score: 70, sex: '2', tags: 'y', birthday: '1990-06-01', createTime: '2026-01-02 09:30:00', secret: 's' },
  { id: 'a3', name: '王五_x', age: 40, score: 95, sex: '1', tags: 'z,xy', birthday: '1980-12-31', createTime: '2026-01-02 23:59:59', secret: 's' },
  { id: 'a4', name: 'Zhang 100%', age: 25, score: 60, sex: '2', tags: '', birthday: '1999-03-03', createTime: '2026-01-03 00:00:00', secret: 's' },
  { id: 'a5', name: 'zhao', age: 35, score: 77, sex: null, tags: null, birthday: null, createTime: '2026-01-04 12:00:00', secret: 's' },
];

interface DB {
  demoItem: Record<string, any>;
}

const dialects: Array<[string, () => Promise<{ db: Kysely<DB>; close: () => Promise<void> }>]> = [
  [
    'sqlite',
    async () => {
      const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }), plugins: [new CamelCasePlugin()] });
      return { db, close: () => db.destroy() };
    },
  ],
];
// PostgreSQL and MySQL/MariaDB when the tests are given them (an empty database each)
for (const [name, open] of testDatabases('q').slice(1)) {
  dialects.push([
    name,
    async () => {
      const database = await open();
      return { db: database.handle.db as unknown as Kysely<DB>, close: () => database.drop() };
    },
  ]);
}

describe.each(dialects)('list query conventions on %s', (_name, open) => {
  let db: Kysely<DB>;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, close } = await open());
    await db.schema
      .createTable('demo_item')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('name', 'varchar(64)')
      .addColumn('age', 'integer')
      .addColumn('score', 'double precision')
      .addColumn('sex', 'varchar(2)')
      .addColumn('tags', 'varchar(64)')
      .addColumn('birthday', 'varchar(10)')
      .addColumn('create_time', 'varchar(19)')
      .addColumn('secret', 'varchar(16)')
      .execute();
    await db.insertInto('demoItem').values(ROWS).execute();
  });
  afterAll(() => close());

  async function ids(params: Record<string, unknown>) {
    const q = parseListQuery(params, FIELDS);
    let qb = db.selectFrom('demoItem').select(['id']);
    qb = applySort(applyFilters(qb, FIELDS, q), q);
    const page = await fetchPage(qb, q.pageNo, q.pageSize);
    return page.records.map((r) => r.id);
  }

  it('sorts by createTime desc by default and pages with the original page shape', async () => {
    const q = parseListQuery({ pageNo: '2', pageSize: '2' }, FIELDS);
    const page = await fetchPage(applySort(db.selectFrom('demoItem').select(['id']), q), q.pageNo, q.pageSize);
    expect(page).toEqual({ records: [{ id: 'a3' }, { id: 'a2' }], total: 5, size: 2, current: 2, pages: 3 });
  });

  it('counts a large list only up to its cap and says the total is a lower bound; the last page needs no count', async () => {
    // five rows and a cap of two stand for a million rows and the cap of ten thousand
    const list = (pageNo: number, pageSize: number, params: Record<string, unknown> = {}) => {
      const q = parseListQuery({ ...params, pageNo: String(pageNo), pageSize: String(pageSize) }, FIELDS);
      return fetchListPage(db, applySort(applyFilters(db.selectFrom('demoItem').select(['id']), FIELDS, q), q), q.pageNo, q.pageSize, { countCap: 2 });
    };
    expect(await list(1, 1)).toEqual({ records: [{ id: 'a5' }], total: 2, size: 1, current: 1, pages: 2, totalCapped: true });
    // a page past the cap is not counted: at least up to the next page, so the original's pager offers it
    expect(await list(3, 1)).toMatchObject({ records: [{ id: 'a3' }], total: 4, pages: 4, totalCapped: true });
    // the last page and a page past the end know the exact total
    expect(await list(3, 2)).toEqual({ records: [{ id: 'a1' }], total: 5, size: 2, current: 3, pages: 3 });
    expect(await list(4, 2)).toEqual({ records: [], total: 5, size: 2, current: 4, pages: 3 });
    expect(await list(5, 1)).toEqual({ records: [{ id: 'a1' }], total: 5, size: 1, current: 5, pages: 5 });
    // a filter that matches fewer rows than the cap: exact
    expect(await list(1, 1, { sex: '1' })).toEqual({ records: [{ id: 'a3' }], total: 2, size: 1, current: 1, pages: 2 });
    expect(await list(1, 10, { name: '*zh*' })).toMatchObject({ total: 2, pages: 1 });
  });

  it('reads deep pages from where a page served before ended, with the rows an offset would give', async () => {
    // 1,200 rows with shared creation times (forty at a time) and some without one
    const many = Array.from({ length: 1_200 }, (_, i) => ({ id: `m${String(i).padStart(5, '0')}`, name: `m${i}`, createTime: i % 97 === 0 ? null : `2025-06-01 00:${String(Math.floor(i / 40) % 60).padStart(2, '0')}:00` }));
    await db.insertInto('demoItem').values(many).execute();
    try {
      const orders: SortSpec[][] = [
        [{ field: 'createTime', order: 'desc' }],
        [{ field: 'createTime', order: 'asc' }],
        // the lists' default order
        [
          { field: 'createTime', order: 'desc' },
          { field: 'id', order: 'desc' },
        ],
      ];
      for (const sort of orders) {
        const order = sort[0]!.order;
        // the offsets the reads skip, to tell a page read from a remembered start from one read by offset
        const offsets: number[] = [];
        const watched = db.withPlugin({
          transformQuery: ({ node }) => {
            if (node.kind === 'SelectQueryNode' && node.offset) offsets.push(Number((node.offset.offset as { value?: unknown }).value));
            return node;
          },
          transformResult: async ({ result }) => result,
        });
        const select = () => applySort(watched.selectFrom('demoItem').select(['id', 'createTime']).where('id', 'like', 'm%'), { sort });
        const all = (await select().orderBy(sql`id ${sql.raw(order)}`).execute()).map((r) => r.id);
        const page = async (pageNo: number) => {
          offsets.length = 0;
          const got = await fetchListPage(watched, select(), pageNo, 10, { sort });
          return { ids: got.records.map((r) => r.id), total: got.total, capped: got.totalCapped, skipped: Math.max(0, ...offsets) };
        };
        const expected = (pageNo: number) => all.slice((pageNo - 1) * 10, pageNo * 10);
        // a jump, the next page, a page a little further, the first one again, pages back from it, the last one
        for (const pageNo of [105, 106, 110, 105, 104, 103, 101, 108, 120]) {
          const got = await page(pageNo);
          expect(got.ids, `${JSON.stringify(sort)} page ${pageNo}`).toEqual(expected(pageNo));
          // the jump reads past a thousand rows once; every other page starts from a remembered page start
          if (pageNo !== 105 && pageNo !== 120) expect(got.skipped, `${JSON.stringify(sort)} page ${pageNo}`).toBeLessThan(100);
        }
        expect(await page(104), 'the page after a page read backwards').toMatchObject({ ids: expected(104), total: 1_200 });
        // 1,200 rows, under the cap: the last page knows its total without a count, the one before counts
        expect(await page(120)).toMatchObject({ total: 1_200 });
        expect((await page(119)).total).toBe(1_200);
        // a page past the end is empty and knows the total
        expect(await page(121)).toMatchObject({ ids: [], total: 1_200 });
      }
    } finally {
      await db.deleteFrom('demoItem').where('id', 'like', 'm%').execute();
    }
  });

  it('hands out every row once in the list order, batch after batch, when many share a sort value or have none', async () => {
    // seven more rows in one second (as an import makes them), half without a sex
    const extra = Array.from({ length: 7 }, (_, i) => ({ id: `k${i}`, name: `k${i}`, createTime: '2026-01-02 09:30:00', sex: i % 2 ? null : '1' }));
    await db.insertInto('demoItem').values(extra).execute();
    try {
      const sorts: SortSpec[][] = [
        [{ field: 'createTime', order: 'desc' }],
        [{ field: 'createTime', order: 'asc' }],
        // the lists' default order: a field, then the id the same way
        [
          { field: 'createTime', order: 'desc' },
          { field: 'id', order: 'desc' },
        ],
        [{ field: 'id', order: 'desc' }],
        [{ field: 'sex', order: 'asc' }],
        [{ field: 'sex', order: 'desc' }],
        [],
        [
          { field: 'sex', order: 'asc' },
          { field: 'name', order: 'desc' },
        ],
      ];
      for (const sort of sorts) {
        const expected = (await applySort(db.selectFrom('demoItem').select(['id']), { sort }).orderBy('id').execute()).map((r) => r.id);
        const got: unknown[] = [];
        for await (const batch of keysetBatches(db.selectFrom('demoItem').selectAll() as any, sort, 2)) got.push(...batch.map((r) => r.id));
        expect(got, JSON.stringify(sort)).toEqual(expected);
        expect(new Set(got).size).toBe(12);
      }
    } finally {
      await db.deleteFrom('demoItem').where('id', 'like', 'k%').execute();
    }
  });

  it('matches exactly by default', async () => {
    expect(await ids({ name: '张三' })).toEqual(['a1']);
    expect(await ids({ name: '张' })).toEqual([]);
  });

  it('reads *x* as contains, *x as ends with and x* as starts with', async () => {
    expect(await ids({ name: '*an*', column: 'id', order: 'asc' })).toEqual(['a4']);
    expect(await ids({ name: '*ao' })).toEqual(['a5']);
    expect(await ids({ name: 'zh*', column: 'id', order: 'asc' })).toEqual(['a4', 'a5']);
  });

  it('treats % and _ typed by the user as themselves', async () => {
    expect(await ids({ name: '*100%*' })).toEqual(['a4']);
    expect(await ids({ name: '*_x' })).toEqual(['a3']);
    expect(await ids({ name: '*%*' })).toEqual(['a4']);
  });

  it('reads !x as not equal, keeping rows where the value is missing', async () => {
    expect(await ids({ sex: '!1', column: 'id', order: 'asc' })).toEqual(['a2', 'a4', 'a5']);
  });

  it('reads comparison prefixes on numbers', async () => {
    expect(await ids({ age: '>=30', column: 'age', order: 'asc' })).toEqual(['a2', 'a5', 'a3']);
    expect(await ids({ age: '< 25', column: 'age', order: 'asc' })).toEqual(['a1']);
    expect(await ids({ score: '>88', column: 'id', order: 'asc' })).toEqual(['a1', 'a3']);
  });

  it('reads a comma list as in', async () => {
    expect(await ids({ id: 'a1,a3', column: 'id', order: 'asc' })).toEqual(['a1', 'a3']);
  });

  it('matches one element of a multi-value column', async () => {
    expect(await ids({ tags: 'x', column: 'id', order: 'asc' })).toEqual(['a1']);
    expect(await ids({ tags: 'y,z', column: 'id', order: 'asc' })).toEqual(['a1', 'a2', 'a3']);
  });

  it('applies _begin/_end ranges, widening a bare date to the whole day', async () => {
    expect(await ids({ createTime_begin: '2026-01-02', createTime_end: '2026-01-02', column: 'id', order: 'asc' })).toEqual(['a2', 'a3']);
    expect(await ids({ age_begin: '25', age_end: '35', column: 'age', order: 'asc' })).toEqual(['a4', 'a2', 'a5']);
  });

  it('sorts by a declared column, stripping a _dictText suffix, and refuses anything else', async () => {
    expect(await ids({ column: 'sex_dictText,id', order: 'asc' })).toEqual(['a5', 'a1', 'a3', 'a2', 'a4']);
    expect(await ids({ column: 'sex,id', order: 'desc' })).toEqual(['a4', 'a2', 'a3', 'a1', 'a5']);
    expect(() => parseListQuery({ column: 'secret' }, FIELDS)).toThrow('请注意，将要排序的列字段不存在');
    expect(() => parseListQuery({ column: 'name;drop table demo_item' }, FIELDS)).toThrow(QueryInputError);
    expect(() => parseListQuery({ order: 'desc,(select 1)' }, FIELDS)).toThrow(QueryInputError);
  });

  it('ignores undeclared and non-queryable fields in the query string', async () => {
    expect((await ids({ secret: 'x', unknown: 'y' })).length).toBe(5);
  });

  it('applies the advanced query with and / or', async () => {
    const sq = (conds: unknown[], match = 'and') => ({ superQueryParams: JSON.stringify(conds), superQueryMatchType: match, column: 'id', order: 'asc' });
    expect(await ids(sq([{ field: 'sex', rule: 'eq', val: '1' }, { field: 'age', rule: 'gt', val: '25' }]))).toEqual(['a3']);
    expect(await ids(sq([{ field: 'sex', rule: 'eq', val: '1' }, { field: 'age', rule: 'gt', val: '33' }], 'or'))).toEqual(['a1', 'a3', 'a5']);
    expect(await ids(sq([{ field: 'name', rule: 'right_like', val: '王' }]))).toEqual(['a3']);
    expect(await ids(sq([{ field: 'name', rule: 'left_like', val: 'hao' }]))).toEqual(['a5']);
    expect(await ids(sq([{ field: 'id', rule: 'in', val: 'a2,a4' }]))).toEqual(['a2', 'a4']);
    expect(await ids(sq([{ field: 'age', rule: 'le', val: '25' }, { field: 'age', rule: 'ge', val: '25' }]))).toEqual(['a4']);
    expect(await ids(sq([{ field: 'sex', rule: 'ne', val: '1' }]))).toEqual(['a2', 'a4', 'a5']);
    expect(await ids(sq([{ field: 'birthday', rule: 'lt', val: '1995-01-01' }]))).toEqual(['a2', 'a3']);
    // the advanced query is one parenthesised group AND-ed with simple filters
    expect(await ids({ ...sq([{ field: 'sex', rule: 'eq', val: '1' }, { field: 'sex', rule: 'eq', val: '2' }], 'or'), age: '>=30' })).toEqual(['a2', 'a3']);
  });

  it('accepts an URL-encoded advanced query as the original client sends it', async () => {
    const encoded = encodeURI(JSON.stringify([{ field: 'name', rule: 'like', val: '四' }]));
    expect(await ids({ superQueryParams: encoded })).toEqual(['a2']);
  });

  it('refuses advanced-query fields and rules that are not declared', () => {
    const bad = (conds: unknown) => () => parseListQuery({ superQueryParams: JSON.stringify(conds) }, FIELDS);
    expect(bad([{ field: 'secret', rule: 'eq', val: 's' }])).toThrow(QueryInputError);
    expect(bad([{ field: 'name) or 1=1 --', rule: 'eq', val: 's' }])).toThrow(QueryInputError);
    expect(bad([{ field: 'name', rule: 'regexp', val: 's' }])).toThrow(QueryInputError);
    expect(bad({ field: 'name' })).toThrow(QueryInputError);
    expect(() => parseListQuery({ superQueryParams: '{not json' }, FIELDS)).toThrow('高级查询参数不是有效的 JSON');
  });

  it('refuses values that are not of the field type', () => {
    expect(() => parseListQuery({ age: "1' or '1'='1" }, FIELDS)).toThrow(QueryInputError);
    expect(() => parseListQuery({ createTime_begin: 'yesterday' }, FIELDS)).toThrow(QueryInputError);
    expect(() => parseListQuery({ pageNo: '1.5' }, FIELDS)).toThrow(QueryInputError);
    // page 0 and below are the first page, as the original reads them
    expect(parseListQuery({ pageNo: '0' }, FIELDS).pageNo).toBe(1);
  });

  it('keeps injection payloads as plain values', async () => {
    for (const payload of ["' or 1=1 --", "x'; drop table demo_item; --", "*' union select secret from demo_item --*", "1) or (1=1"]) {
      expect(await ids({ name: payload })).toEqual([]);
    }
    const count = await db.selectFrom('demoItem').select(sql<number>`count(*)`.as('n')).executeTakeFirst();
    expect(Number(count?.n)).toBe(5);
  });
});

describe('capped counts', () => {
  it('does not count a list again while its count was seen at the cap; a count under the cap is always exact', async () => {
    const counts: string[] = [];
    const db = new Kysely<DB>({
      dialect: new SqliteDialect({ database: new SQLite(':memory:') }),
      plugins: [new CamelCasePlugin()],
      log: (e) => void (e.level === 'query' && e.query.sql.includes('count(*)') && counts.push(e.query.sql)),
    });
    await db.schema.createTable('demo_item').addColumn('id', 'varchar(32)', (c) => c.primaryKey()).addColumn('sex', 'varchar(2)').addColumn('create_time', 'varchar(19)').execute();
    await db.insertInto('demoItem').values(ROWS.map(({ id, sex, createTime }) => ({ id, sex, createTime }))).execute();
    const list = (params: Record<string, unknown> = {}) => {
      const q = parseListQuery({ ...params, pageNo: '1', pageSize: '1' }, FIELDS);
      return fetchListPage(db, applySort(applyFilters(db.selectFrom('demoItem').select(['id']), FIELDS, q), q), q.pageNo, q.pageSize, { countCap: 2 });
    };
    try {
      expect(await list()).toMatchObject({ total: 2, totalCapped: true });
      expect(await list()).toMatchObject({ total: 2, totalCapped: true });
      expect(counts).toHaveLength(1);
      // another filter is counted on its own; under the cap, every time
      expect(await list({ sex: '2' })).toMatchObject({ total: 2 });
      expect(await list({ sex: '2' })).toMatchObject({ total: 2 });
      expect(counts).toHaveLength(3);
    } finally {
      await db.destroy();
    }
  });
});
