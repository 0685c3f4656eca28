import { z } from 'zod';
import { ResourceError, type ResourceDef } from '../../../core/crud';
import { whereTenant } from '../../../core/access/tenant';
import { ROOT_PID } from './code';

/** Category codes: letters, digits and `_` `-` `.`; generated ones look like A01, A01A02. */
export const CATEGORY_CODE = /^[A-Za-z0-9_.-]+$/;

/**
 * Categories (分类字典). The framework serves queryById and exportXls and validates bodies; the list,
 * writes and tree loaders are the module's own (roots only, generated codes, has_child upkeep).
 * A spreadsheet import places each row by its code, as the original does: a code's parent is the code
 * without its last three characters (A01A02 under A01), looked up among existing and imported rows.
 */
export const categoryResource: ResourceDef = {
  label: '分类',
  table: 'sysCategory',
  path: '/sys/category',
  permission: 'system:category',
  // a tenant's own category trees
  tenant: true,
  defaultSort: [{ field: 'code', order: 'asc' }],
  without: ['list', 'add', 'edit', 'delete', 'deleteBatch'],
  fields: [
    { name: 'id', type: 'string', title: 'ID', writable: false, excel: false },
    { name: 'pid', type: 'string', title: '父级节点', max: 36, excel: false },
    { name: 'name', type: 'string', title: '分类名称', required: true, max: 100 },
    { name: 'code', type: 'string', title: '分类编码', max: 100, unique: true, check: z.string().regex(CATEGORY_CODE, '分类编码只能包含字母、数字、下划线、横线和点') },
    { name: 'hasChild', type: 'string', title: '是否有子节点', writable: false, excel: false },
    { name: 'sysOrgCode', type: 'string', title: '所属部门', writable: false, excel: false },
    { name: 'createBy', type: 'string', title: '创建人', writable: false, excel: false },
    { name: 'createTime', type: 'datetime', title: '创建时间', writable: false, excel: false },
    { name: 'updateBy', type: 'string', title: '更新人', writable: false, excel: false },
    { name: 'updateTime', type: 'datetime', title: '更新时间', writable: false, excel: false },
  ],
  hooks: {
    beforeSave(row, _ctx, mode) {
      if (mode !== 'import') return;
      if (!row.code) throw new ResourceError('分类编码不能为空');
      row.pid = ROOT_PID;
      row.hasChild = '0';
    },
    afterImportReads: ['code'],
    async afterImport(rows, ctx) {
      // shortest codes first, so a parent imported in the same file is linked before its children
      const codes = rows.map((r) => String(r.code)).sort((a, b) => a.length - b.length);
      const parentCodes = [...new Set(codes.filter((c) => c.length > 3).map((c) => c.slice(0, -3)))];
      const parents = new Map<string, string>();
      for (let i = 0; i < parentCodes.length; i += 500) {
        const found = await whereTenant(ctx.db.selectFrom('sysCategory').select(['id', 'code']), ctx.caller).where('code', 'in', parentCodes.slice(i, i + 500)).execute();
        for (const f of found) parents.set(String(f.code), String(f.id));
      }
      for (const code of codes) {
        const pid = code.length > 3 ? parents.get(code.slice(0, -3)) : undefined;
        if (!pid) continue;
        await ctx.db.updateTable('sysCategory').set({ pid }).where('code', '=', code).execute();
        await ctx.db.updateTable('sysCategory').set({ hasChild: '1' }).where('id', '=', pid).execute();
      }
    },
  },
};
