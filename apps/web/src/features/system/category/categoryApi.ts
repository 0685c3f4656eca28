// 分类字典's urls and row shape.
import type { ListApi } from '../../../components/list-page';
import { http } from '../../../lib/http';

export interface Category {
  id: string;
  pid: string;
  name: string;
  code: string;
  hasChild?: string | number | boolean;
  createTime?: string;
  /** Set in the browser: loaded child rows ([] until the row is opened). */
  children?: Category[];
}

export const ROOT_PID = '0';

export const CATEGORY_API = {
  list: '/sys/category/rootList',
  delete: '/sys/category/delete',
  deleteBatch: '/sys/category/deleteBatch',
  exportXls: '/sys/category/exportXls',
  importExcel: '/sys/category/importExcel',
  add: '/sys/category/add',
  edit: '/sys/category/edit',
} satisfies ListApi & { add: string; edit: string };

export function hasChildren(row: Category): boolean {
  return row.hasChild === true || String(row.hasChild) === '1';
}

export async function loadChildren(pid: string): Promise<Category[]> {
  const rows = await http.get<Category[] | { records: Category[] }>('/sys/category/childList', { pid });
  return Array.isArray(rows) ? rows : (rows?.records ?? []);
}
