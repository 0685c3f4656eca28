import { sql, type RawBuilder } from 'kysely';
import type { Db, DialectName } from '../../../../core/db';
import { BizError } from '../../../../core/errors';
import { classifyChange, describeShape, isNumericKind, sqlTypeOf, type ActualColumn, type ColumnSpec, type ShapeChange } from './columns';
import { countRows, readColumns, readIndexNames } from './introspect';

// The sync engine: compares a form's definition with its real table and makes the table match.
// Every identifier reaching SQL has passed the form name pattern (checked when the form was saved) and is
// written with sql.id; defaults are literals written by sql.lit (numbers checked as numbers).
// SQLite changes a table by copying it (new table, rows copied, old dropped, new renamed); PostgreSQL and
// MySQL with ALTER TABLE. Either way in the caller's transaction (which MySQL's DDL commits as it goes).

export interface IndexSpec {
  /** Physical name: <table>_<index name>. */
  name: string;
  columns: string[];
  unique: boolean;
}

type Step =
  | { op: 'add'; col: ColumnSpec }
  | { op: 'rename'; from: string; col: ColumnSpec }
  | { op: 'alter'; col: ColumnSpec; actual: ActualColumn; change: ShapeChange; nullability: boolean; defaults: boolean }
  | { op: 'drop'; name: string };

export interface SyncPlan {
  /** The table does not exist yet. */
  create: boolean;
  steps: Step[];
  /** Changes that lose data, one line each (empty when none). */
  losses: string[];
  /** Every change, one line each, for the log and the answer. */
  summary: string[];
}

/** What must change for the table to match the columns (nothing is executed). */
export async function planSync(db: Db, dialect: DialectName, table: string, desired: ColumnSpec[]): Promise<SyncPlan> {
  const actual = await readColumns(db, dialect, table);
  if (!actual) return { create: true, steps: [], losses: [], summary: [`创建表 ${table}`] };
  const byName = new Map(actual.map((c) => [c.name, c]));
  const used = new Set<string>();
  const steps: Step[] = [];
  const losses: string[] = [];
  const summary: string[] = [];
  for (const col of desired) {
    let current = byName.get(col.name);
    if (!current && col.renamedFrom && byName.has(col.renamedFrom) && !desired.some((d) => d.name === col.renamedFrom)) {
      current = byName.get(col.renamedFrom)!;
      steps.push({ op: 'rename', from: col.renamedFrom, col });
      summary.push(`字段 ${col.renamedFrom} 改名为 ${col.name}`);
    }
    if (!current) {
      steps.push({ op: 'add', col });
      summary.push(`新增字段 ${col.name}（${describeShape(col)}）`);
      continue;
    }
    used.add(current.name);
    if (col.primaryKey) continue; // id: varchar primary key, kept as it is
    const change = classifyChange(current, col);
    const nullability = col.notNull !== current.notNull;
    const defaults = !sameDefault(current.defaultValue, col.defaultValue);
    if (change === 'same' && !nullability && !defaults) continue;
    steps.push({ op: 'alter', col, actual: current, change, nullability, defaults });
    if (change !== 'same') {
      const [from, to] = [describeShape(current), describeShape(col)];
      summary.push(`字段 ${col.name} 类型由 ${from} 改为 ${to}`);
      if (change === 'narrow') {
        losses.push(col.kind === 'varchar' || col.kind === 'text' ? `字段 ${col.name} 类型由 ${from} 改为 ${to}（超出长度的内容将被截断）` : `字段 ${col.name} 类型由 ${from} 改为 ${to}（数值可能丢失精度或溢出）`);
      }
      if (change === 'incompatible') losses.push(`字段 ${col.name} 类型由 ${from} 改为 ${to}（类型不兼容，该字段原有数据将被清空）`);
    }
    if (nullability) summary.push(col.notNull ? `字段 ${col.name} 设为不允许空值` : `字段 ${col.name} 设为允许空值`);
    if (defaults) summary.push(`字段 ${col.name} 默认值改为 ${col.defaultValue ?? '无'}`);
  }
  for (const c of actual) {
    if (used.has(c.name)) continue;
    steps.push({ op: 'drop', name: c.name });
    summary.push(`删除字段 ${c.name}`);
    losses.push(`删除字段 ${c.name}（该字段的数据将丢失）`);
  }
  return { create: false, steps, losses, summary };
}

function sameDefault(actual: string | null, wanted: string | number | null): boolean {
  if (wanted === null) return actual === null;
  if (actual === null) return false;
  return typeof wanted === 'number' ? Number(actual) === wanted : actual === wanted;
}

