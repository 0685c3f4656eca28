import type { ResourceDef } from '../../../core/crud';

/** User groups (用户组): named sets of users of one tenant. Deleting a group drops its memberships. */
export const userGroupResource: ResourceDef = {
  label: '用户组',
  table: 'sysUgroup',
  path: '/sys/ugroup',
  // the original's codes
  permission: 'system:sys_ugroup',
  tenant: true,
  defaultSort: [{ field: 'createTime', order: 'desc' }],
  fields: [
    { name: 'id', type: 'string', title: 'ID', writable: false, excel: false },
    { name: 'groupName', type: 'string', title: '用户组名称', required: true, unique: true, max: 100 },
    { name: 'description', type: 'string', title: '描述', max: 500 },
    { name: 'createBy', type: 'string', title: '创建人', writable: false, excel: false },
    { name: 'createTime', type: 'datetime', title: '创建时间', writable: false, excel: false },
    { name: 'updateBy', type: 'string', title: '更新人', writable: false, excel: false },
    { name: 'updateTime', type: 'datetime', title: '更新时间', writable: false, excel: false },
  ],
  hooks: {
    async beforeDelete(ids, ctx) {
      await ctx.db.deleteFrom('sysUgroupUser').where('groupId', 'in', ids).execute();
    },
  },
};
