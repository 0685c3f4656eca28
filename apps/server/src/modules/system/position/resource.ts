import type { ResourceDef } from '../../../core/crud';

export const positionResource: ResourceDef = {
  label: '职务',
  table: 'sysPosition',
  dataLog: true,
  path: '/sys/position',
  permission: 'system:position',
  tenant: true,
  dataRuleMenu: '/system/position',
  fields: [
    { name: 'id', type: 'string', title: 'ID', writable: false, excel: false },
    { name: 'code', type: 'string', title: '职务编码', required: true, unique: true, max: 100 },
    { name: 'name', type: 'string', title: '职务名称', required: true, max: 100 },
    { name: 'postRank', type: 'string', title: '职级', dictCode: 'position_rank', max: 2 },
    { name: 'companyId', type: 'string', title: '公司', excel: false },
    { name: 'sysOrgCode', type: 'string', title: '所属部门', writable: false, excel: false },
    { name: 'createBy', type: 'string', title: '创建人', writable: false, excel: false },
    { name: 'createTime', type: 'datetime', title: '创建时间', writable: false, excel: false },
    { name: 'updateBy', type: 'string', title: '更新人', writable: false, excel: false },
    { name: 'updateTime', type: 'datetime', title: '更新时间', writable: false, excel: false },
  ],
  hooks: {
    beforeSave(row, ctx, mode) {
      if (mode !== 'edit') row.sysOrgCode = ctx.orgCode ?? null;
    },
  },
};