function columnDef(col: ColumnSpec): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql.id(col.name), sql.raw(sqlTypeOf(col))];
  if (col.notNull) parts.push(sql.raw('not null'));
  if (col.defaultValue !== null) parts.push(sql`default ${sql.lit(col.defaultValue)}`);
  if (col.primaryKey) parts.push(sql.raw('primary key'));
  return sql.join(parts, sql.raw(' '));
}

export async function createTable(db: Db, table: string, desired: ColumnSpec[]): Promise<void> {
  await sql`create table ${sql.id(table)} (${sql.join(desired.map(columnDef))})`.execute(db);
}

export async function dropTable(db: Db, table: string): Promise<void> {
  await sql`drop table if exists ${sql.id(table)}`.execute(db);
}

/**
 * Refuses changes the rows would break, with a message the designer can act on: a column becoming
 * not-null while rows hold nulls, or a new not-null column without a default on a table with rows.
 */
async function checkRows(db: Db, table: string, plan: SyncPlan): Promise<void> {
  let rows: number | null = null;
  for (const s of plan.steps) {
    if (s.op === 'add' || (s.op === 'alter' && s.change === 'incompatible')) {
      if (s.col.notNull && s.col.defaultValue === null) {
        rows ??= await countRows(db, table);
        if (rows > 0) throw new BizError(`字段 ${s.col.name} 不允许空值且没有默认值，表中已有 ${rows} 行数据：请先设置默认值或允许空值`);
      }
    } else if (s.op === 'alter' && s.nullability && s.col.notNull && s.col.defaultValue === null) {
      const name = s.actual.name;
      const r = await sql<{ n: number | string }>`select count(*) as n from ${sql.id(table)} where ${sql.id(name)} is null`.execute(db);
      const nulls = Number(r.rows[0]?.n ?? 0);
      if (nulls > 0) throw new BizError(`字段 ${s.col.name} 有 ${nulls} 行为空值，不能设为不允许空值：请先补齐数据或设置默认值`);
    }
  }
}

/** Makes the table match: run inside a transaction. */
export async function applyPlan(db: Db, dialect: DialectName, table: string, desired: ColumnSpec[], plan: SyncPlan): Promise<void> {
  if (plan.create) return createTable(db, table, desired);
  if (!plan.steps.length) return;
  await checkRows(db, table, plan);
  if (dialect === 'sqlite') return rebuildSqlite(db, table, desired, plan);
  return alterInPlace(db, table, plan, (t, c, s) => (dialect === 'mysql' ? changeMysqlColumn(db, t, c, s) : changePostgresColumn(db, t, c, s)));
}

/** SQLite: a new table with the wanted columns, rows copied over, the old one dropped, the new one renamed. */
async function rebuildSqlite(db: Db, table: string, desired: ColumnSpec[], plan: SyncPlan): Promise<void> {
  const temp = `${table}__anx_sync`;
  await dropTable(db, temp);
  await createTable(db, temp, desired);
  const source = new Map<string, { from: string; change: ShapeChange }>();
  for (const s of plan.steps) {
    if (s.op === 'rename') source.set(s.col.name, { from: s.from, change: 'same' });
  }
  for (const s of plan.steps) {
    if (s.op === 'alter') source.set(s.col.name, { from: s.actual.name, change: s.change });
  }
  const added = new Set(plan.steps.flatMap((s) => (s.op === 'add' ? [s.col.name] : [])));
  const targets: string[] = [];
  const exprs: RawBuilder<unknown>[] = [];
  for (const col of desired) {
    if (added.has(col.name)) continue; // takes its default
    const from = source.get(col.name) ?? { from: col.name, change: 'same' as ShapeChange };
    if (from.change === 'incompatible') continue;
    targets.push(col.name);
    exprs.push(copyExpr(from.from, col, from.change));
  }
  if (targets.length) {
    await sql`insert into ${sql.id(temp)} (${sql.join(targets.map((t) => sql.id(t)))}) select ${sql.join(exprs)} from ${sql.id(table)}`.execute(db);
  }
  await dropTable(db, table);
  await sql`alter table ${sql.id(temp)} rename to ${sql.id(table)}`.execute(db);
}

function copyExpr(from: string, col: ColumnSpec, change: ShapeChange): RawBuilder<unknown> {
  const ref = sql.id(from);
  const value = change === 'narrow' && col.kind === 'varchar' ? sql`substr(${ref}, 1, ${sql.lit(col.length ?? 0)})` : ref;
  // a null arriving in a column that now has a default and refuses nulls takes the default
  return col.notNull && col.defaultValue !== null ? sql`coalesce(${value}, ${sql.lit(col.defaultValue)})` : value;
}

