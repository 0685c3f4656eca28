import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, seedId } from '../../../core/db';
import { auth, createTestApp, createUser, login, type TestApp, apiCall, type HttpMethod } from '../../../../test/helpers/test-app';

let t: TestApp;
let admin: string;

const call = (method: HttpMethod, url: string, payload?: object, token = admin) => apiCall(t.app, token, method, url, payload);
const roleId = async (code: string) => (await t.db.selectFrom('sysRole').select('id').where('roleCode', '=', code).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
});
afterAll(() => t.close());

describe('roles', () => {
  it('adds, lists, reads, edits and checks role codes', async () => {
    expect((await call('POST', '/sys/role/add', { roleName: '助教', roleCode: 'tutor', description: '授课' })).body).toMatchObject({ success: true, message: '添加成功！' });
    const bad = await call('POST', '/sys/role/add', { roleName: 'x', roleCode: '1 or 1' });
    expect(bad.status).toBe(200);
    expect(bad.body.success).toBe(false);
    expect(bad.body.message).toContain('角色编码以字母开头');
    expect((await call('POST', '/sys/role/add', { roleName: 'x', roleCode: 'tutor' })).body.message).toBe('角色编码“tutor”已存在');
    const list = (await call('GET', '/sys/role/list?roleName=*助*')).body.result;
    expect(list.records.map((r: any) => r.roleCode)).toEqual(['tutor']);
    const id = list.records[0].id;
    expect((await call('PUT', '/sys/role/edit', { id, roleName: '老师' })).body.success).toBe(true);
    expect((await call('GET', `/sys/role/queryById?id=${id}`)).body.result).toMatchObject({ roleName: '老师', roleCode: 'tutor', updateBy: 'admin' });
    expect((await call('GET', '/sys/role/checkRoleCode?roleCode=tutor')).body).toMatchObject({ success: false, message: '角色编码已存在' });
    expect((await call('GET', `/sys/role/checkRoleCode?roleCode=tutor&id=${id}`)).body.success).toBe(true);
    expect((await call('GET', '/sys/role/checkRoleCode?roleCode=nobody')).body).toMatchObject({ success: true, message: '该值可用！' });
  });

  it('answers every role for pickers, as rows and as tree nodes', async () => {
    const all = (await call('GET', '/sys/role/queryall')).body.result;
    expect(all.map((r: any) => r.roleCode)).toEqual(expect.arrayContaining(['admin', 'tutor']));
    const tree = (await call('GET', '/sys/role/queryTreeList')).body.result;
    const teacher = tree.find((n: any) => n.roleCode === 'tutor');
    expect(teacher).toMatchObject({ key: await roleId('tutor'), value: await roleId('tutor'), title: '老师' });
  });

  it('refuses to delete the administrator role; deleting another drops its users and grants', async () => {
    const adminRole = await roleId('admin');
    const refused = await call('DELETE', `/sys/role/delete?id=${adminRole}`);
    expect(refused.body).toMatchObject({ success: false, message: '管理员角色不能删除' });
    expect((await call('PUT', '/sys/role/edit', { id: adminRole, roleCode: 'boss' })).body.message).toBe('管理员角色的编码不能修改');
    const userId = await createUser(t.db, { username: 'gone', password: 'Gone#2026x', menuKeys: ['system', 'system.role'] });
    const held = await roleId('r_gone');
    expect((await call('DELETE', `/sys/role/deleteBatch?ids=${held},${await roleId('tutor')}`)).body.message).toBe('批量删除成功! 共删除2条');
    expect(await t.db.selectFrom('sysUserRole').select('id').where('userId', '=', userId).execute()).toEqual([]);
    expect(await t.db.selectFrom('sysRolePermission').select('id').where('roleId', '=', held).execute()).toEqual([]);
  });

  it('exports roles to a spreadsheet', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/sys/role/exportXls', headers: auth(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('角色列表.xlsx'));
  });

  it('imports roles from a spreadsheet, reporting taken codes', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Sheet1');
    for (const r of [['角色名称', '角色编码', '描述'], ['宿管', 'dorm_keeper', ''], ['重复', 'admin', '']]) ws.addRow(r);
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    const boundary = '----anxue-role';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="roles.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sys/role/importExcel',
      payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
      headers: { ...auth(admin), 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.json()).toMatchObject({ success: true, code: 201 });
    expect(res.json().result.msg).toContain('错误行数：1');
    expect((await call('GET', '/sys/role/list?roleCode=dorm_keeper')).body.result.records[0]).toMatchObject({ roleName: '宿管' });
  });

  it('gives a user holding only the role list 510 on every write', async () => {
    await createUser(t.db, { username: 'rolereader', password: 'Reader#2026', menuKeys: ['system', 'system.role', 'system.role.list'] });
    const reader = await login(t.app, 'rolereader', 'Reader#2026');
    expect((await call('GET', '/sys/role/list', undefined, reader)).body.success).toBe(true);
    const someRole = await roleId('r_rolereader');
    for (const [method, url, payload] of [
      ['POST', '/sys/role/add', { roleName: 'x', roleCode: 'x' }],
      ['PUT', '/sys/role/edit', { id: someRole, roleName: 'x' }],
      ['DELETE', `/sys/role/delete?id=${someRole}`, undefined],
      ['DELETE', `/sys/role/deleteBatch?ids=${someRole}`, undefined],
      ['GET', '/sys/role/exportXls', undefined],
      ['POST', '/sys/role/importExcel', undefined],
      ['GET', '/sys/role/checkRoleCode?roleCode=a', undefined],
      ['POST', '/sys/permission/saveRolePermission', { roleId: someRole, permissionIds: '' }],
      ['GET', `/sys/permission/queryRolePermission?roleId=${someRole}`, undefined],
      ['GET', `/sys/role/datarule/${seedId('menu.system.position')}/${someRole}`, undefined],
      ['POST', '/sys/role/datarule', { permissionId: seedId('menu.system.position'), roleId: someRole, dataRuleIds: '' }],
    ] as const) {
      const res = await call(method, url, payload, reader);
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body.code).toBe(510);
    }
  });
});

