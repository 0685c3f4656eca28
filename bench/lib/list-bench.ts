// The list benches' cases (users-million, orders-million): each list URL under 10 concurrent clients from a
// second process, against the statements the list ran before counts were capped (an exact count, then
// the page), one at a time straight through the driver, in the same run.
import Database from 'better-sqlite3';
import pg from 'pg';
import type { Kysely } from 'kysely';
import { applyFilters, applySort } from '../../apps/server/src/core/query';
import type { ResourceService } from '../../apps/server/src/core/crud';
import { loadFromSecondProcess } from './load';
import { percentile, type Figure } from './report';

export interface ListBench {
  /** The list's URL, e.g. `${base}/api/sys/user/list`. */
  url: string;
  headers: Record<string, string>;
  svc: ResourceService;
  db: Kysely<any>;
  caller: Parameters<ResourceService['scoped']>[1];
  /** The column a sample record is named by in the log. */
  shows: string;
  seconds: number;
}

/** Runs compiled statements straight through the driver: the SQLite file read-only, or a PostgreSQL client. */
export async function rawRunner(sqliteFile: string, pgUrl: string | undefined, schema: string) {
  const raw = pgUrl ? undefined : new Database(sqliteFile, { readonly: true });
  const client = pgUrl ? new pg.Client({ connectionString: pgUrl, options: `-c search_path=${schema}` }) : undefined;
  await client?.connect();
  return {
    run: async (c: { sql: string; parameters: readonly unknown[] }) =>
      raw ? raw.prepare(c.sql).all(...(c.parameters as unknown[])) : (await client!.query(c.sql, c.parameters as unknown[])).rows,
    close: async () => {
      raw?.close();
      await client?.end();
    },
  };
}

type Run = Awaited<ReturnType<typeof rawRunner>>['run'];

/** The figures of each case: p99 and requests/s at 10 clients, and the one-at-a-time baseline. */
export async function measureListCases(bench: ListBench, run: Run, cases: Array<[string, Record<string, string>]>): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const [name, extra] of cases) {
    const params = { pageNo: '1', pageSize: '10', ...extra };
    const url = `${bench.url}?${new URLSearchParams(params)}`;
    const sample = await (await fetch(url, { headers: bench.headers })).json();
    const res = sample.result;
    console.log(`${name}: total ${res.total}${res.totalCapped ? '+' : ''}, first ${res.records[0]?.[bench.shows] ?? '-'}`);

    // before: an exact count, then the page
    const q = bench.svc.parse(params);
    const filtered = applyFilters(await bench.svc.scoped(bench.db, bench.caller), bench.svc.def.fields, { filters: q.filters });
    const countSql = filtered.clearSelect().select((eb) => eb.fn.countAll().as('total')).compile();
    const pageSql = applySort(filtered, q).limit(q.pageSize).offset((q.pageNo - 1) * q.pageSize).compile();
    const before: number[] = [];
    const until = performance.now() + bench.seconds * 1000;
    do {
      const t0 = performance.now();
      await run(countSql);
      await run(pageSql);
      before.push(performance.now() - t0);
    } while (performance.now() < until && before.length < 1000);
    before.sort((a, b) => a - b);

    await loadFromSecondProcess(url, { headers: bench.headers, seconds: 1 }); // warm-up
    const now = await loadFromSecondProcess(url, { headers: bench.headers, seconds: bench.seconds, connections: 10 });
    if (now.non2xx || now.errors) console.log(`warning: ${now.non2xx} non-2xx, ${now.errors} errors`);
    figures.push(
      { name: `${name}: p99 at 10 clients`, value: now.p99, unit: 'ms', aim: 'under 50 ms' },
      { name: `${name}: requests/s at 10 clients`, value: now.rps, unit: 'req/s', baseline: 1000 / percentile(before, 50) },
      { name: `${name}: before (exact count + page, one at a time), median`, value: percentile(before, 50), unit: 'ms' },
    );
  }
  return figures;
}
