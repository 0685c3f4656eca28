import { isSafeLink, LINK_INVALID_MESSAGE } from '@anxue/shared';
import { z } from 'zod';
import { ResourceError, type ResourceDef } from '../../../core/crud';
import { SEED_TENANT } from '../../../core/db/seed/organisation';

/** Tenants. Ids are integers handed out by the add route (max + 1, from 1000 up). */
export const tenantResource: ResourceDef = {
  label: '租户',
  table: 'sysTenant',
  path: '/sys/tenant',
  permission: 'system:tenant',
  softDelete: true,
  defaultSort: [{ field: 'id', order: 'asc' }],
  without: ['add'],
  // the edit form sends the integer id as a number
  extraInput: { id: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string({ error: '缺少id' }).regex(/^\d{1,9}$/, '租户id必须是整数')).optional() },
  fields: [
    { name: 'id', type: 'int', title: '租户编号', writable: false, excel: false },
    { name: 'name', type: 'string', title: '租户名称', required: true, max: 100 },
    { name: 'houseNumber', type: 'string', title: '门牌号', unique: true, max: 10 },
    { name: 'status', type: 'int', title: '状态', dictCode: 'tenant_status'},
    { name: 'beginDate', type: 'datetime', title: '开始时间' },
    { name: 'endDate', type: 'datetime', title: '结束时间' },
    { name: 'trade', type: 'string', title: '所属行业', max: 10 },
    { name: 'companySize', type: 'string', title: '公司规模', max: 10 },
    { name: 'companyAddress', type: 'string', title: '公司地址', max: 100 },
    // Shown as an image source: no javascript:, data: or vbscript: link (packages/shared/src/links.ts).
    { name: 'companyLogo', type: 'string', title: '公司logo', max: 255, excel: false, check: z.string().refine((v) => isSafeLink(v), LINK_INVALID_MESSAGE) },
    { name: 'workPlace', type: 'string', title: '工作地点', max: 100 },
    { name: 'createBy', type: 'string', title: '创建人', writable: false, excel: false },
    { name: 'createTime', type: 'datetime', title: '创建时间', writable: false, excel: false },
    { name: 'updateBy', type: 'string', title: '更新人', writable: false, excel: false },
    { name: 'updateTime', type: 'datetime', title: '更新时间', writable: false, excel: false },
  ],
  hooks: {
    beforeSave(row, _ctx, mode) {
      if (row.status !== undefined && row.status !== null && row.status !== 0 && row.status !== 1) throw new ResourceError('状态只能是1（正常）或0（冻结）');
      if (mode !== 'edit' && (row.status === undefined || row.status === null)) row.status = 1;
    },
    async beforeDelete(ids, ctx) {
      if (ids.map(Number).includes(SEED_TENANT.id)) throw new ResourceError('默认租户不能删除');
      const member = await ctx.db.selectFrom('sysUserTenant').select('tenantId').where('tenantId', 'in', ids.map(Number)).where('status', '=', '1').executeTakeFirst();
      if (member) throw new ResourceError(`租户${member.tenantId}下仍有用户，请先移除用户`);
    },
  },
};