describe('role grants: what the users of a role see', () => {
  it('after saveRolePermission the user sees exactly the granted menus and buttons', async () => {
    await call('POST', '/sys/role/add', { roleName: '职务管理员', roleCode: 'post_admin' });
    const rid = await roleId('post_admin');
    const userId = await createUser(t.db, { username: 'poster', password: 'Poster#2026' });
    await t.db.insertInto('sysUserRole').values({ id: newId(), userId, roleId: rid }).execute();
    const token = await login(t.app, 'poster', 'Poster#2026');
    const menusOf = async () => {
      const r = (await call('GET', '/sys/permission/getUserPermissionByToken', undefined, token)).body.result;
      const paths: string[] = [];
      // the hidden pages every user holds (账户设置, 我的消息 of the original client) are no grant
      const walk = (items: any[]) => items.forEach((i) => (i.hidden || paths.push(i.path), walk(i.children ?? [])));
      walk(r.menu);
      return { paths, codes: r.codeList as string[] };
    };
    const grant = ['system', 'system.position', 'system.position.list', 'system.position.add'].map((k) => seedId(`menu.${k}`));
    const saved = await call('POST', '/sys/permission/saveRolePermission', { roleId: rid, permissionIds: grant.join(','), lastpermissionIds: '' });
    expect(saved.body).toMatchObject({ success: true, message: '保存成功！' });
    expect((await call('GET', `/sys/permission/queryRolePermission?roleId=${rid}`)).body.result.sort()).toEqual([...grant].sort());
    let seen = await menusOf();
    expect(seen.paths.filter((p) => p.startsWith('/system'))).toEqual(['/system', '/system/position']);
    expect(seen.codes).toEqual(['system:position:add', 'system:position:list']);
    // narrowing: drop the add button, add the role page
    const next = ['system', 'system.position', 'system.position.list', 'system.role', 'system.role.list'].map((k) => seedId(`menu.${k}`));
    await call('POST', '/sys/permission/saveRolePermission', { roleId: rid, permissionIds: next.join(','), lastpermissionIds: grant.join(',') });
    seen = await menusOf();
    expect(seen.paths.filter((p) => p.startsWith('/system')).sort()).toEqual(['/system', '/system/position', '/system/role']);
    expect(seen.codes).toEqual(['system:position:list', 'system:role:list']);
    expect((await call('POST', '/sys/permission/saveRolePermission', { roleId: rid, permissionIds: 'nope' })).body.message).toBe('所选菜单不存在或已删除');
    expect((await call('POST', '/sys/permission/saveRolePermission', { roleId: 'nope', permissionIds: '' })).body.message).toBe('角色不存在');
  });

  it('a data rule granted through /sys/role/datarule hides position rows from the role user, and survives re-saving the grants', async () => {
    const rid = await roleId('post_admin');
    const positionMenu = seedId('menu.system.position');
    for (const [code, org] of [['DR1', 'A01'], ['DR2', 'A01A01']]) {
      await t.db.insertInto('sysPosition').values({ id: newId(), code, name: code, tenantId: 1000, sysOrgCode: org, createTime: '2026-01-01 00:00:00' }).execute();
    }
    await t.db.updateTable('sysUser').set({ orgCode: 'A01A01' }).where('username', '=', 'poster').execute();
    const added = await call('POST', '/sys/permission/addPermissionRule', { permissionId: positionMenu, ruleName: '本部门', ruleColumn: 'sys_org_code', ruleConditions: '=', ruleValue: '#{sys_org_code}' });
    expect(added.body.success).toBe(true);
    const ruleId = (await call('GET', `/sys/permission/getPermRuleListByPermId?permissionId=${positionMenu}`)).body.result[0].id;
    const token = await login(t.app, 'poster', 'Poster#2026');
    const codes = async () => (await call('GET', '/sys/position/list?pageSize=50', undefined, token)).body.result.records.map((r: any) => r.code).sort();
    expect(await codes()).toEqual(['DR1', 'DR2']);

    expect((await call('GET', `/sys/role/datarule/${positionMenu}/${rid}`)).body.result).toMatchObject({ datarule: [{ id: ruleId, ruleName: '本部门' }], drChecked: '' });
    expect((await call('POST', '/sys/role/datarule', { permissionId: positionMenu, roleId: rid, dataRuleIds: ruleId })).body).toMatchObject({ success: true });
    expect((await call('GET', `/sys/role/datarule/${positionMenu}/${rid}`)).body.result.drChecked).toBe(ruleId);
    expect(await codes()).toEqual(['DR2']);

    // saving the same menus again keeps the rule on the kept grant
    const ids = (await call('GET', `/sys/permission/queryRolePermission?roleId=${rid}`)).body.result;
    await call('POST', '/sys/permission/saveRolePermission', { roleId: rid, permissionIds: ids.join(',') });
    expect(await codes()).toEqual(['DR2']);

    // a rule of another menu, or a menu not granted, is refused
    const other = await call('POST', '/sys/role/datarule', { permissionId: seedId('menu.system.user'), roleId: rid, dataRuleIds: ruleId });
    expect(other.body.message).toBe('请先保存角色菜单权限!');
    const foreign = newId();
    expect((await call('POST', '/sys/role/datarule', { permissionId: positionMenu, roleId: rid, dataRuleIds: foreign })).body.message).toBe('所选数据规则不属于该菜单');

    // deleting the rule withdraws it from the grant
    await call('DELETE', `/sys/permission/deletePermissionRule?id=${ruleId}`);
    expect(await codes()).toEqual(['DR1', 'DR2']);
  });
});
