import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, login, type TestApp, apiCall, type HttpMethod } from '../../../../test/helpers/test-app';

// Dictionaries and items through the resource framework, and the cache staying in step with them.
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
});
afterAll(() => t.close());

const call = (method: HttpMethod, url: string, payload?: object, token = admin) => apiCall(t.app, token, method, url, payload);
const items = async (code: string) => (await call('GET', `/sys/dict/getDictItems/${code}`)).body.result as Array<{ value: string; text: string; color?: string }>;

async function addDict(dictCode: string, dictName = dictCode) {
  expect((await call('POST', '/sys/dict/add', { dictName, dictCode })).body).toMatchObject({ success: true, message: '添加成功！' });
  return (await t.db.selectFrom('sysDict').select('id').where('dictCode', '=', dictCode).executeTakeFirstOrThrow()).id;
}

describe('dictionaries', () => {
  it('adds, lists by name fragment, reads and edits a dictionary', async () => {
    const id = await addDict('fruit', '水果种类');
    const list = (await call('GET', `/sys/dict/list?dictName=${encodeURIComponent('果种')}`)).body.result;
    expect(list.records.map((r: any) => r.dictCode)).toEqual(['fruit']);
    expect((await call('GET', '/sys/dict/list?dictCode=fruit')).body.result.total).toBe(1);
    expect((await call('PUT', '/sys/dict/edit', { id, description: '各种水果' })).body.success).toBe(true);
    expect((await call('GET', `/sys/dict/queryById?id=${id}`)).body.result).toMatchObject({ dictCode: 'fruit', description: '各种水果', type: 0 });
  });

  it('refuses a taken code (also the code of a deleted dictionary), a bad code and a missing name', async () => {
    const dup = await call('POST', '/sys/dict/add', { dictName: 'x', dictCode: 'sex' });
    expect(dup.status).toBe(200);
    expect(dup.body.success).toBe(false);
    expect(dup.body.message).toBe('字典编码已存在');
    const id = await addDict('to_delete');
    expect((await call('DELETE', `/sys/dict/delete?id=${id}`)).body.success).toBe(true);
    expect((await call('POST', '/sys/dict/add', { dictName: 'again', dictCode: 'to_delete' })).body.message).toBe('字典编码已存在');
    const bad = await call('POST', '/sys/dict/add', { dictName: 'x', dictCode: "a b'" });
    expect(bad.status).toBe(200);
    expect(bad.body.success).toBe(false);
    expect(bad.body.message).toBe('字典编码只能包含字母、数字、_、-、.');
    expect((await call('POST', '/sys/dict/add', { dictCode: 'no_name' })).body.message).toBe('字典名称不能为空');
    const other = await addDict('other.code-1');
    const rename = await call('PUT', '/sys/dict/edit', { id: other, dictCode: 'sex' });
    expect(rename.body.message).toBe('字典编码已存在');
  });

  it('needs the dictionary permissions', async () => {
    await createUser(t.db, { username: 'dictreader', password: 'Reader#2026', menuKeys: ['system', 'system.dict', 'system.dict.list', 'system.dict.item.list'] });
    const reader = await login(t.app, 'dictreader', 'Reader#2026');
    expect((await call('GET', '/sys/dict/list', undefined, reader)).body.success).toBe(true);
    const add = await call('POST', '/sys/dict/add', { dictName: 'x', dictCode: 'x_reader' }, reader);
    expect(add.status).toBe(403);
    expect(add.body.code).toBe(510);
    const sexId = (await t.db.selectFrom('sysDict').select('id').where('dictCode', '=', 'sex').executeTakeFirstOrThrow()).id;
    expect((await call('GET', `/sys/dictItem/list?dictId=${sexId}`, undefined, reader)).body.result.total).toBe(2);
    expect((await call('POST', '/sys/dictItem/add', { dictId: sexId, itemText: 'x', itemValue: 'x' }, reader)).status).toBe(403);
    expect((await call('GET', '/sys/dictSource/list', undefined, reader)).status).toBe(403);
  });
});

