import { randomBytes } from 'node:crypto';
import type { ResourceDef } from '../../../core/crud';

const CODE_CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** Ten random letters and digits, as the original names a position its 3.9 form sends without a code. */
export function randomPositionCode(): string {
  return [...randomBytes(10)].map((b) => CODE_CHARS[b % CODE_CHARS.length]).join('');
}

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
    { name: 'code', type: 'string', title: '职务编码', unique: true, max: 100 },
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
      if (mode !== 'edit' && !row.code) row.code = randomPositionCode();
    },
    // the 3.9 page lists and edits 职务级别 as postLevel, a number; it is our 职级
    decorate(records) {
      for (const r of records) r.postLevel = r.postRank == null || r.postRank === '' ? null : Number(r.postRank);
    },
  },
};
