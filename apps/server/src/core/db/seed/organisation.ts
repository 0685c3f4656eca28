// The first organisation: tenant, departments, the administrator role and user.
export const SEED_TENANT = { id: 1000, name: '默认租户' };

export const SEED_DEPARTS = [
  { key: 'depart.A01', parent: undefined, departName: '总公司', orgCode: 'A01', orgCategory: '1', departOrder: 0 },
  { key: 'depart.A01A01', parent: 'depart.A01', departName: '研发部', orgCode: 'A01A01', orgCategory: '2', departOrder: 0 },
] as const;

export const SEED_ADMIN_ROLE = { key: 'role.admin', roleCode: 'admin', roleName: '管理员', description: '拥有全部权限' };
export const SEED_ADMIN_USER = { key: 'user.admin', username: 'admin', realname: '管理员', orgCode: 'A01' };
