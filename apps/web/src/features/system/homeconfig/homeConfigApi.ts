// 首页配置's urls (the original's) and shapes: the page a role, one user or everyone lands on after signing in.
import type { ListApi } from '../../../components/list-page';

export const PERM = 'system:roleindex';

export interface HomeConfig {
  id: string;
  relationType: 'ROLE' | 'USER' | 'DEFAULT';
  relationType_dictText?: string;
  roleCode: string;
  url: string;
  component: string;
  route?: boolean;
  priority?: number;
  status?: string;
}

export const HOME_CONFIG_API = {
  list: '/sys/sysRoleIndex/list',
  delete: '/sys/sysRoleIndex/delete',
  deleteBatch: '/sys/sysRoleIndex/deleteBatch',
  add: '/sys/sysRoleIndex/add',
  edit: '/sys/sysRoleIndex/edit',
} satisfies ListApi & { add: string; edit: string };

/** roleCode of the configuration that applies to everyone. */
export const DEF_INDEX_ALL = 'DEF_INDEX_ALL';
