import { sql } from 'kysely';
import { FORM_TENANT_COLUMN, formNameProblem, type CgformFieldInput, type CgformIndexInput } from '@anxue/shared';
import type { Db, DialectName } from '../../../../core/db';
import { CLOSED_TABLES, RESTRICTED_TABLES, SECRET_COLUMNS } from '../../cgreport/sql-guard';
import type { ActualColumn } from '../sync/columns';
import { ownSchema, readColumns } from '../sync/introspect';

// 从数据库导入表单 (issue 15): which tables of the main database may become online forms, and the fields
// their columns give. Never offered: the platform's own tables (every name formNameProblem refuses: sys_*,
// onl_*, stu_*, qrtz_*, oss_*, kysely_*, sqlite_*, pg_*), the tables the report SQL guard closes or
// restricts, tables with a secret column, and tables already behind a form. A table is importable only when
// a form can describe it exactly (so the sync changes nothing but adding the tenant column): an `id`
// varchar key of 32 or more characters, column names a form allows, types and constant defaults it knows.

export interface TableVerdict {
  name: string;
  /** Why the table cannot be imported; null when it can. */
  problem: string | null;
  fields: CgformFieldInput[];
  /** The table's own indexes, kept as the form's (the sync re-creates a form's indexes under its names). */
  indexes: CgformIndexInput[];
}

interface ActualIndex {
  name: string;
  unique: boolean;
  /** Column names in order; null for an index on an expression. */
  columns: string[] | null;
  /** Backs a constraint (PostgreSQL UNIQUE): it cannot be dropped and made again as an index. */
  constrained: boolean;
}

/** The table's indexes other than its primary key (and SQLite's automatic ones, which a sync leaves alone). */
async function readIndexes(db: Db, dialect: DialectName, table: string): Promise<ActualIndex[]> {
  if (dialect === 'sqlite') {
    const list = await sql<{ name: string; unique: number; origin: string }>`select name, "unique", origin from pragma_index_list(${table})`.execute(db);
    const out: ActualIndex[] = [];
    for (const ix of list.rows.filter((x) => x.origin === 'c')) {
      const cols = await sql<{ name: string | null }>`select name from pragma_index_info(${ix.name}) order by seqno`.execute(db);
      out.push({ name: ix.name, unique: Number(ix.unique) === 1, columns: cols.rows.some((c) => !c.name) ? null : cols.rows.map((c) => c.name!), constrained: false });
    }
    return out;
  }
  if (dialect === 'mysql') {
    // a column of an expression index has no name; a unique key is an index there, made and dropped as one
    const r = await sql<{ name: string; nonunique: number; col: string | null }>`
      select index_name as name, non_unique as nonunique, column_name as col from information_schema.statistics
       where table_schema = database() and table_name = ${table} and index_name <> 'PRIMARY' order by index_name, seq_in_index`.execute(db);
    const byName = new Map<string, ActualIndex>();
    for (const x of r.rows) {
      const ix = byName.get(x.name) ?? { name: x.name, unique: Number(x.nonunique) === 0, columns: [], constrained: false };
      if (!x.col) ix.columns = null;
      else ix.columns?.push(x.col);
      byName.set(x.name, ix);
    }
    return [...byName.values()];
  }
  const r = await sql<{ name: string; isUnique: boolean; constrained: boolean; columns: Array<string | null> | string }>`
    select i.relname as name, x.indisunique as is_unique,
           exists (select 1 from pg_constraint c where c.conindid = x.indexrelid) as constrained,
           array(select a.attname from unnest(x.indkey) with ordinality k(attnum, ord)
                 left join pg_attribute a on a.attrelid = x.indrelid and a.attnum = k.attnum order by k.ord) as columns
      from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
      join pg_namespace n on n.oid = t.relnamespace
     where n.nspname = current_schema() and t.relname = ${table} and not x.indisprimary`.execute(db);
  return r.rows.map((x) => {
    const cols = Array.isArray(x.columns) ? x.columns : String(x.columns).replace(/^\{|\}$/g, '').split(',').map((c) => (c === 'NULL' ? null : c));
    return { name: x.name, unique: !!x.isUnique, constrained: !!x.constrained, columns: cols.some((c) => !c) ? null : (cols as string[]) };
  });
}

