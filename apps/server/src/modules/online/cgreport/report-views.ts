import { dictStore } from '../../system/dict/cache';
import { IDENTIFIER } from '../../system/dict/declarations';
import { rowRule, type DictReader, type RowRule } from '../../system/dict/table-source';
import type { Db } from '../../../core/db';

// What report SQL on the install's own database may read: the administrators' allow-list (表白名单, the
// 字典数据源 rows), each declared table as a view of its readable columns and of the caller's rows only
// (the same tenant and soft-delete rule as table dictionaries). The database then runs the report over
// these views and nothing else (SQLite: sqlite-report-worker.cjs; PostgreSQL: report-role.ts).

/** Stands for the schema that holds the real tables, qualified by whoever builds the views. */
export const SOURCE_SCHEMA = '«S»';

export interface ReportView {
  /** Table name, also the view's name. */
  name: string;
  /** The view's SELECT, its real tables qualified with SOURCE_SCHEMA. */
  select: string;
}

const id = (name: string) => `"${name}"`;
const literal = (v: number | string) => (typeof v === 'number' ? String(Math.trunc(v)) : `'${v.replace(/'/g, "''")}'`);

function whereOf(rule: RowRule): string[] {
  const parts: string[] = [];
  const t = rule.tenants;
  const memberships = `${SOURCE_SCHEMA}${id('sys_user_tenant')}`;
  if (t.kind === 'none') parts.push('1 = 0');
  else if (t.kind === 'column') parts.push(`t.${id('tenant_id')} = ${literal(t.value)}`);
  else if (t.kind === 'userMember') {
    parts.push(`exists (select 1 from ${memberships} ut where ut.${id('user_id')} = t.${id('id')} and ut.${id('tenant_id')} = ${literal(t.tenantId)} and ut.${id('status')} = '1')`);
  } else if (t.kind === 'tenantOfUser') {
    parts.push(`exists (select 1 from ${memberships} ut where ut.${id('tenant_id')} = t.${id('id')} and ut.${id('user_id')} = ${literal(t.userId)} and ut.${id('status')} = '1')`);
  }
  if (rule.deleted) parts.push(`(t.${id('del_flag')} is null or t.${id('del_flag')} <> ${literal(rule.deleted.flag)})`);
  return parts;
}

/** The views a report of `reader` sees: every declared table that exists, with its readable columns that exist. */
export async function reportViews(db: Db, reader: DictReader): Promise<ReportView[]> {
  const store = dictStore(db);
  const [declarations, tables] = await Promise.all([store.declarations(), store.tables()]);
  const views: ReportView[] = [];
  for (const [name, declared] of [...declarations].sort(([a], [b]) => a.localeCompare(b))) {
    const info = tables.get(name);
    if (!info || !IDENTIFIER.test(name)) continue;
    const columns = [...declared.readable].filter((c) => IDENTIFIER.test(c) && info.columns.has(c)).sort();
    if (!columns.length) continue;
    const where = whereOf(await rowRule(info, reader));
    views.push({
      name,
      select: `select ${columns.map((c) => `t.${id(c)} as ${id(c)}`).join(', ')} from ${SOURCE_SCHEMA}${id(name)} t${where.length ? ` where ${where.join(' and ')}` : ''}`,
    });
  }
  return views;
}
