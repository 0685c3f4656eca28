import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, seedId } from '../../../core/db';
import { createTestApp, createUser, login, type TestApp, apiCall, type HttpMethod } from '../../../../test/helpers/test-app';

let t: TestApp;
let admin: string;

const call = (method: HttpMethod, url: string, payload?: object, token = admin) => apiCall(t.app, token, method, url, payload);
const idOf = async (name: string) => (await t.db.selectFrom('sysPermission').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const SYSTEM = () => seedId('menu.system');

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
});
afterAll(() => t.close());

describe('menu list and pickers', () => {
  it('lists the whole tree with buttons, every field and the menu type text', async () => {
    const tree = (await call('GET', '/sys/permission/list')).body.result;
    const system = tree.find((n: any) => n.id === SYSTEM());
    expect(system).toMatchObject({ key: SYSTEM(), title: '系统管理', url: '/system', component: 'layouts/RouteView', menuType: 0, menuType_dictText: '一级菜单', icon: 'ant-design:setting-outlined' });
    const role = system.children.find((n: any) => n.url === '/system/role');
    expect(role).toMatchObject({ menuType: 1, menuType_dictText: '子菜单', keepAlive: 1 });
    expect(role.children.map((b: any) => b.perms)).toContain('system:role:authorize');
    expect(role.children[0]).toMatchObject({ menuType: 2, menuType_dictText: '按钮权限' });
    const found = (await call('GET', `/sys/permission/list?name=${encodeURIComponent('角色管理')}`)).body.result;
    expect(found.map((n: any) => n.name)).toEqual(['角色管理']);
  });

  it('answers top menus, sub menus one parent at a time and in batches, and the grant tree', async () => {
    const tops = (await call('GET', '/sys/permission/getSystemMenuList')).body.result;
    expect(tops.map((n: any) => n.name)).toEqual(expect.arrayContaining(['系统管理', '仪表盘']));
    expect(tops.every((n: any) => n.menuType === 0)).toBe(true);
    const subs = (await call('GET', `/sys/permission/getSystemSubmenu?parentId=${SYSTEM()}`)).body.result;
    expect(subs.map((n: any) => n.url)).toContain('/system/depart');
    const batch = (await call('GET', `/sys/permission/getSystemSubmenuBatch?parentIds=${SYSTEM()},${seedId('menu.dashboard')}`)).body.result;
    expect(Object.keys(batch).sort()).toEqual([SYSTEM(), seedId('menu.dashboard')].sort());
    expect(batch[seedId('menu.dashboard')].map((n: any) => n.url)).toEqual(['/dashboard/workplace', '/dashboard/monitor', '/dashboard/task', '/dashboard/chart']);
    const { treeList, ids } = (await call('GET', '/sys/permission/queryTreeList')).body.result;
    const count = await t.db.selectFrom('sysPermission').select((eb) => eb.fn.countAll().as('n')).where('delFlag', '=', 0).executeTakeFirstOrThrow();
    expect(ids.length).toBe(Number(count.n));
    const sys = treeList.find((n: any) => n.key === SYSTEM());
    expect(sys).toMatchObject({ title: '系统管理', slotTitle: '系统管理', isLeaf: false, ruleFlag: 0 });
    expect(sys.children.find((n: any) => n.title === '职务管理').children[0]).toMatchObject({ isLeaf: true });
  });
});

