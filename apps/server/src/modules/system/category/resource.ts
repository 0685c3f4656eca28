import { z } from 'zod';
import type { ResourceDef } from '../../../core/crud';

/** Category codes: letters, digits and `_` `-` `.`; generated ones look like A01, A01A02. */
export const CATEGORY_CODE = /^[A-Za-z0-9_.-]+$/;

/**
 * Categories (分类字典). The framework serves queryById and exportXls and validates bodies; the list,
 * writes and tree loaders are the module's own (roots only, generated codes, has_child upkeep).
 */
export const categoryResource: ResourceDef = {
  label: '分类',
  table: 'sysCategory',
  path: '/sys/category',
  permission: 'system:category',
  // a tenant's own category trees
  tenant: true,
  defaultSort: [{ field: 'code', order: 'asc' }],
  without: ['list', 'add', 'edit', 'delete', 'deleteBatch', 'importExcel'],
  fields: [
    { name: 'id', type: 'string', title: 'ID', writable: false, excel: false },
    { name: 'pid', type: 'string', title: '父级节点', max: 36, excel: false },
    { name: 'name', type: 'string', title: '分类名称', required: true, max: 100 },
    { name: 'code', type: 'string', title: '分类编码', max: 100, check: z.string().regex(CATEGORY_CODE, '分类编码只能包含字母、数字、下划线、横线和点') },
    { name: 'hasChild', type: 'string', title: '是否有子节点', writable: false, excel: false },
    { name: 'sysOrgCode', type: 'string', title: '所属部门', writable: false, excel: false },
    { name: 'createBy', type: 'string', title: '创建人', writable: false, excel: false },
    { name: 'createTime', type: 'datetime', title: '创建时间', writable: false, excel: false },
    { name: 'updateBy', type: 'string', title: '更新人', writable: false, excel: false },
    { name: 'updateTime', type: 'datetime', title: '更新时间', writable: false, excel: false },
  ],
};
