import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, seedId } from '../../../core/db';
import { createTestApp, createUser, login, type TestApp, apiCall, type HttpMethod } from '../../../../test/helpers/test-app';

let t: TestApp;
let admin: string;

const call = (method: HttpMethod, url: string, payload?: object, token = admin) => apiCall(t.app, token, method, url, payload);
const byCode = async (code: string) => (await t.db.selectFrom('sysDepart').selectAll().where('orgCode', '=', code).executeTakeFirstOrThrow());

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
});
afterAll(() => t.close());

describe('department tree', () => {
  it('adds departments with org codes generated from the parent', async () => {
    const a01 = await byCode('A01');
    const first = await call('POST', '/sys/sysDepart/add', { parentId: a01.id, departName: '教务处', orgCategory: '2' });
    expect(first.body).toMatchObject({ success: true, message: '添加成功！', result: { orgCode: 'A01A02', parentId: a01.id } });
    const second = await call('POST', '/sys/sysDepart/add', { parentId: a01.id, departName: '后勤处' });
    expect(second.body.result.orgCode).toBe('A01A03');
    const child = await call('POST', '/sys/sysDepart/add', { parentId: first.body.result.id, departName: '教研组' });
    expect(child.body.result.orgCode).toBe('A01A02A01');
    expect((await byCode('A01A02')).izLeaf).toBe(0);
    const root = await call('POST', '/sys/sysDepart/add', { departName: '分公司', orgCategory: '1' });
    expect(root.body.result.orgCode).toBe('A02');
    expect((await call('POST', '/sys/sysDepart/add', { parentId: 'nope', departName: 'x' })).body.message).toBe('上级部门不存在');
    expect(await call('POST', '/sys/sysDepart/add', { departName: '' })).toMatchObject({ status: 200, body: { success: false, message: '参数 departName：部门名称不能为空' } });
  });

  it('gives concurrent adds under one parent distinct codes', async () => {
    const parent = await byCode('A02');
    const results = await Promise.all([1, 2, 3, 4].map((i) => call('POST', '/sys/sysDepart/add', { parentId: parent.id, departName: `并发${i}` })));
    const codes = results.map((r) => r.body.result?.orgCode).sort();
    expect(codes).toEqual(['A02A01', 'A02A02', 'A02A03', 'A02A04']);
  });

  it('answers the tree, one lazy level, the id tree and a search', async () => {
    const tree = (await call('GET', '/sys/sysDepart/queryTreeList')).body.result;
    const a01 = tree.find((n: any) => n.orgCode === 'A01');
    expect(a01).toMatchObject({ key: a01.id, value: a01.id, title: '总公司', departName: '总公司', isLeaf: false, parentId: null });
    expect(a01.children.map((c: any) => c.orgCode)).toEqual(['A01A01', 'A01A02', 'A01A03']);
    expect(a01.children[1].children[0]).toMatchObject({ orgCode: 'A01A02A01', isLeaf: true });
    const roots = (await call('GET', '/sys/sysDepart/queryDepartTreeSync')).body.result;
    expect(roots.map((r: any) => r.orgCode)).toEqual(['A01', 'A02']);
    expect(roots[0].children).toBeUndefined();
    const level = (await call('GET', `/sys/sysDepart/queryDepartTreeSync?pid=${a01.id}`)).body.result;
    expect(level.map((r: any) => [r.orgCode, r.isLeaf])).toEqual([['A01A01', true], ['A01A02', false], ['A01A03', true]]);
    const ids = (await call('GET', '/sys/sysDepart/queryIdTree')).body.result;
    expect(Object.keys(ids[0]).sort()).toEqual(['children', 'isLeaf', 'key', 'title', 'value']);
    const hits = (await call('GET', `/sys/sysDepart/searchBy?keyWord=${encodeURIComponent('教')}`)).body.result;
    expect(hits.map((h: any) => h.departName).sort()).toEqual(['教务处', '教研组']);
    expect(hits.every((h: any) => h.children === undefined)).toBe(true);
    expect((await call('GET', '/sys/sysDepart/searchBy?keyWord=nothing')).body).toMatchObject({ success: true, result: [], message: '未查询匹配数据！' });
  });

  it("answers the signed-in user's departments with their subtrees", async () => {
    await createUser(t.db, { username: 'teach', password: 'Teach#2026x', departCodes: ['A01A02', 'A01A02A01', 'A02A01'] });
    const token = await login(t.app, 'teach', 'Teach#2026x');
    const mine = (await call('GET', '/sys/sysDepart/queryMyDeptTreeList', undefined, token)).body.result;
    expect(mine.map((n: any) => n.orgCode)).toEqual(['A01A02', 'A02A01']);
    expect(mine[0].children.map((n: any) => n.orgCode)).toEqual(['A01A02A01']);
  });

  it('edits a department without moving it', async () => {
    const d = await byCode('A01A03');
    expect((await call('PUT', '/sys/sysDepart/edit', { id: d.id, departName: '总务处', parentId: 'elsewhere', mobile: '123' })).body.message).toBe('编辑成功!');
    expect(await byCode('A01A03')).toMatchObject({ departName: '总务处', mobile: '123', parentId: d.parentId, updateBy: 'admin' });
    expect(await call('PUT', '/sys/sysDepart/edit', { id: 'nope', departName: 'x' })).toMatchObject({ status: 200, body: { success: false, message: '未找到对应部门' } });
  });

  it('refuses to delete a department while it or a department under it has users; else deletes the subtree', async () => {
    const a0102 = await byCode('A01A02');
    const refused = await call('DELETE', `/sys/sysDepart/delete?id=${a0102.id}`);
    expect(refused.body.message).toMatch(/^部门“教(务处|研组)”下还有用户，请先移除用户$/);
    await t.db.deleteFrom('sysUserDepart').where('depId', 'in', [a0102.id, (await byCode('A01A02A01')).id]).execute();
    const drole = newId();
    await t.db.insertInto('sysDepartRole').values({ id: drole, departId: a0102.id, roleCode: 'x', roleName: 'x' }).execute();
    expect((await call('DELETE', `/sys/sysDepart/delete?id=${a0102.id}`)).body.message).toBe('删除成功!');
    expect(await t.db.selectFrom('sysDepart').select('orgCode').where('orgCode', 'like', 'A01A02%').execute()).toEqual([]);
    expect(await t.db.selectFrom('sysDepartRole').select('id').where('id', '=', drole).execute()).toEqual([]);
    const a0103 = await byCode('A01A03');
    expect((await call('DELETE', `/sys/sysDepart/deleteBatch?ids=${a0103.id}`)).body.message).toBe('批量删除成功! 共删除1条');
    expect(await call('DELETE', '/sys/sysDepart/deleteBatch?ids=nope')).toMatchObject({ status: 200, body: { success: false, message: '未找到对应部门' } });
  });
});