describe('menu writes', () => {
  it('adds a menu and a button under it, validating each kind', async () => {
    const menu = { parentId: SYSTEM(), name: '培训课程管理', url: '/system/course', component: 'system/course/CourseList', menuType: 1, sortNo: 20, keepAlive: true };
    expect((await call('POST', '/sys/permission/add', menu)).body).toMatchObject({ success: true, message: '添加成功！' });
    const courseId = await idOf('培训课程管理');
    const row = await t.db.selectFrom('sysPermission').selectAll().where('id', '=', courseId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ keepAlive: 1, isLeaf: 1, isRoute: 1, status: '1', createBy: 'admin' });
    expect((await call('POST', '/sys/permission/add', { parentId: courseId, name: '新增课程', menuType: 2, perms: 'system:course:add' })).body.success).toBe(true);
    expect((await t.db.selectFrom('sysPermission').select('isLeaf').where('id', '=', courseId).executeTakeFirstOrThrow()).isLeaf).toBe(0);

    const refusals: Array<[object, string]> = [
      [{ parentId: courseId, name: '无标识', menuType: 2 }, '按钮必须填写授权标识'],
      [{ parentId: courseId, name: '重复', menuType: 2, perms: 'system:role:add' }, '授权标识“system:role:add”已存在'],
      [{ parentId: SYSTEM(), name: '无路径', menuType: 1, component: 'x' }, '菜单必须填写访问路径'],
      [{ parentId: SYSTEM(), name: '无组件', menuType: 1, url: '/x' }, '菜单必须填写前端组件'],
      [{ parentId: 'nope', name: '孤儿', menuType: 1, url: '/x', component: 'x' }, '上级菜单不存在'],
      [{ name: '无上级', menuType: 1, url: '/x', component: 'x' }, '子菜单必须选择上级菜单'],
      [{ parentId: await idOf('新增课程'), name: '按钮下', menuType: 2, perms: 'a:b' }, '按钮下不能再添加菜单或按钮'],
      [{ parentId: courseId, name: '坏标识', menuType: 2, perms: "a'; drop" }, "授权标识“a'; drop”只能包含字母、数字和 _ : . - *"],
      [{ parentId: SYSTEM(), menuType: 1, url: '/x', component: 'x' }, '菜单名称不能为空'],
      [{ name: 'x', menuType: 5 }, '菜单类型只能是一级菜单、子菜单或按钮'],
    ];
    for (const [body, message] of refusals) {
      const res = await call('POST', '/sys/permission/add', body);
      expect(res.status, message).toBe(200);
      expect(res.body.success, message).toBe(false);
      expect(res.body.message).toContain(message);
    }
  });

  it('gives a new menu to its maker\'s roles at once, so the maker can grant it on without a restart', async () => {
    const menu = { parentId: SYSTEM(), name: '值班表', url: '/system/duty', component: 'system/duty/DutyList', menuType: 1, sortNo: 21 };
    expect((await call('POST', '/sys/permission/add', menu)).body.success).toBe(true);
    const dutyId = await idOf('值班表');
    const adminRole = seedId('role.admin');
    const held = await t.db.selectFrom('sysRolePermission').select('permissionId').where('roleId', '=', adminRole).where('permissionId', '=', dutyId).execute();
    expect(held).toHaveLength(1);
    const menus = (await call('GET', '/sys/permission/getUserPermissionByToken')).body.result.menu as Array<{ path: string; children?: Array<{ path: string }> }>;
    expect(menus.find((m) => m.path === '/system')!.children!.some((c) => c.path === '/system/duty')).toBe(true);
    // and the maker may hand it to another role
    const other = newId();
    await t.db.insertInto('sysRole').values({ id: other, roleCode: 'duty_reader', roleName: '值班查看', tenantId: 1000 }).execute();
    const grant = await call('POST', '/sys/permission/saveRolePermission', { roleId: other, permissionIds: [SYSTEM(), dutyId].join(',') });
    expect(grant.body).toMatchObject({ success: true });
  });

  it('edits a menu, refusing itself or a descendant as parent', async () => {
    const courseId = await idOf('培训课程管理');
    const base = { id: courseId, name: '课程', url: '/system/course', component: 'system/course/CourseList', menuType: 1 };
    expect((await call('PUT', '/sys/permission/edit', { ...base, parentId: SYSTEM() })).body.message).toBe('编辑成功!');
    expect((await call('PUT', '/sys/permission/edit', { ...base, parentId: courseId })).body.message).toBe('上级菜单不能是自己或自己的下级');
    // moving the system menu under its own child
    const sys = { id: SYSTEM(), name: '系统管理', url: '/system', component: 'layouts/RouteView', menuType: 1, parentId: courseId };
    expect((await call('PUT', '/sys/permission/edit', sys)).body.message).toBe('上级菜单不能是自己或自己的下级');
    expect(await call('PUT', '/sys/permission/edit', { ...base, id: 'nope', parentId: SYSTEM() })).toMatchObject({ status: 200, body: { success: false, message: '未找到对应菜单' } });
  });

  it('deletes a menu with its buttons, their grants and data rules', async () => {
    const courseId = await idOf('课程');
    const buttonId = await idOf('新增课程');
    // the admin role got both when they were made
    expect(await t.db.selectFrom('sysRolePermission').select('id').where('permissionId', 'in', [courseId, buttonId]).execute()).toHaveLength(2);
    await call('POST', '/sys/permission/addPermissionRule', { permissionId: courseId, ruleName: '本人', ruleColumn: 'create_by', ruleConditions: '=', ruleValue: '#{sys_user_code}' });
    expect((await call('DELETE', `/sys/permission/delete?id=${courseId}`)).body.message).toBe('删除成功!');
    for (const table of ['sysRolePermission', 'sysPermissionDataRule'] as const) {
      expect(await t.db.selectFrom(table).select('id').where('permissionId', 'in', [courseId, buttonId]).execute()).toEqual([]);
    }
    expect(await t.db.selectFrom('sysPermission').select('id').where('id', 'in', [courseId, buttonId]).execute()).toEqual([]);
    expect(await call('DELETE', '/sys/permission/deleteBatch?ids=nope')).toMatchObject({ status: 200, body: { success: false, message: '未找到对应菜单' } });
  });
});

