import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestApp, createUser, login, type TestApp } from '../../../../test/helpers/test-app';
import { newId, seedId } from '../../../core/db';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function bundle(token: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/sys/permission/getUserPermissionByToken', headers: auth(token) });
  expect(res.statusCode).toBe(200);
  return res.json().result;
}

describe('getUserPermissionByToken', () => {
  it('gives the administrator the seeded tree, sorted, with buttons', async () => {
    const r = await bundle(await login(t.app));
    expect(Object.keys(r).sort()).toEqual(['allAuth', 'auth', 'codeList', 'menu', 'sysSafeMode']);
    expect(r.menu.map((m: { path: string }) => m.path)).toEqual(['/dashboard/analysis', '/dashboard', '/examples', '/demo', '/account', '/system', '/students', '/message', '/education', '/monitor', '/online', '/online/reportPerms', '/online/cgformData', '/online/graphData']);
    const [home, dashboard, , , , system] = r.menu;
    expect(home).toMatchObject({
      path: '/dashboard/analysis',
      name: 'dashboard-analysis',
      component: 'dashboard/Analysis',
      route: '1',
      meta: { title: '首页', icon: 'ant-design:home-outlined', keepAlive: false, internalOrExternal: false, componentName: 'Analysis' },
    });
    expect(home).not.toHaveProperty('children');
    expect(home).not.toHaveProperty('hidden');
    expect(dashboard).toMatchObject({ component: 'layouts/RouteView', redirect: '/dashboard/workplace' });
    expect(dashboard.children.map((c: { path: string }) => c.path)).toEqual(['/dashboard/workplace', '/dashboard/monitor', '/dashboard/task', '/dashboard/chart']);
    expect(dashboard.children[0].meta).toMatchObject({ title: '工作台', keepAlive: true, componentName: 'workbench' });
    const info = system.children.find((c: { path: string }) => c.path === '/system/info');
    expect(info).toMatchObject({ path: '/system/info', component: 'system/info/SystemInfo', meta: { keepAlive: true } });
    expect(info.meta.permissionList).toEqual([{ action: 'system:info:view', type: '1', describe: '查看系统信息' }]);
    expect(r.auth).toContainEqual({ action: 'system:info:view', type: '1', describe: '查看系统信息' });
    expect(r.auth).toContainEqual({ action: 'system:user:add', type: '1', describe: '添加' });
    expect(r.allAuth).toContainEqual({ action: 'system:info:view', status: '1', type: '1', describe: '查看系统信息' });
    expect(r.codeList).toContain('system:position:importExcel');
    expect(r.sysSafeMode).toBe(false);
  });

  it('shows a user only the menus their role holds (home always first)', async () => {
    await createUser(t.db, { username: 'menu_user', password: 'Menu#pass12', menuKeys: ['account', 'account.center'] });
    const r = await bundle(await login(t.app, 'menu_user', 'Menu#pass12'));
    // 我的消息 (the bell's 查看更多) is every user's, hidden, at the top when 系统管理 is not theirs
    expect(r.menu.map((m: { path: string }) => m.path)).toEqual(['/dashboard/analysis', '/account', '/isps/userAnnouncement', '/system/usersetting', '/monitor/mynews']);
    expect(r.menu[2]).toMatchObject({ hidden: true, component: 'monitor/mynews/index' });
    expect(r.menu[1].children.map((c: { path: string }) => c.path)).toEqual(['/account/center']);
    expect(r.auth).toEqual([]);
    expect(r.codeList).toEqual([]);
    // Every button of the system is still listed, so the browser can disable what the user lacks.
    expect(r.allAuth.map((a: { action: string }) => a.action)).toContain('system:info:view');
    expect(r.allAuth.length).toBeGreaterThan(40);
  });

  it('gives a user without any role the home entry, the no-role page and 我的消息, and no buttons', async () => {
    await createUser(t.db, { username: 'roleless_user', password: 'Roleless#pass1' });
    const r = await bundle(await login(t.app, 'roleless_user', 'Roleless#pass1'));
    expect(r.menu.map((m: { path: string }) => m.path)).toEqual(['/dashboard/analysis', '/no-role', '/isps/userAnnouncement', '/system/usersetting', '/monitor/mynews']);
    expect(r.menu[1]).toMatchObject({ id: 'no-role', component: 'exception/NoRole', meta: { title: '尚未分配角色', titleEn: 'No role yet' } });
    expect(r.menu[2]).toMatchObject({ hidden: true, component: 'monitor/mynews/index' });
    expect(r.auth).toEqual([]);
    expect(r.codeList).toEqual([]);
  });

  it('drops a granted sub menu whose parent the user cannot see, and hides a top menu whose children are all hidden', async () => {
    await createUser(t.db, { username: 'orphan_user', password: 'Orphan#pass1', menuKeys: ['dashboard.workplace', 'account', 'account.center'] });
    await t.db.updateTable('sysPermission').set({ hidden: 1 }).where('url', '=', '/account/center').execute();
    const r = await bundle(await login(t.app, 'orphan_user', 'Orphan#pass1'));
    await t.db.updateTable('sysPermission').set({ hidden: 0 }).where('url', '=', '/account/center').execute();
    expect(r.menu.map((m: { path: string }) => m.path)).toEqual(['/dashboard/analysis', '/account', '/isps/userAnnouncement', '/system/usersetting', '/monitor/mynews']);
    expect(r.menu[1].hidden).toBe(true);
    expect(r.menu[1].children[0].hidden).toBe(true);
  });

  it('deleted menus disappear', async () => {
    await createUser(t.db, { username: 'del_user', password: 'Delete#pass1', menuKeys: ['account', 'account.center', 'account.settings'] });
    await t.db.updateTable('sysPermission').set({ delFlag: 1 }).where('url', '=', '/account/settings/base').execute();
    const r = await bundle(await login(t.app, 'del_user', 'Delete#pass1'));
    await t.db.updateTable('sysPermission').set({ delFlag: 0 }).where('url', '=', '/account/settings/base').execute();
    expect(r.menu[1].children.map((c: { path: string }) => c.path)).toEqual(['/account/center']);
  });
});