describe('dictionary items', () => {
  it('serves a new item at once, in sort order, and an edit at once', async () => {
    const dictId = await addDict('color_kind');
    expect(await items('color_kind')).toEqual([]); // the cache now holds the empty dictionary
    expect((await call('POST', '/sys/dictItem/add', { dictId, itemText: '红', itemValue: 'r', itemColor: 'red', sortOrder: 2 })).body.success).toBe(true);
    expect(await items('color_kind')).toEqual([{ value: 'r', text: '红', title: '红', label: '红', color: 'red' }]);
    await call('POST', '/sys/dictItem/add', { dictId, itemText: '蓝', itemValue: 'b', sortOrder: 1 });
    expect((await items('color_kind')).map((i) => i.value)).toEqual(['b', 'r']);
    const red = (await t.db.selectFrom('sysDictItem').select('id').where('dictId', '=', dictId).where('itemValue', '=', 'r').executeTakeFirstOrThrow()).id;
    expect((await call('PUT', '/sys/dictItem/edit', { id: red, itemText: '大红' })).body.success).toBe(true);
    expect((await items('color_kind')).map((i) => i.text)).toEqual(['蓝', '大红']);
    expect((await call('GET', '/sys/dict/queryAllDictItems')).body.result.color_kind.map((i: any) => i.text)).toEqual(['蓝', '大红']);
    expect((await call('DELETE', `/sys/dictItem/delete?id=${red}`)).body.success).toBe(true);
    expect((await items('color_kind')).map((i) => i.text)).toEqual(['蓝']);
  });

  it('lists the items of one dictionary only, by text fragment, and requires the dictionary', async () => {
    const dictId = await addDict('list_kind');
    await call('POST', '/sys/dictItem/add', { dictId, itemText: '第一项', itemValue: '1', sortOrder: 2 });
    await call('POST', '/sys/dictItem/add', { dictId, itemText: '第二项', itemValue: '2', sortOrder: 1, status: 0 });
    const all = (await call('GET', `/sys/dictItem/list?dictId=${dictId}`)).body.result;
    expect(all.records.map((r: any) => r.itemValue)).toEqual(['2', '1']);
    expect((await call('GET', `/sys/dictItem/list?dictId=${dictId}&itemText=${encodeURIComponent('一')}`)).body.result.records.map((r: any) => r.itemValue)).toEqual(['1']);
    expect((await call('GET', `/sys/dictItem/list?dictId=${dictId}&status=0`)).body.result.records.map((r: any) => r.itemValue)).toEqual(['2']);
    const missing = await call('GET', '/sys/dictItem/list');
    expect(missing.status).toBe(200);
    expect(missing.body.success).toBe(false);
    expect(missing.body.message).toBe('请选择字典');
    // the disabled item is listed for management but not served
    expect((await items('list_kind')).map((i) => i.value)).toEqual(['1']);
  });

  it('keeps item values unique within a dictionary only, and needs a live dictionary', async () => {
    const a = await addDict('uniq_a');
    const b = await addDict('uniq_b');
    expect((await call('POST', '/sys/dictItem/add', { dictId: a, itemText: '甲', itemValue: 'v' })).body.success).toBe(true);
    const dup = await call('POST', '/sys/dictItem/add', { dictId: a, itemText: '乙', itemValue: 'v' });
    expect(dup.status).toBe(200);
    expect(dup.body.success).toBe(false);
    expect(dup.body.message).toBe('字典项值已存在');
    expect((await call('POST', '/sys/dictItem/add', { dictId: b, itemText: '乙', itemValue: 'v' })).body.success).toBe(true);
    await call('POST', '/sys/dictItem/add', { dictId: a, itemText: '丙', itemValue: 'w' });
    const w = (await t.db.selectFrom('sysDictItem').select('id').where('dictId', '=', a).where('itemValue', '=', 'w').executeTakeFirstOrThrow()).id;
    expect((await call('PUT', '/sys/dictItem/edit', { id: w, itemValue: 'v' })).body.message).toBe('字典项值已存在');
    const orphan = await call('POST', '/sys/dictItem/add', { dictId: 'nope', itemText: 'x', itemValue: 'x' });
    expect(orphan.status).toBe(200);
    expect(orphan.body.success).toBe(false);
    expect(orphan.body.message).toBe('字典不存在或已删除');
    expect((await call('POST', '/sys/dictItem/add', { dictId: a, itemValue: 'x' })).body.message).toBe('字典项文本不能为空');
    const blanked = await call('PUT', '/sys/dictItem/edit', { id: w, status: '' });
    expect(blanked.status).toBe(200);
    expect(blanked.body.success).toBe(false);
    expect(blanked.body.message).toBe('状态不能为空');
  });

  it('stops serving the items of a deleted dictionary at once', async () => {
    const id = await addDict('short_lived');
    await call('POST', '/sys/dictItem/add', { dictId: id, itemText: '一', itemValue: '1' });
    expect(await items('short_lived')).toHaveLength(1);
    expect((await call('DELETE', `/sys/dict/deleteBatch?ids=${id}`)).body.success).toBe(true);
    expect(await items('short_lived')).toEqual([]);
    expect((await call('GET', '/sys/dict/queryAllDictItems')).body.result.short_lived).toBeUndefined();
    expect((await call('GET', '/sys/dict/loadDictItem/short_lived?key=1')).body.result).toEqual(['1']);
    expect((await call('POST', '/sys/dictItem/add', { dictId: id, itemText: '二', itemValue: '2' })).body.message).toBe('字典不存在或已删除');
  });

  it('shows an edited text beside coded values in lists at once (the lists keep the texts between requests)', async () => {
    const sexText = async () => {
      const admins = (await call('GET', '/sys/user/list?username=admin')).body.result.records as Array<{ username: string; sex: number; sex_dictText: string }>;
      return admins.find((u) => u.username === 'admin')!;
    };
    await t.db.updateTable('sysUser').set({ sex: 1 }).where('username', '=', 'admin').execute();
    expect((await sexText()).sex_dictText).toBe('男');
    const sexDict = (await t.db.selectFrom('sysDict').select('id').where('dictCode', '=', 'sex').executeTakeFirstOrThrow()).id;
    const male = (await t.db.selectFrom('sysDictItem').select('id').where('dictId', '=', sexDict).where('itemValue', '=', '1').executeTakeFirstOrThrow()).id;
    expect((await call('PUT', '/sys/dictItem/edit', { id: male, itemText: '男性' })).body.success).toBe(true);
    expect((await sexText()).sex_dictText).toBe('男性');
    // behind the application: the lists' copy, like the dictionaries', until 刷新缓存
    await t.db.updateTable('sysDictItem').set({ itemText: '男' }).where('id', '=', male).execute();
    expect((await sexText()).sex_dictText).toBe('男性');
    await call('GET', '/sys/dict/refleshCache');
    expect((await sexText()).sex_dictText).toBe('男');
  });

  it('caches: a change behind the application is seen after refleshCache', async () => {
    const id = await addDict('behind');
    await call('POST', '/sys/dictItem/add', { dictId: id, itemText: '旧', itemValue: '1' });
    expect((await items('behind'))[0].text).toBe('旧');
    await t.db.updateTable('sysDictItem').set({ itemText: '新' }).where('dictId', '=', id).execute();
    expect((await items('behind'))[0].text).toBe('旧');
    expect((await call('GET', '/sys/dict/refleshCache')).body.message).toBe('刷新缓存完成！');
    expect((await items('behind'))[0].text).toBe('新');
  });
});