describe('data rules of a menu', () => {
  it('adds, queries, edits and deletes rules; refuses SQL in columns and unknown conditions', async () => {
    const menu = seedId('menu.system.user');
    const add = (body: object) => call('POST', '/sys/permission/addPermissionRule', { permissionId: menu, ruleName: '本部门', ruleColumn: 'org_code', ruleConditions: 'like', ruleValue: '#{sys_org_code}', ...body });
    expect((await add({})).body.success).toBe(true);
    expect((await t.db.selectFrom('sysPermission').select('ruleFlag').where('id', '=', menu).executeTakeFirstOrThrow()).ruleFlag).toBe(1);
    expect((await add({ ruleColumn: 'org_code) or (1=1' })).body.message).toContain('规则字段只能是小写字母、数字和下划线组成的列名');
    expect((await add({ ruleConditions: 'USE_SQL_RULES' })).body.message).toContain('条件规则只能是');
    expect((await add({ ruleValue: '' })).body.message).toBe('规则值不能为空');
    expect((await add({ permissionId: 'nope' })).body.message).toBe('菜单不存在');
    const rules = (await call('GET', `/sys/permission/queryPermissionRule?permissionId=${menu}&ruleName=${encodeURIComponent('部门')}`)).body.result;
    expect(rules).toHaveLength(1);
    expect(rules[0]).toMatchObject({ ruleColumn: 'org_code', ruleConditions: 'LIKE' });
    expect((await call('GET', `/sys/permission/queryPermissionRule?permissionId=${menu}&ruleValue=nothing`)).body.result).toEqual([]);
    const edit = await call('PUT', '/sys/permission/editPermissionRule', { ...rules[0], ruleConditions: 'RIGHT_LIKE' });
    expect(edit.body.success).toBe(true);
    expect((await call('GET', `/sys/permission/getPermRuleListByPermId?permissionId=${menu}`)).body.result[0].ruleConditions).toBe('RIGHT_LIKE');
    expect((await call('DELETE', `/sys/permission/deletePermissionRule?id=${rules[0].id}`)).body.success).toBe(true);
    expect((await t.db.selectFrom('sysPermission').select('ruleFlag').where('id', '=', menu).executeTakeFirstOrThrow()).ruleFlag).toBe(0);
    expect(await call('DELETE', '/sys/permission/deletePermissionRule?id=nope')).toMatchObject({ status: 200, body: { success: false, message: '未找到对应数据规则' } });
  });
});

