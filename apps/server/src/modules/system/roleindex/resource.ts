import { z } from 'zod';
import { ResourceError, type ResourceDef } from '../../../core/crud';

/** roleCode of the configuration that applies to everyone (菜单默认首页). */
export const DEF_INDEX_ALL = 'DEF_INDEX_ALL';
/** The original's built-in home page when nothing is configured (DefIndexConst). */
export const DEF_INDEX_URL = '/dashboard/analysis';
export const DEF_INDEX_COMPONENT = 'dashboard/Analysis';
export const RELATION_TYPES = ['ROLE', 'USER', 'DEFAULT'] as const;

/**
 * Home-page configurations (首页配置, the original's sys_role_index), one tenant's each. The column
 * is_route travels as `route` (a boolean), as the original's entity names it: routes.ts maps it both ways.
 */
export const roleIndexResource: ResourceDef = {
  label: '首页配置',
  table: 'sysRoleIndex',
  path: '/sys/sysRoleIndex',
  permission: 'system:roleindex',
  tenant: true,
  defaultSort: [{ field: 'priority', order: 'desc' }, { field: 'createTime', order: 'desc' }],
  // add and edit are the module's own (route ↔ is_route, one enabled global default); no spreadsheet here
  without: ['add', 'edit', 'exportXls', 'importExcel'],
  fields: [
    { name: 'id', type: 'string', title: 'ID', writable: false, excel: false },
    { name: 'roleCode', type: 'string', title: '用户/角色编码', required: true, max: 100 },
    { name: 'url', type: 'string', title: '首页路由', required: true, max: 255, check: z.string().regex(/^[^\s<>"'`]*$/, '首页路由不能包含空格、引号或尖括号') },
    { name: 'component', type: 'string', title: '组件地址', required: true, max: 255, check: z.string().regex(/^[^\s<>"'`]*$/, '组件地址不能包含空格、引号或尖括号') },
    { name: 'isRoute', type: 'int', title: '是否路由菜单', check: z.number().int().min(0, '是否路由菜单只能是 0 或 1').max(1, '是否路由菜单只能是 0 或 1') },
    { name: 'priority', type: 'int', title: '优先级', check: z.number().int().min(0, '优先级不能小于 0').max(99999, '优先级不能大于 99999') },
    { name: 'status', type: 'string', title: '是否开启', max: 2, check: z.enum(['0', '1'], { error: '是否开启只能是 0 或 1' }) },
    { name: 'relationType', type: 'string', title: '关联类型', max: 20, dictCode: 'relation_type', check: z.enum(RELATION_TYPES, { error: '关联类型只能是 ROLE、USER 或 DEFAULT' }) },
    { name: 'sysOrgCode', type: 'string', title: '所属部门', writable: false, excel: false },
    { name: 'createBy', type: 'string', title: '创建人', writable: false, excel: false },
    { name: 'createTime', type: 'datetime', title: '创建时间', writable: false, excel: false },
    { name: 'updateBy', type: 'string', title: '更新人', writable: false, excel: false },
    { name: 'updateTime', type: 'datetime', title: '更新时间', writable: false, excel: false },
  ],
  hooks: {
    async beforeSave(row, ctx, mode) {
      const defaults = { relationType: 'ROLE', status: '0', isRoute: 1, priority: 0 } as const;
      for (const [k, v] of Object.entries(defaults)) if (row[k] === null || (mode === 'add' && row[k] === undefined)) row[k] = v;
      if (mode === 'add') row.sysOrgCode = ctx.orgCode ?? null;
      let { roleCode, relationType } = row as { roleCode?: string; relationType?: string };
      if (mode === 'edit' && (roleCode === undefined || relationType === undefined)) {
        const current = await ctx.db.selectFrom('sysRoleIndex').select(['roleCode', 'relationType']).where('id', '=', row.id).executeTakeFirst();
        roleCode ??= current?.roleCode;
        relationType ??= current?.relationType;
      }
      // the role or user named must be one of this tenant's; the global default is named DEF_INDEX_ALL
      if (relationType === 'DEFAULT' || roleCode === DEF_INDEX_ALL) {
        if (relationType !== 'DEFAULT' || roleCode !== DEF_INDEX_ALL) throw new ResourceError(`全局默认首页的编码须为 ${DEF_INDEX_ALL}，关联类型须为 DEFAULT`);
      } else if (relationType === 'USER') {
        const member = await ctx.db
          .selectFrom('sysUser as u')
          .innerJoin('sysUserTenant as ut', 'ut.userId', 'u.id')
          .select('u.id')
          .where('u.username', '=', roleCode)
          .where('u.delFlag', '=', 0)
          .where('ut.tenantId', '=', ctx.tenantId)
          .executeTakeFirst();
        if (!member) throw new ResourceError(`用户“${roleCode}”不存在`);
      } else {
        const role = await ctx.db.selectFrom('sysRole').select('id').where('roleCode', '=', roleCode).where('tenantId', '=', ctx.tenantId).executeTakeFirst();
        if (!role) throw new ResourceError(`角色“${roleCode}”不存在`);
      }
    },
    async afterSave(row, _input, ctx) {
      // one enabled global default per tenant: enabling one turns the others off (the original's updateOtherDefaultStatus)
      const current = await ctx.db.selectFrom('sysRoleIndex').select(['roleCode', 'status']).where('id', '=', row.id).executeTakeFirst();
      if (current?.roleCode !== DEF_INDEX_ALL || current.status !== '1') return;
      await ctx.db
        .updateTable('sysRoleIndex')
        .set({ status: '0' })
        .where('roleCode', '=', DEF_INDEX_ALL)
        .where('status', '=', '1')
        .where('id', '<>', row.id)
        .where('tenantId', '=', ctx.tenantId)
        .execute();
    },
    decorate(records) {
      for (const r of records) {
        r.route = r.isRoute === undefined || r.isRoute === null ? null : Number(r.isRoute) === 1;
        delete r.isRoute;
      }
    },
  },
};
