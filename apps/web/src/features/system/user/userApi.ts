// 用户管理's urls, row shape and advanced-query fields.
import { imageUrl } from '../../../lib/files';
import type { SuperQueryField } from '../../../components/advanced-query';

export interface User {
  id: string;
  username: string;
  realname: string;
  workNo?: string | null;
  avatar?: string | null;
  sex?: number | null;
  sex_dictText?: string;
  birthday?: string | null;
  phone?: string | null;
  email?: string | null;
  status?: number;
  status_dictText?: string;
  orgCodeTxt?: string;
  createTime?: string;
}

export const USER_API = {
  list: '/sys/user/list',
  delete: '/sys/user/delete',
  deleteBatch: '/sys/user/deleteBatch',
  exportXls: '/sys/user/exportXls',
  importExcel: '/sys/user/importExcel',
  add: '/sys/user/add',
  edit: '/sys/user/edit',
};

export const USER_PERM = 'system:user';

export const USER_FIELDS: SuperQueryField[] = [
  { value: 'username', text: '用户账号', type: 'string' },
  { value: 'realname', text: '用户姓名', type: 'string' },
  { value: 'workNo', text: '工号', type: 'string' },
  { value: 'sex', text: '性别', type: 'int', dictCode: 'sex' },
  { value: 'birthday', text: '生日', type: 'date' },
  { value: 'phone', text: '手机号码', type: 'string' },
  { value: 'email', text: '电子邮件', type: 'string' },
  { value: 'status', text: '状态', type: 'int', dictCode: 'user_status' },
];

/** Avatars are stored as upload paths and shown through the image route; absolute urls pass through. */
export function avatarUrl(path: string | null | undefined): string | undefined {
  return path ? imageUrl(path) : undefined;
}
