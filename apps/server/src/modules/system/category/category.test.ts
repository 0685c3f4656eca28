import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase, seedId } from '../../../core/db';
import { auth, createTestApp, createUser, login, type TestApp, apiCall, type HttpMethod } from '../../../../test/helpers/test-app';

// 分类字典: the tree, its generated codes and the loaders the category select reads.
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
});
afterAll(() => t.close());

const call = (method: HttpMethod, url: string, payload?: unknown, token = admin) => apiCall(t.app, token, method, url, payload);
const get = (url: string, token = admin) => call('GET', url, undefined, token);
const id = (code: string) => seedId(`category.${code}`);
async function byCode(code: string) {
  return t.db.selectFrom('sysCategory').selectAll().where('code', '=', code).executeTakeFirst();
}

describe('category loaders', () => {
  it('loadTreeRoot answers the roots, the children of a code, or a whole subtree', async () => {
    const roots = await get('/sys/category/loadTreeRoot?async=true&pcode=0');
    expect(roots.body.result.map((n: any) => n.code)).toEqual(['A01', 'A02']);
    expect(roots.body.result[0]).toEqual({ key: id('A01'), value: id('A01'), title: '安全培训', label: '安全培训', code: 'A01', leaf: 0, isLeaf: false, parentId: '0' });
    const kids = await get('/sys/category/loadTreeRoot?async=true&pcode=A01');
    expect(kids.body.result.map((n: any) => [n.code, n.title, n.isLeaf, n.leaf, n.parentId])).toEqual([
      ['A01A01', '消防安全', true, 1, id('A01')],
      ['A01A02', '交通安全', true, 1, id('A01')],
      ['A01A03', '用电安全', true, 1, id('A01')],
    ]);
    const whole = await get('/sys/category/loadTreeRoot?async=false');
    expect(whole.body.result.map((n: any) => [n.code, n.children?.map((c: any) => c.code)])).toEqual([
      ['A01', ['A01A01', 'A01A02', 'A01A03']],
      ['A02', ['A02A01', 'A02A02']],
    ]);
    const unknown = await get('/sys/category/loadTreeRoot?async=true&pcode=NOPE');
    expect(unknown.status).toBe(200);
    expect(unknown.body.success).toBe(false);
    expect(unknown.body.message).toBe('该编码【NOPE】不存在，请核实!');
    expect(await get('/sys/category/loadTreeRoot?async=maybe')).toMatchObject({ status: 200, body: { success: false, message: '参数 async：async只能是 true 或 false' } });
  });

  it('loadTreeChildren answers the child nodes of a pid (roots for none)', async () => {
    const kids = await get(`/sys/category/loadTreeChildren?pid=${id('A02')}`);
    expect(kids.body.result.map((n: any) => n.title)).toEqual(['视频课程', '图文课程']);
    expect((await get('/sys/category/loadTreeChildren')).body.result.map((n: any) => n.code)).toEqual(['A01', 'A02']);
    expect((await get('/sys/category/loadTreeChildren?pid=nope')).body.result).toEqual([]);
  });

  it('loadOne finds a category by code or id and refuses other fields', async () => {
    const one = await get('/sys/category/loadOne?field=code&val=A01A02');
    expect(one.body.result).toEqual({ id: id('A01A02'), pid: id('A01'), name: '交通安全', code: 'A01A02', hasChild: '0' });
    expect((await get(`/sys/category/loadOne?field=id&val=${id('A02')}`)).body.result.name).toBe('课程资源');
    const bad = await get('/sys/category/loadOne?field=name&val=x');
    expect(bad.status).toBe(200);
    expect(bad.body.success).toBe(false);
    expect(bad.body.message).toContain('field只能是 code 或 id');
    const none = await get('/sys/category/loadOne?field=code&val=ZZZ');
    expect(none.status).toBe(200);
    expect(none.body.success).toBe(false);
    expect(none.body.message).toBe('查询无果');
  });

  it('loadTreeData answers children of a pid or of a code, narrowed by a JSON condition', async () => {
    expect((await get(`/sys/category/loadTreeData?pid=${id('A01')}`)).body.result).toHaveLength(3);
    expect((await get('/sys/category/loadTreeData?pcode=A02')).body.result.map((n: any) => n.code)).toEqual(['A02A01', 'A02A02']);
    const cond = encodeURIComponent(JSON.stringify({ name: '交通安全' }));
    expect((await get(`/sys/category/loadTreeData?pcode=A01&condition=${cond}`)).body.result.map((n: any) => n.code)).toEqual(['A01A02']);
    const notJson = await get('/sys/category/loadTreeData?pcode=A01&condition=name%3Dx');
    expect(notJson.status).toBe(200);
    expect(notJson.body.success).toBe(false);
    expect(notJson.body.message).toBe('分类查询条件需要一个json字符串!');
    const undeclared = await get(`/sys/category/loadTreeData?pcode=A01&condition=${encodeURIComponent('{"tenant_id":"0"}')}`);
    expect(undeclared.status).toBe(200);
    expect(undeclared.body.success).toBe(false);
    expect(undeclared.body.message).toContain('分类查询条件不支持字段');
    const neither = await get('/sys/category/loadTreeData');
    expect(neither.status).toBe(200);
    expect(neither.body.success).toBe(false);
    expect(neither.body.message).toBe('加载分类字典树参数有误.[null]!');
  });

  it('loadDictItem/ answers names in the order of the ids', async () => {
    const res = await get(`/sys/category/loadDictItem/?ids=${id('A02A01')},${id('A01')},missing`);
    expect(res.body.result).toEqual(['视频课程', '安全培训', 'missing']);
    const dropped = await get(`/sys/category/loadDictItem?ids=${id('A01')},missing,${id('A02')}&delNotExist=true`);
    expect(dropped.body.result).toEqual(['安全培训', '课程资源']);
    expect((await get('/sys/category/loadDictItem/?ids=')).body.result).toEqual([]);
  });

  it('serves the loaders to any signed-in user, and management only with the buttons', async () => {
    await createUser(t.db, { username: 'cat_plain', password: 'Plain#2026', menuKeys: [] });
    const plain = await login(t.app, 'cat_plain', 'Plain#2026');
    expect((await get('/sys/category/loadTreeRoot?async=true', plain)).body.success).toBe(true);
    for (const [method, url, payload] of [
      ['GET', '/sys/category/rootList', undefined],
      ['GET', `/sys/category/childList?pid=${id('A01')}`, undefined],
      ['POST', '/sys/category/add', { name: 'x' }],
      ['PUT', '/sys/category/edit', { id: id('A01'), name: 'x' }],
      ['DELETE', `/sys/category/delete?id=${id('A01')}`, undefined],
      ['DELETE', `/sys/category/deleteBatch?ids=${id('A01')}`, undefined],
    ] as const) {
      const res = await call(method, url, payload, plain);
      expect(res.status, url).toBe(403);
      expect(res.body.code).toBe(510);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/sys/category/loadTreeRoot' })).statusCode).toBe(401);
  });
});

describe('category management', () => {
  it('lists roots paged with hasChild, searches every level by name, lists children', async () => {
    const roots = await get('/sys/category/rootList?pageNo=1&pageSize=10');
    expect(roots.body.result).toMatchObject({ total: 2, current: 1 });
    expect(roots.body.result.records.map((r: any) => [r.code, r.hasChild])).toEqual([
      ['A01', '1'],
      ['A02', '1'],
    ]);
    const found = await get(`/sys/category/rootList?name=${encodeURIComponent('安全')}`);
    expect(found.body.result.records.map((r: any) => r.code)).toEqual(['A01', 'A01A01', 'A01A02', 'A01A03']);
    expect((await get('/sys/category/rootList?code=A02A0')).body.result.total).toBe(2);
    const kids = await get(`/sys/category/childList?pid=${id('A02')}`);
    expect(kids.body.result.map((r: any) => r.name)).toEqual(['视频课程', '图文课程']);
    expect(await get('/sys/category/childList')).toMatchObject({ status: 200, body: { success: false, message: '参数 pid：缺少pid' } });
  });

  it('generates codes from the parent, keeps has_child, and refuses duplicates and bad input', async () => {
    const root = await call('POST', '/sys/category/add', { name: '新根分类', pid: '' });
    expect(root.body).toMatchObject({ success: true, message: '添加成功！' });
    expect(root.body.result).toMatchObject({ code: 'A03', pid: '0', hasChild: '0', createBy: 'admin' });
    const child = await call('POST', '/sys/category/add', { name: '新子分类', pid: root.body.result.id });
    expect(child.body.result.code).toBe('A03A01');
    expect((await byCode('A03'))!.hasChild).toBe('1');
    const second = await call('POST', '/sys/category/add', { name: '第二个', pid: id('A01') });
    expect(second.body.result.code).toBe('A01A04');

    const typed = await call('POST', '/sys/category/add', { name: '手填编码', code: 'X-1' });
    expect(typed.body.result.code).toBe('X-1');
    const dup = await call('POST', '/sys/category/add', { name: '重复', code: 'X-1' });
    expect(dup.status).toBe(200);
    expect(dup.body.success).toBe(false);
    expect(dup.body.message).toBe('分类编码已存在');
    const badCode = await call('POST', '/sys/category/add', { name: 'x', code: "A' OR 1=1" });
    expect(badCode.status).toBe(200);
    expect(badCode.body.success).toBe(false);
    expect(badCode.body.message).toBe('分类编码只能包含字母、数字、下划线、横线和点');
    const noName = await call('POST', '/sys/category/add', { code: 'Y1' });
    expect(noName.status).toBe(200);
    expect(noName.body.success).toBe(false);
    expect(noName.body.message).toBe('分类名称不能为空');
    const orphan = await call('POST', '/sys/category/add', { name: 'x', pid: 'nope' });
    expect(orphan.status).toBe(200);
    expect(orphan.body.success).toBe(false);
    expect(orphan.body.message).toBe('上级分类不存在');
  });

  it('gives concurrent adds under one parent distinct codes', async () => {
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => call('POST', '/sys/category/add', { name: `并发${i}`, pid: id('A02') })));
    for (const r of results) expect(r.body.success, JSON.stringify(r.body)).toBe(true);
    const codes = results.map((r) => r.body.result.code).sort();
    expect(new Set(codes).size).toBe(12);
    expect(codes[0]).toBe('A02A03');
    expect(codes[11]).toBe('A02A14');
  });

  it('edits names and codes and moves nodes, refusing cycles and taken codes', async () => {
    const a03 = (await byCode('A03'))!;
    const a03a01 = (await byCode('A03A01'))!;
    const renamed = await call('PUT', '/sys/category/edit', { id: a03a01.id, name: '改名了' });
    expect(renamed.body).toMatchObject({ success: true, message: '编辑成功!' });
    expect((await byCode('A03A01'))!).toMatchObject({ name: '改名了', updateBy: 'admin' });
    const cycle = await call('PUT', '/sys/category/edit', { id: a03.id, pid: a03a01.id });
    expect(cycle.status).toBe(200);
    expect(cycle.body.success).toBe(false);
    expect(cycle.body.message).toBe('上级分类不能是自己或自己的下级');
    const taken = await call('PUT', '/sys/category/edit', { id: a03.id, code: 'A01' });
    expect(taken.status).toBe(200);
    expect(taken.body.success).toBe(false);
    expect(taken.body.message).toBe('分类编码已存在');
    const blank = await call('PUT', '/sys/category/edit', { id: a03.id, code: '' });
    expect(blank.body.message).toBe('分类编码不能为空');
    // moving the only child away clears the old parent's has_child and sets the new one's
    const moved = await call('POST', '/sys/category/edit', { id: a03a01.id, pid: id('A01A01') });
    expect(moved.body.success).toBe(true);
    expect((await byCode('A03'))!.hasChild).toBe('0');
    expect((await byCode('A01A01'))!.hasChild).toBe('1');
    expect((await get('/sys/category/loadTreeRoot?async=true&pcode=A01A01')).body.result.map((n: any) => n.title)).toEqual(['改名了']);
    expect(await call('PUT', '/sys/category/edit', { id: 'nope', name: 'x' })).toMatchObject({ status: 200, body: { success: false, message: '未找到对应分类' } });
  });

  it('deletes a node with everything below it and clears the parent has_child; batches are all or nothing', async () => {
    const a01a01 = (await byCode('A01A01'))!;
    const bad = await call('DELETE', `/sys/category/deleteBatch?ids=${a01a01.id},nope`);
    expect(bad.status).toBe(200);
    expect(bad.body).toMatchObject({ success: false, message: '未找到对应分类' });
    expect(await byCode('A03A01')).toBeDefined();
    const res = await call('DELETE', `/sys/category/delete?id=${a01a01.id}`);
    expect(res.body).toMatchObject({ success: true, message: '删除成功!' });
    expect(await byCode('A01A01')).toBeUndefined();
    expect(await byCode('A03A01')).toBeUndefined();
    const a03 = (await byCode('A03'))!;
    const kid = await call('POST', '/sys/category/add', { name: '唯一子节点', pid: a03.id });
    expect((await byCode('A03'))!.hasChild).toBe('1');
    const batch = await call('DELETE', `/sys/category/deleteBatch?ids=${kid.body.result.id}`);
    expect(batch.body.message).toBe('批量删除成功! 共删除1条');
    expect((await byCode('A03'))!.hasChild).toBe('0');
    expect((await call('DELETE', '/sys/category/deleteBatch?ids=')).body.message).toBe('请选择一条记录！');
  });

  it('reads one category by id through queryById and exports the list', async () => {
    const res = await get(`/sys/category/queryById?id=${id('A02')}`);
    expect(res.body.result).toMatchObject({ name: '课程资源', code: 'A02', pid: '0' });
    const xls = await t.app.inject({ method: 'GET', url: '/api/sys/category/exportXls', headers: auth(admin) });
    expect(xls.statusCode).toBe(200);
    expect(xls.headers['content-disposition']).toContain('attachment');
  });

  it('seeds the examples once: a restart neither duplicates them nor brings deleted ones back', async () => {
    expect((await call('DELETE', `/sys/category/delete?id=${id('A02')}`)).body.success).toBe(true);
    const count = async () => (await t.db.selectFrom('sysCategory').select('id').execute()).length;
    const n = await count();
    await seedDatabase(t.db);
    expect(await count()).toBe(n);
    expect(await byCode('A02')).toBeUndefined();
  });
});
