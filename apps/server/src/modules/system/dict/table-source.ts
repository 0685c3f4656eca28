import type { TenantReader } from '../../../core/access';
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
   * Rows a caller may see: the caller's tenant's rows when the table is tenant-scoped (a tenant column,
   * or users through their tenant membership), as the resource framework does; a caller in no tenant
   * sees none, only the cross-tenant permission sees every tenant. The tenants themselves (sys_tenant):
   * those the caller is an active member of, every tenant for holders of the tenant list (or the
   * cross-tenant permission). Never rows marked deleted.
   */
  async rows(db: Kysely<any>, reader: DictReader): Promise<SelectQueryBuilder<any, any, {}>> {
    let qb = db.selectFrom(this.info.name);
    const rule = await rowRule(this.info, reader);
    const tenants = rule.tenants;
    if (tenants.kind === 'none') qb = qb.where(sql<boolean>`1 = 0`);
    else if (tenants.kind === 'column') qb = qb.where(sql.ref('tenant_id'), '=', tenants.value);
    else if (tenants.kind === 'userMember') {
      qb = qb.where(sql<boolean>`exists (select 1 from sys_user_tenant ut where ut.user_id = ${sql.ref(`${this.info.name}.id`)} and ut.tenant_id = ${tenants.tenantId} and ut.status = '1')`);
    } else if (tenants.kind === 'tenantOfUser') {
      qb = qb.where(sql<boolean>`exists (select 1 from sys_user_tenant ut where ut.tenant_id = ${sql.ref('sys_tenant.id')} and ut.user_id = ${tenants.userId} and ut.status = '1')`);
    }
    if (rule.deleted) qb = qb.where(sql<boolean>`(${sql.ref('del_flag')} is null or ${sql.ref('del_flag')} <> ${rule.deleted.flag})`);
    return qb;
  }
}

/** Which rows of a table a reader may see, as data: rendered by Kysely for dictionaries, as view text for report SQL. */
export interface RowRule {
  tenants:
    | { kind: 'all' }
    | { kind: 'none' }
    /** tenant_id = value */
    | { kind: 'column'; value: number | string }
    /** users holding an active membership of the tenant */
    | { kind: 'userMember'; tenantId: number }
    /** the tenants the user is an active member of */
    | { kind: 'tenantOfUser'; userId: string };
  /** rows whose del_flag is this are left out */
  deleted: { flag: number | string } | null;
}

/** Tables every tenant reads whole despite their tenant column: the dictionaries are shared (recycle.ts). */
const SHARED_TABLES: ReadonlySet<string> = new Set(['sys_dict']);

/** The tenant and soft-delete rule of one table for one reader. */
export async function rowRule(info: TableInfo, reader: DictReader): Promise<RowRule> {
  const column = SHARED_TABLES.has(info.name) ? undefined : info.columns.get('tenant_id');
  const none = !reader.allTenants && reader.tenantId <= 0;
  let tenants: RowRule['tenants'] = { kind: 'all' };
  if (info.name === 'sys_tenant') {
    if (!(await seesEveryTenant(reader))) tenants = reader.id ? { kind: 'tenantOfUser', userId: reader.id } : { kind: 'none' };
  } else if (none && (column || info.name === 'sys_user')) tenants = { kind: 'none' };
  else if (!reader.allTenants && column) tenants = { kind: 'column', value: column.numeric ? reader.tenantId : String(reader.tenantId) };
  else if (!reader.allTenants && info.name === 'sys_user') tenants = { kind: 'userMember', tenantId: reader.tenantId };
  const del = info.columns.get('del_flag');
  return { tenants, deleted: del ? { flag: del.numeric ? 1 : '1' } : null };
}

/** Who reads a table dictionary: the tenant rule, and for the tenants themselves who the caller is. */
export interface DictReader extends TenantReader {
  /** The caller's user id (signed-in requests); without it no tenant is a "tenant of the caller". */
  id?: string;
  permissions?(): Promise<ReadonlySet<string>>;
}

/** Reads every tenant (the tenant page's list right): the tenant dictionary is not limited to memberships. */
export const TENANT_LIST_PERMISSION = 'system:tenant:list';

async function seesEveryTenant(reader: DictReader): Promise<boolean> {
  if (reader.allTenants) return true;
  return reader.permissions ? (await reader.permissions()).has(TENANT_LIST_PERMISSION) : false;
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
