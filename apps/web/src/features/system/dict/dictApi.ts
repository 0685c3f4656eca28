// 数据字典 / 字典项 / 字典数据源: urls, row shapes and the advanced-query fields.
import type { SuperQueryField } from '../../../components/advanced-query';
import type { ListApi } from '../../../components/list-page';
import { t } from '../../../lib/i18n';

export interface Dict {
  id: string;
  dictName: string;
  dictCode: string;
  description?: string;
  type?: number;
  createTime?: string;
}

export interface DictItem {
  id: string;
  dictId: string;
  itemText: string;
  itemValue: string;
  itemColor?: string;
  description?: string;
  sortOrder?: number;
  status?: number;
}

export interface DictSource {
  id: string;
  tableName: string;
  fields: string;
  /** Columns marked sensitive: never read by a dictionary; duplicate-checked only by holders of sensitivePerms. */
  sensitiveFields?: string | null;
  /** Permission codes (comma list) allowing duplicate checks on the sensitive columns. */
  sensitivePerms?: string | null;
  description?: string;
}

type CrudApi = ListApi & { add: string; edit: string };

export const DICT_API = {
  list: '/sys/dict/list',
  delete: '/sys/dict/delete',
  deleteBatch: '/sys/dict/deleteBatch',
  exportXls: '/sys/dict/exportXls',
  importExcel: '/sys/dict/importExcel',
  add: '/sys/dict/add',
  edit: '/sys/dict/edit',
} satisfies CrudApi;

export const DICT_ITEM_API = {
  list: '/sys/dictItem/list',
  delete: '/sys/dictItem/delete',
  deleteBatch: '/sys/dictItem/deleteBatch',
  add: '/sys/dictItem/add',
  edit: '/sys/dictItem/edit',
} satisfies CrudApi;

export const DICT_SOURCE_API = {
  list: '/sys/dictSource/list',
  delete: '/sys/dictSource/delete',
  deleteBatch: '/sys/dictSource/deleteBatch',
  add: '/sys/dictSource/add',
  edit: '/sys/dictSource/edit',
} satisfies CrudApi;

export const DICT_FIELDS: SuperQueryField[] = [
  { value: 'dictName', text: t('字典名称'), type: 'string' },
  { value: 'dictCode', text: t('字典编号'), type: 'string' },
  { value: 'description', text: t('描述'), type: 'string' },
];

/** Letters, digits, `_`, `-` and `.` — what the server accepts as a dictionary code. */
export const DICT_CODE_PATTERN = /^[A-Za-z0-9_.-]+$/;
/** Status of a dictionary item (dict dict_item_status). */
export const ITEM_STATUS = [
  { value: '1', text: t('启用') },
  { value: '0', text: t('不启用') },
];