describe('department grants', () => {
  it('saves and reads what a department may hand to its roles; what it loses its roles lose', async () => {
    const dep = (await t.db.selectFrom('sysDepart').select('id').where('orgCode', '=', 'A01A01').executeTakeFirstOrThrow()).id;
    const ids = ['system', 'system.position', 'system.position.list'].map((k) => seedId(`menu.${k}`));
    expect((await call('POST', '/sys/permission/saveDepartPermission', { departId: dep, permissionIds: ids.join(','), lastpermissionIds: '' })).body.success).toBe(true);
    expect((await call('GET', `/sys/permission/queryDepartPermission?departId=${dep}`)).body.result.sort()).toEqual([...ids].sort());
    const drole = newId();
    await t.db.insertInto('sysDepartRole').values({ id: drole, departId: dep, roleCode: 'lead', roleName: '组长' }).execute();
    await t.db.insertInto('sysDepartRolePermission').values({ id: newId(), departId: dep, roleId: drole, permissionId: ids[2] }).execute();
    await call('POST', '/sys/permission/saveDepartPermission', { departId: dep, permissionIds: ids.slice(0, 2).join(',') });
    expect(await t.db.selectFrom('sysDepartRolePermission').select('id').where('roleId', '=', drole).execute()).toEqual([]);
    expect((await call('POST', '/sys/permission/saveDepartPermission', { departId: 'nope', permissionIds: '' })).body.message).toBe('部门不存在');
  });
});

describe('access', () => {
  it('gives a user holding only the menu list 510 on writes, rules and grants', async () => {
    await createUser(t.db, { username: 'menureader', password: 'Reader#2026', menuKeys: ['system', 'system.permission', 'system.permission.list'] });
    const reader = await login(t.app, 'menureader', 'Reader#2026');
    expect((await call('GET', '/sys/permission/list', undefined, reader)).body.success).toBe(true);
    expect((await call('GET', '/sys/permission/queryTreeList', undefined, reader)).body.success).toBe(true);
    for (const [method, url, payload] of [
      ['POST', '/sys/permission/add', { name: 'x', menuType: 0, url: '/x', component: 'x' }],
      ['PUT', '/sys/permission/edit', { id: SYSTEM(), name: 'x', menuType: 0, url: '/x', component: 'x' }],
      ['DELETE', `/sys/permission/delete?id=${SYSTEM()}`, undefined],
      ['DELETE', `/sys/permission/deleteBatch?ids=${SYSTEM()}`, undefined],
      ['GET', `/sys/permission/getPermRuleListByPermId?permissionId=${SYSTEM()}`, undefined],
      ['GET', '/sys/permission/queryPermissionRule', undefined],
      ['POST', '/sys/permission/addPermissionRule', { permissionId: SYSTEM(), ruleName: 'x', ruleColumn: 'x', ruleConditions: '=', ruleValue: 'x' }],
      ['PUT', '/sys/permission/editPermissionRule', { id: 'x', permissionId: SYSTEM(), ruleName: 'x', ruleColumn: 'x', ruleConditions: '=', ruleValue: 'x' }],
      ['DELETE', '/sys/permission/deletePermissionRule?id=x', undefined],
      ['GET', '/sys/permission/queryDepartPermission?departId=x', undefined],
      ['POST', '/sys/permission/saveDepartPermission', { departId: 'x', permissionIds: '' }],
    ] as const) {
      const res = await call(method, url, payload, reader);
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body.code).toBe(510);
    }
  });
});