describe('department roles and their grants', () => {
  it('manages roles of a department, assigns them to members and grants within the department', async () => {
    const dep = await byCode('A01A01');
    const add = await call('POST', '/sys/sysDepartRole/add', { departId: dep.id, roleName: '组长', roleCode: 'leader' });
    expect(add.body.success).toBe(true);
    expect((await call('POST', '/sys/sysDepartRole/add', { departId: dep.id, roleName: '又一个', roleCode: 'leader' })).body.message).toBe('部门角色编码“leader”已存在');
    expect((await call('POST', '/sys/sysDepartRole/add', { departId: 'nope', roleName: 'x', roleCode: 'x' })).body.message).toBe('部门不存在');
    await call('POST', '/sys/sysDepartRole/add', { departId: dep.id, roleName: '组员', roleCode: 'member' });
    const page = (await call('GET', `/sys/sysDepartRole/list?deptId=${dep.id}&pageSize=10`)).body.result;
    expect(page).toMatchObject({ total: 2, current: 1 });
    const leader = page.records.find((r: any) => r.roleCode === 'leader');
    expect((await call('PUT', '/sys/sysDepartRole/edit', { id: leader.id, roleName: '小组长' })).body.success).toBe(true);
    expect((await call('GET', `/sys/sysDepartRole/getDeptRoleList?departId=${dep.id}`)).body.result.map((r: any) => r.roleName).sort()).toEqual(['小组长', '组员']);

    const inDep = await createUser(t.db, { username: 'dmember', password: 'Dmember#2026', departCodes: ['A01A01'] });
    const outsider = await createUser(t.db, { username: 'doutside', password: 'Doutside#2026' });
    const member = page.records.find((r: any) => r.roleCode === 'member');
    expect((await call('POST', '/sys/sysDepartRole/deptRoleUserAdd', { userId: inDep, newRoleId: `${leader.id},${member.id}`, oldRoleId: '' })).body.success).toBe(true);
    expect((await call('POST', '/sys/sysDepartRole/deptRoleUserAdd', { userId: inDep, newRoleId: member.id, oldRoleId: `${leader.id},${member.id}` })).body.success).toBe(true);
    const held = (await call('GET', `/sys/sysDepartRole/getDeptRoleByUserId?userId=${inDep}&departId=${dep.id}`)).body.result;
    expect(held.map((r: any) => r.droleId)).toEqual([member.id]);
    expect((await call('POST', '/sys/sysDepartRole/deptRoleUserAdd', { userId: outsider, newRoleId: member.id })).body.message).toBe('该用户不属于此部门');

    // grants: the department's menus bound what its roles may hold
    const depMenus = ['system', 'system.position', 'system.position.list'].map((k) => seedId(`menu.${k}`));
    await call('POST', '/sys/permission/saveDepartPermission', { departId: dep.id, permissionIds: depMenus.join(',') });
    const tree = (await call('GET', `/sys/sysDepartPermission/queryTreeListForDeptRole?departId=${dep.id}`)).body.result;
    expect(tree.ids.sort()).toEqual([...depMenus].sort());
    expect(tree.treeList[0]).toMatchObject({ key: depMenus[0], children: [{ key: depMenus[1], children: [{ key: depMenus[2], isLeaf: true }] }] });
    const save = await call('POST', '/sys/sysDepartPermission/saveDeptRolePermission', { roleId: leader.id, permissionIds: depMenus.slice(0, 2).join(','), lastpermissionIds: '' });
    expect(save.body.success).toBe(true);
    expect((await call('GET', `/sys/sysDepartPermission/queryDeptRolePermission?roleId=${leader.id}`)).body.result.sort()).toEqual(depMenus.slice(0, 2).sort());
    const beyond = await call('POST', '/sys/sysDepartPermission/saveDeptRolePermission', { roleId: leader.id, permissionIds: seedId('menu.system.user') });
    expect(beyond.body.message).toBe('所选菜单超出了部门的权限范围');

    expect((await call('DELETE', `/sys/sysDepartRole/delete?id=${leader.id}`)).body.success).toBe(true);
    expect(await t.db.selectFrom('sysDepartRolePermission').select('id').where('roleId', '=', leader.id).execute()).toEqual([]);
  });
});

