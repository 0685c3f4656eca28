import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { FieldType } from '../../../core/query';
import { inTenant } from '../../system/user/user-list';
import { whereTenant, type TenantReader } from '../../../core/access';

// The only tables an online report may read, with the only columns it may name. Reports never carry
// SQL: a report's source table, item fields, parameters and fixed filter are all checked against this.

type Row = Record<string, unknown>;
export type ReportQuery = SelectQueryBuilder<any, any, Row>;

export interface ReportableTable {
  /** Kysely (camelCase) table name. */
  table: string;
  /** camelCase column → type; secrets (password, salt, tokens) are deliberately absent. */
  columns: Record<string, FieldType>;
  /** Rows a report may see at all (soft delete, tenant). */
  scope(qb: ReportQuery, tenant: TenantReader): ReportQuery;
}

const audit = { createBy: 'string', createTime: 'datetime', updateBy: 'string', updateTime: 'datetime' } as const;

export const REPORTABLE_TABLES: Record<string, ReportableTable> = {
  sys_user: {
    table: 'sysUser',
    columns: {
      id: 'string',
      username: 'string',
      realname: 'string',
      sex: 'int',
      birthday: 'string',
      email: 'string',
      phone: 'string',
      telephone: 'string',
      orgCode: 'string',
      workNo: 'string',
      post: 'string',
      status: 'int',
      userIdentity: 'int',
      ...audit,
    },
    scope: (qb, tenant) => inTenant(qb.where('delFlag', '=', 0), tenant),
  },
  sys_depart: {
    table: 'sysDepart',
    columns: {
      id: 'string',
      parentId: 'string',
      departName: 'string',
      departNameEn: 'string',
      departNameAbbr: 'string',
      departOrder: 'int',
      orgCategory: 'string',
      orgType: 'string',
      orgCode: 'string',
      mobile: 'string',
      fax: 'string',
      address: 'string',
      memo: 'string',
      description: 'string',
      status: 'string',
      ...audit,
    },
    // departments are shared by every tenant, as in the department module
    scope: (qb) => qb.where('delFlag', '=', '0'),
  },
  sys_role: {
    table: 'sysRole',
    columns: { id: 'string', roleName: 'string', roleCode: 'string', description: 'string', ...audit },
    scope: (qb) => qb,
  },
  sys_position: {
    table: 'sysPosition',
    columns: { id: 'string', code: 'string', name: 'string', postRank: 'string', companyId: 'string', sysOrgCode: 'string', ...audit },
    scope: (qb, tenant) => whereTenant(qb, tenant),
  },
};

export function reportableTable(name: string): ReportableTable | undefined {
  return Object.hasOwn(REPORTABLE_TABLES, name) ? REPORTABLE_TABLES[name] : undefined;
}

export function baseSelect(db: Kysely<any>, source: ReportableTable, columns: string[], tenant: TenantReader): ReportQuery {
  return source.scope(db.selectFrom(source.table).select(columns as any) as ReportQuery, tenant);
}
