import { z } from 'zod';
import { ResourceError, type ResourceDef } from '../../../core/crud';
import { SEED_ADMIN_ROLE } from '../../../core/db/seed/organisation';

export const ROLE_CODE = /^[A-Za-z][A-Za-z0-9_]*$/;

/**
 * Roles. Deleting a role removes it from its users and drops its grants (as the original does), so an
 * administrator can retire a role in one step; the administrator role itself cannot be deleted, since
 * that would leave nobody able to grant anything.
 */
export const roleResource: ResourceDef = {
  label: '角色',
  table: 'sysRole',
  path: '/sys/role',
  permission: 'system:role',
  // a tenant's roles are its own; the built-in ones belong to the system tenant
  tenant: true,
  fields: [
    { name: 'id', type: 'string', title: 'ID', writable: false, excel: false },
    { name: 'roleName', type: 'string', title: '角色名称', required: true, max: 100 },
    { name: 'roleCode', type: 'string', title: '角色编码', required: true, unique: true, max: 100, check: z.string().regex(ROLE_CODE, '角色编码以字母开头，只能包含字母、数字和下划线') },
    { name: 'description', type: 'string', title: '描述', max: 255 },
    { name: 'createBy', type: 'string', title: '创建人', writable: false, excel: false },
    { name: 'createTime', type: 'datetime', title: '创建时间', writable: false, excel: false },
    { name: 'updateBy', type: 'string', title: '更新人', writable: false, excel: false },
    { name: 'updateTime', type: 'datetime', title: '更新时间', writable: false, excel: false },
  ],
  hooks: {
    async beforeSave(row, ctx, mode) {
      if (mode !== 'edit' || row.roleCode === undefined) return;
      // renaming the administrator role's code would orphan it from the seed that keeps it whole
      const current = await ctx.db.selectFrom('sysRole').select('roleCode').where('id', '=', row.id as string).executeTakeFirst();
      if (current?.roleCode === SEED_ADMIN_ROLE.roleCode && row.roleCode !== SEED_ADMIN_ROLE.roleCode) throw new ResourceError('管理员角色的编码不能修改');
    },
    async beforeDelete(ids, ctx) {
      const admin = await ctx.db.selectFrom('sysRole').select('id').where('id', 'in', ids).where('roleCode', '=', SEED_ADMIN_ROLE.roleCode).executeTakeFirst();
      if (admin) throw new ResourceError('管理员角色不能删除');
      await ctx.db.deleteFrom('sysUserRole').where('roleId', 'in', ids).execute();
      await ctx.db.deleteFrom('sysRolePermission').where('roleId', 'in', ids).execute();
    },
  },
};
