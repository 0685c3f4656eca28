import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DICT_CACHE_TTL_MS } from './cache';
import { auth, createTestApp, login, type TestApp } from '../../../../test/helpers/test-app';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await login(t.app);
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: auth(token) });

describe('dictionaries', () => {
  it('queryAllDictItems maps every seeded code to its items in order', async () => {
    const r = (await get('/api/sys/dict/queryAllDictItems')).json().result;
    for (const code of ['sex', 'priority', 'user_status', 'yn', 'valid_status', 'menu_type', 'perms_type', 'msg_category', 'send_status', 'del_flag', 'log_type', 'operate_type', 'depart_status', 'tenant_status', 'org_category']) {
      expect(r[code]?.length, code).toBeGreaterThan(0);
    }
    expect(r.user_status).toEqual([
      { value: '1', text: '正常', title: '正常', label: '正常', color: 'green' },
      { value: '2', text: '冻结', title: '冻结', label: '冻结', color: 'red' },
    ]);
    expect(r.priority.map((i: { value: string }) => i.value)).toEqual(['L', 'M', 'H']);
  });

  it('leaves out disabled items, at once after the item is edited', async () => {
    await get('/api/sys/dict/queryAllDictItems'); // the cache is warm
    const female = await t.db.selectFrom('sysDictItem').select('id').where('itemText', '=', '女').executeTakeFirstOrThrow();
    const edit = (status: number) => t.app.inject({ method: 'PUT', url: '/api/sys/dictItem/edit', headers: auth(token), payload: { id: female.id, status } });
    expect((await edit(0)).json().success).toBe(true);
    const r = (await get('/api/sys/dict/queryAllDictItems')).json().result;
    expect((await edit(1)).json().success).toBe(true);
    expect(r.sex.map((i: { text: string }) => i.text)).toEqual(['男']);
    expect((await get('/api/sys/dict/getDictItems/sex')).json().result).toHaveLength(2);
  });

  it('reloads its copy after DICT_CACHE_TTL_MS: a change written straight to the database shows by then', async () => {
    const texts = async () => (await get('/api/sys/dict/queryAllDictItems')).json().result.priority.map((i: { text: string }) => i.text);
    const before = await texts(); // the cache is warm
    const dictId = (await t.db.selectFrom('sysDict').select('id').where('dictCode', '=', 'priority').executeTakeFirstOrThrow()).id;
    await t.db.insertInto('sysDictItem').values({ id: 'ttl-item', dictId, itemText: '紧急', itemValue: 'U', sortOrder: 9, status: 1 }).execute();
    try {
      expect(await texts()).toEqual(before);
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + DICT_CACHE_TTL_MS + 1000 });
      expect(await texts()).toEqual([...before, '紧急']);
    } finally {
      vi.useRealTimers();
      await t.db.deleteFrom('sysDictItem').where('id', '=', 'ttl-item').execute();
      await t.app.inject({ method: 'GET', url: '/api/sys/dict/refleshCache', headers: auth(token) });
    }
  });

  it('getDictItems answers one plain dictionary; an unknown code has no items', async () => {
    expect((await get('/api/sys/dict/getDictItems/sex')).json().result).toEqual([
      { value: '1', text: '男', title: '男', label: '男' },
      { value: '2', text: '女', title: '女', label: '女' },
    ]);
    expect((await get('/api/sys/dict/getDictItems/no_such_dict')).json()).toMatchObject({ success: true, result: [] });
  });

  it('refuses malformed codes and undeclared table-dictionary columns', async () => {
    const malformed = await get('/api/sys/dict/getDictItems/sys_user,username');
    expect(malformed.statusCode).toBe(200);
    expect(malformed.json().success).toBe(false);
    expect(malformed.json().message).toBe('字典Code格式不正确！');
    const secret = await get('/api/sys/dict/getDictItems/sys_user,password,username');
    expect(secret.statusCode).toBe(200);
    expect(secret.json().success).toBe(false);
    expect(secret.json().message).toBe('字典表或字段未被授权: password');
  });

  it('refleshCache answers 刷新缓存完成！', async () => {
    expect((await get('/api/sys/dict/refleshCache')).json()).toMatchObject({ success: true, message: '刷新缓存完成！' });
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/sys/dict/queryAllDictItems' })).statusCode).toBe(401);
  });
});