type AlterStep = Extract<Step, { op: 'alter' }>;

/**
 * PostgreSQL and MySQL: ALTER TABLE, in the order renames, changed columns, drops, adds. A column whose
 * type changes incompatibly is dropped and added again; the other changes are the database's own.
 */
async function alterInPlace(db: Db, table: string, plan: SyncPlan, changeColumn: (t: RawBuilder<unknown>, c: RawBuilder<unknown>, s: AlterStep) => Promise<void>): Promise<void> {
  const t = sql.id(table);
  for (const s of plan.steps) {
    if (s.op === 'rename') await sql`alter table ${t} rename column ${sql.id(s.from)} to ${sql.id(s.col.name)}`.execute(db);
  }
  for (const s of plan.steps) {
    if (s.op !== 'alter') continue;
    const c = sql.id(s.col.name);
    if (s.change === 'incompatible') {
      await sql`alter table ${t} drop column ${c}`.execute(db);
      await sql`alter table ${t} add column ${columnDef(s.col)}`.execute(db);
    } else await changeColumn(t, c, s);
  }
  for (const s of plan.steps) {
    if (s.op === 'drop') await sql`alter table ${t} drop column ${sql.id(s.name)}`.execute(db);
  }
  for (const s of plan.steps) {
    if (s.op === 'add') await sql`alter table ${t} add column ${columnDef(s.col)}`.execute(db);
  }
}

/** PostgreSQL: one change of a column at a time (DDL is transactional there). */
async function changePostgresColumn(db: Db, t: RawBuilder<unknown>, c: RawBuilder<unknown>, s: AlterStep): Promise<void> {
  if (s.change !== 'same') {
    const type = sql.raw(sqlTypeOf(s.col));
    const using =
      s.change === 'narrow' && s.col.kind === 'varchar'
        ? sql`substr(${c}::text, 1, ${sql.lit(s.col.length ?? 0)})::${type}`
        : isNumericKind(s.col.kind) && isNumericKind(s.actual.kind)
          ? sql`${c}::${type}`
          : sql`${c}::text::${type}`;
    await sql`alter table ${t} alter column ${c} drop default`.execute(db);
    await sql`alter table ${t} alter column ${c} type ${type} using ${using}`.execute(db);
  }
  if (s.defaults || s.change !== 'same') {
    if (s.col.defaultValue === null) await sql`alter table ${t} alter column ${c} drop default`.execute(db);
    else await sql`alter table ${t} alter column ${c} set default ${sql.lit(s.col.defaultValue)}`.execute(db);
  }
  if (s.nullability && s.col.notNull && s.col.defaultValue !== null) {
    await sql`update ${t} set ${c} = ${sql.lit(s.col.defaultValue)} where ${c} is null`.execute(db);
  }
  if (s.nullability) await sql`alter table ${t} alter column ${c} ${sql.raw(s.col.notNull ? 'set not null' : 'drop not null')}`.execute(db);
}

/**
 * MySQL/MariaDB: a column's whole definition at once (MODIFY sets type, nulls and default together), after
 * its values are cut or filled to fit. DDL commits there as it goes: a sync stopped halfway is finished by
 * syncing again.
 */
async function changeMysqlColumn(db: Db, t: RawBuilder<unknown>, c: RawBuilder<unknown>, s: AlterStep): Promise<void> {
  if (s.change === 'narrow' && s.col.kind === 'varchar') await sql`update ${t} set ${c} = substr(${c}, 1, ${sql.lit(s.col.length ?? 0)})`.execute(db);
  if (s.nullability && s.col.notNull && s.col.defaultValue !== null) {
    await sql`update ${t} set ${c} = ${sql.lit(s.col.defaultValue)} where ${c} is null`.execute(db);
  }
  await sql`alter table ${t} modify column ${columnDef(s.col)}`.execute(db);
}

/** Drops the table's indexes and creates the wanted ones. */
export async function syncIndexes(db: Db, dialect: DialectName, table: string, wanted: IndexSpec[]): Promise<void> {
  for (const name of await readIndexNames(db, dialect, table)) {
    // MySQL names an index within its table
    if (dialect === 'mysql') await sql`drop index ${sql.id(name)} on ${sql.id(table)}`.execute(db);
    else await sql`drop index if exists ${sql.id(name)}`.execute(db);
  }
  for (const ix of wanted) {
    const kind = sql.raw(ix.unique ? 'create unique index' : 'create index');
    await sql`${kind} ${sql.id(ix.name)} on ${sql.id(table)} (${sql.join(ix.columns.map((c) => sql.id(c)))})`.execute(db);
  }
}