describe('access', () => {
  it('gives a user holding only the department list 510 on writes, roles and grants', async () => {
    await createUser(t.db, { username: 'depreader', password: 'Reader#2026', menuKeys: ['system', 'system.depart', 'system.depart.list'] });
    const reader = await login(t.app, 'depreader', 'Reader#2026');
    expect((await call('GET', '/sys/sysDepart/queryTreeList', undefined, reader)).body.success).toBe(true);
    const dep = await byCode('A01A01');
    for (const [method, url, payload] of [
      ['POST', '/sys/sysDepart/add', { departName: 'x' }],
      ['PUT', '/sys/sysDepart/edit', { id: dep.id, departName: 'x' }],
      ['DELETE', `/sys/sysDepart/delete?id=${dep.id}`, undefined],
      ['DELETE', `/sys/sysDepart/deleteBatch?ids=${dep.id}`, undefined],
      ['GET', `/sys/sysDepartRole/list?deptId=${dep.id}`, undefined],
      ['POST', '/sys/sysDepartRole/add', { departId: dep.id, roleName: 'x', roleCode: 'x' }],
      ['POST', '/sys/sysDepartRole/deptRoleUserAdd', { userId: 'x', newRoleId: 'x' }],
      ['GET', `/sys/sysDepartPermission/queryTreeListForDeptRole?departId=${dep.id}`, undefined],
      ['POST', '/sys/sysDepartPermission/saveDeptRolePermission', { roleId: 'x', permissionIds: '' }],
    ] as const) {
      const res = await call(method, url, payload, reader);
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body.code).toBe(510);
    }
  });
});
