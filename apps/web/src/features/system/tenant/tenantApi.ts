// 租户管理's urls and row shape (sys_tenant: integer id assigned by the server).
import type { SuperQueryField } from '../../../components/advanced-query';

export interface Tenant {
  id: number;
  name: string;
  beginDate?: string | null;
  endDate?: string | null;
  status?: number;
  status_dictText?: string;
  createBy?: string;
  createTime?: string;
}

export const TENANT_API = {
  list: '/sys/tenant/list',
  delete: '/sys/tenant/delete',
  deleteBatch: '/sys/tenant/deleteBatch',
  exportXls: '/sys/tenant/exportXls',
  importExcel: '/sys/tenant/importExcel',
  add: '/sys/tenant/add',
  edit: '/sys/tenant/edit',
};

export const TENANT_PERM = 'system:tenant';

export const TENANT_FIELDS: SuperQueryField[] = [
  { value: 'id', text: '租户编号', type: 'int' },
  { value: 'name', text: '租户名称', type: 'string' },
  { value: 'beginDate', text: '开始时间', type: 'datetime' },
  { value: 'endDate', text: '结束时间', type: 'datetime' },
  { value: 'status', text: '状态', type: 'int', dictCode: 'tenant_status' },
];