describe('getUserPermissionByToken cache', () => {
  it('answers a grant or a revoke made after the first call at once', async () => {
    const userId = await createUser(t.db, { username: 'cache_user', password: 'Cache#pass12', menuKeys: ['account', 'account.center'] });
    const token = await login(t.app, 'cache_user', 'Cache#pass12');
    const paths = async () => (await bundle(token)).menu.map((m: { path: string }) => m.path);
    expect(await paths()).toEqual(['/dashboard/analysis', '/account', '/isps/userAnnouncement', '/system/usersetting', '/monitor/mynews']);
    const role = await t.db.selectFrom('sysUserRole').select('roleId').where('userId', '=', userId).executeTakeFirstOrThrow();
    await t.db.insertInto('sysRolePermission').values({ id: newId(), roleId: role.roleId, permissionId: seedId('menu.dashboard') }).execute();
    await t.db.insertInto('sysRolePermission').values({ id: newId(), roleId: role.roleId, permissionId: seedId('menu.dashboard.monitor') }).execute();
    expect(await paths()).toEqual(['/dashboard/analysis', '/dashboard', '/account', '/isps/userAnnouncement', '/system/usersetting', '/monitor/mynews']);
    await t.db.deleteFrom('sysRolePermission').where('roleId', '=', role.roleId).where('permissionId', '=', seedId('menu.account')).execute();
    expect(await paths()).toEqual(['/dashboard/analysis', '/dashboard', '/isps/userAnnouncement', '/system/usersetting', '/monitor/mynews']);
    await t.db.updateTable('sysPermission').set({ hidden: 1 }).where('id', '=', seedId('menu.dashboard.monitor')).execute();
    const dashboard = (await bundle(token)).menu.find((m: { path: string }) => m.path === '/dashboard');
    expect(dashboard.hidden).toBe(true);
  });
});