/** Every base table of the main database (its current schema on PostgreSQL, database on MySQL), by name. */
async function allTables(db: Db, dialect: DialectName): Promise<string[]> {
  if (dialect === 'sqlite') {
    const r = await sql<{ name: string }>`select name from sqlite_master where type = 'table' order by name`.execute(db);
    return r.rows.map((x) => x.name);
  }
  const r = await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = ${ownSchema(dialect)} and table_type = 'BASE TABLE' order by table_name`.execute(db);
  return r.rows.map((x) => x.name);
}

/** A table never offered, whatever its columns. */
export function isSystemTable(name: string): boolean {
  return formNameProblem(name, '表名') !== null || CLOSED_TABLES.has(name) || RESTRICTED_TABLES.has(name);
}

function fieldOf(c: ActualColumn, order: number): CgformFieldInput | string {
  if (formNameProblem(c.name, '字段名')) return `字段名 ${c.name} 不能用作表单字段`;
  if (SECRET_COLUMNS.has(c.name)) return `字段 ${c.name} 是保密字段`;
  const base = { dbFieldName: c.name, dbFieldTxt: c.name, dbIsNull: c.notNull ? 0 : 1, orderNum: order, isShowList: 1, isShowForm: 1, isQuery: 0 } as const;
  let typed: Pick<CgformFieldInput, 'dbType' | 'dbLength' | 'dbPointLength' | 'fieldShowType'>;
  switch (c.kind) {
    case 'varchar':
      typed = { dbType: 'string', dbLength: c.length ?? 32, dbPointLength: 0, fieldShowType: 'text' };
      break;
    case 'integer':
      typed = { dbType: 'int', dbLength: 10, dbPointLength: 0, fieldShowType: 'text' };
      break;
    case 'bigint':
      typed = { dbType: 'long', dbLength: 19, dbPointLength: 0, fieldShowType: 'text' };
      break;
    case 'double':
      typed = { dbType: 'double', dbLength: 10, dbPointLength: 2, fieldShowType: 'text' };
      break;
    case 'numeric':
      typed = { dbType: 'BigDecimal', dbLength: c.length ?? 10, dbPointLength: c.scale ?? 0, fieldShowType: 'text' };
      break;
    case 'text':
      typed = { dbType: 'Text', dbLength: 0, dbPointLength: 0, fieldShowType: 'textarea' };
      break;
    default:
      return `字段 ${c.name} 的类型无法用表单描述`;
  }
  const def = c.defaultValue;
  if (def !== null && def !== undefined) {
    const numeric = c.kind !== 'varchar' && c.kind !== 'text';
    if (numeric ? !/^-?\d+(\.\d+)?$/.test(def) : /[()]|^current_/i.test(def) || def.length > 200) return `字段 ${c.name} 的默认值不是常量`;
  }
  return { ...base, ...typed, dbDefaultVal: def ?? null } as CgformFieldInput;
}

/** Whether a table can become a form, and its fields. */
export async function judgeTable(db: Db, dialect: DialectName, name: string): Promise<TableVerdict> {
  const no = (problem: string): TableVerdict => ({ name, problem, fields: [], indexes: [] });
  if (isSystemTable(name)) return no(`表 ${name} 是系统表，不能导入`);
  const columns = await readColumns(db, dialect, name);
  if (!columns) return no(`数据库中没有表 ${name}`);
  const id = columns.find((c) => c.name === 'id');
  if (!id || id.kind !== 'varchar' || (id.length ?? 0) < 32 || !id.primaryKey) return no(`表 ${name} 没有 id 主键（字符串，长度不小于32），不能导入`);
  const pk = columns.filter((c) => c.primaryKey);
  if (pk.length !== 1) return no(`表 ${name} 的主键不是单独的 id 字段，不能导入`);
  const tenant = columns.find((c) => c.name === FORM_TENANT_COLUMN);
  if (tenant && tenant.kind !== 'integer') return no(`表 ${name} 的 ${FORM_TENANT_COLUMN} 字段不是整数，不能导入`);
  const fields: CgformFieldInput[] = [];
  for (const c of columns) {
    if (c.name === FORM_TENANT_COLUMN) continue;
    const f = fieldOf(c, fields.length);
    if (typeof f === 'string') return no(`表 ${name}：${f}，不能导入`);
    fields.push(c.name === 'id' ? { ...f, dbIsKey: 1, dbIsNull: 0, dbDefaultVal: null, isShowList: 0, isShowForm: 0 } : f);
  }
  const names = new Set(fields.map((f) => f.dbFieldName));
  const indexes: CgformIndexInput[] = [];
  for (const ix of await readIndexes(db, dialect, name)) {
    if (ix.constrained) return no(`表 ${name} 的唯一约束 ${ix.name} 无法由表单管理（可改为唯一索引后再导入），不能导入`);
    if (!ix.columns) return no(`表 ${name} 的索引 ${ix.name} 建在表达式上，不能导入`);
    const missing = ix.columns.find((c) => !names.has(c));
    if (missing) return no(`表 ${name} 的索引 ${ix.name} 含字段 ${missing}，不能导入`);
    // the form names it without the table's prefix; the sync makes it <table>_<name>
    let short = ix.name.startsWith(`${name}_`) ? ix.name.slice(name.length + 1) : ix.name;
    if (formNameProblem(short, '字段名') || `${name}_${short}`.length > 63 || indexes.some((x) => x.indexName === short)) short = `ix${indexes.length + 1}`;
    indexes.push({ indexName: short, indexField: ix.columns.join(','), indexType: ix.unique ? 'unique' : 'normal' });
  }
  return { name, problem: null, fields, indexes };
}

/** The tables that can be imported now, by name; `filter` narrows by a part of the name. */
export async function importableTables(db: Db, dialect: DialectName, filter = ''): Promise<string[]> {
  const forms = new Set((await db.selectFrom('onlCgformHead').select('tableName').execute()).map((h) => h.tableName));
  const wanted = filter.trim().toLowerCase();
  const out: string[] = [];
  for (const name of await allTables(db, dialect)) {
    if (forms.has(name) || isSystemTable(name)) continue;
    if (wanted && !name.includes(wanted)) continue;
    if ((await judgeTable(db, dialect, name)).problem === null) out.push(name);
  }
  return out;
}
