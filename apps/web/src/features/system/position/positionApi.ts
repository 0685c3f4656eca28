// 职务管理's urls and advanced-query fields.
import type { SuperQueryField } from '../../../components/advanced-query';
import type { ListApi } from '../../../components/list-page';

export interface Position {
  id: string;
  code: string;
  name: string;
  postRank?: string;
  postRank_dictText?: string;
  createTime?: string;
}

export const POSITION_API = {
  list: '/sys/position/list',
  delete: '/sys/position/delete',
  deleteBatch: '/sys/position/deleteBatch',
  exportXls: '/sys/position/exportXls',
  importExcel: '/sys/position/importExcel',
  add: '/sys/position/add',
  edit: '/sys/position/edit',
} satisfies ListApi & { add: string; edit: string };

export const POSITION_FIELDS: SuperQueryField[] = [
  { value: 'code', text: '职务编码', type: 'string' },
  { value: 'name', text: '职务名称', type: 'string' },
  { value: 'postRank', text: '职级', type: 'string', dictCode: 'position_rank' },
];
