// 用户组's urls (the original's) and shapes.
import type { SuperQueryField } from '../../../components/advanced-query';
import type { ListApi } from '../../../components/list-page';

export const PERM = 'system:sys_ugroup';

export interface UserGroup {
  id: string;
  groupName: string;
  description?: string;
  createTime?: string;
}

export interface GroupMember {
  id: string;
  username: string;
  realname?: string;
  status_dictText?: string;
}

export const USER_GROUP_API = {
  list: '/sys/ugroup/list',
  delete: '/sys/ugroup/delete',
  deleteBatch: '/sys/ugroup/deleteBatch',
  exportXls: '/sys/ugroup/exportXls',
  importExcel: '/sys/ugroup/importExcel',
  add: '/sys/ugroup/add',
  edit: '/sys/ugroup/edit',
} satisfies ListApi & { add: string; edit: string };

export const GROUP_MEMBER_API = {
  list: '/sys/user/groupUserList',
  add: '/sys/user/addSysUserGroup',
  remove: '/sys/user/deleteUserGroupBatch',
} as const;

export const USER_GROUP_FIELDS: SuperQueryField[] = [
  { value: 'groupName', text: '用户组名称', type: 'string' },
  { value: 'description', text: '描述', type: 'string' },
];
