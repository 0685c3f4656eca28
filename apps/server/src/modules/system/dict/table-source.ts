import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { BizError } from '../../../core/errors';
import type { DictStore } from './cache';
import type { ColumnInfo, TableInfo } from './catalog';
import { IDENTIFIER } from './declarations';

// A declared table opened for reading: every column a request names passes the declaration and the
// catalog before it reaches the query builder (as an identifier Kysely quotes); values are only ever
// bound parameters.

const clip = (name: string) => name.slice(0, 64);

export function notAuthorised(name: string): BizError {
  return new BizError(`字典表或字段未被授权: ${clip(name)}`);
}

export type Bound = string | number;

export class TableSource {
  constructor(
    readonly info: TableInfo,
    private readonly allowed: ReadonlySet<string>,
  ) {}

  get name(): string {
    return this.info.name;
  }

  /** A declared, readable column that exists; anything else (sensitive ones included) is refused by name. */
  column(name: string): ColumnInfo {
    const col = IDENTIFIER.test(name) && this.allowed.has(name) ? this.info.columns.get(name) : undefined;
    if (!col) throw notAuthorised(name);
    return col;
  }

  /**
   * Rows a caller may see: a tenant's own rows when the table is tenant-scoped (as the resource
   * framework does, tenant 0 means no tenant filter), and never rows marked deleted.
   */
  rows(db: Kysely<any>, tenantId: number): SelectQueryBuilder<any, any, {}> {
    let qb = db.selectFrom(this.info.name);
    const tenant = this.info.columns.get('tenant_id');
    if (tenant && tenantId > 0) qb = qb.where(sql.ref('tenant_id'), '=', tenant.numeric ? tenantId : String(tenantId));
    const del = this.info.columns.get('del_flag');
    if (del) qb = qb.where(sql<boolean>`(${sql.ref('del_flag')} is null or ${sql.ref('del_flag')} <> ${del.numeric ? 1 : '1'})`);
    return qb;
  }
}

/** Opens a declared, existing table or refuses with the contract's message. */
export async function openSource(store: DictStore, table: string): Promise<TableSource> {
  const allowed = IDENTIFIER.test(table) ? (await store.declarations()).get(table)?.readable : undefined;
  if (!allowed) throw notAuthorised(table);
  const info = (await store.tables()).get(table);
  if (!info) throw new BizError(`字典表不存在: ${table}`);
  return new TableSource(info, allowed);
}

/** A value as the column compares it; undefined when it cannot be one (text against a number column). */
export function bindable(col: ColumnInfo, value: string | number | boolean): Bound | undefined {
  const text = typeof value === 'boolean' ? (value ? '1' : '0') : String(value);
  if (!col.numeric) return text;
  const n = Number(text);
  return text.trim() !== '' && Number.isFinite(n) ? n : undefined;
}
