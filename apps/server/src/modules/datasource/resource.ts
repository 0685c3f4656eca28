import { z } from 'zod';
import type { ResourceDef } from '../../core/crud';
import { ResourceError } from '../../core/crud';
import { checkOnSave, DB_TYPE_TEXT, dbKindOf, type SourcePolicy } from './connection';
import { PASSWORD_MASK, type PasswordBox } from './password-box';

const DB_TYPES = ['postgresql', 'mysql', 'mariadb', 'sqlite', '1', '4', '5', '6', '10'] as const;

/**
 * 多数据源管理 (/sys/dataSource/*, the original's codes system:datasource:*). The password is not a field:
 * it comes as extra input, is sealed with the install's key inside the save's transaction, never read
 * back (queryById and the list answer a mask), and is left as stored when the mask or a blank comes back.
 */
export function dataSourceResource(box: PasswordBox, policy: SourcePolicy): ResourceDef {
  return {
    label: '数据源',
    table: 'sysDataSource',
    path: '/sys/dataSource',
    permission: 'system:datasource',
    tenant: true,
    without: ['importExcel'],
    fields: [
      { name: 'id', type: 'string', title: 'ID', writable: false, excel: false },
      { name: 'code', type: 'string', title: '数据源编码', required: true, max: 100, check: z.string().regex(/^[A-Za-z0-9_-]+$/, '数据源编码只能包含字母、数字、下划线和短横线') },
      { name: 'name', type: 'string', title: '数据源名称', required: true, max: 100 },
      { name: 'remark', type: 'string', title: '备注', max: 500 },
      { name: 'dbType', type: 'string', title: '数据库类型', required: true, check: z.enum(DB_TYPES, { error: '暂不支持该数据库类型（可选 PostgreSQL、MySQL/MariaDB、SQLite）' }) },
      { name: 'dbDriver', type: 'string', title: '驱动类', max: 100 },
      { name: 'dbUrl', type: 'string', title: '数据源地址', required: true, max: 500 },
      { name: 'dbName', type: 'string', title: '数据库名称', max: 100 },
      { name: 'dbUsername', type: 'string', title: '用户名', max: 100 },
      { name: 'sysOrgCode', type: 'string', title: '所属部门', writable: false, excel: false },
      { name: 'createBy', type: 'string', title: '创建人', writable: false, excel: false },
      { name: 'createTime', type: 'datetime', title: '创建时间', writable: false, excel: false },
      { name: 'updateBy', type: 'string', title: '更新人', writable: false, excel: false },
      { name: 'updateTime', type: 'datetime', title: '更新时间', writable: false, excel: false },
    ],
    extraInput: { dbPassword: z.string().max(200, '密码过长').nullable().optional() },
    hooks: {
      async beforeSave(row, ctx, mode) {
        if (mode === 'add') row.sysOrgCode = ctx.orgCode ?? null;
        const stored = mode === 'edit' ? await ctx.db.selectFrom('sysDataSource').selectAll().where('id', '=', row.id).executeTakeFirst() : undefined;
        const merged = { ...stored, ...Object.fromEntries(Object.entries(row).filter(([, v]) => v !== undefined)) } as Record<string, string | null>;
        // the address is checked on save, not only on test: a saved data source is always one we can open
        await checkOnSave({ dbType: String(merged.dbType), dbUrl: merged.dbUrl, dbName: merged.dbName, dbUsername: merged.dbUsername }, policy);
        if (row.code !== undefined) {
          const tenantId = stored?.tenantId ?? ctx.tenantId;
          const clash = await ctx.db
            .selectFrom('sysDataSource')
            .select('id')
            .where('tenantId', '=', tenantId)
            .where('code', '=', row.code)
            .where('id', '<>', String(row.id ?? ''))
            .executeTakeFirst();
          if (clash) throw new ResourceError(`数据源编码“${String(row.code)}”已存在`, 409);
        }
      },
      async afterSave(row, input, ctx) {
        const password = input.dbPassword;
        if (typeof password !== 'string' || password === '' || password === PASSWORD_MASK) return;
        await ctx.db.updateTable('sysDataSource').set({ dbPassword: box.seal(password, String(row.id)) }).where('id', '=', String(row.id)).execute();
      },
      async decorate(records, ctx) {
        const ids = records.map((r) => String(r.id));
        const withPassword = ids.length
          ? new Set((await ctx.db.selectFrom('sysDataSource').select('id').where('id', 'in', ids).where('dbPassword', 'is not', null).execute()).map((r) => r.id))
          : new Set<string>();
        for (const r of records) {
          r.dbPassword = withPassword.has(String(r.id)) ? PASSWORD_MASK : '';
          try {
            r.dbType_dictText = DB_TYPE_TEXT[dbKindOf(r.dbType)];
          } catch {
            r.dbType_dictText = String(r.dbType ?? '');
          }
        }
      },
    },
  };
}
