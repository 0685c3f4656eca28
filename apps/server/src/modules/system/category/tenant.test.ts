import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, createTestApp, createUser, login, type TestApp } from '../../../../test/helpers/test-app';

// Category trees belong to a tenant: another tenant neither reads nor writes them.
let t: TestApp;
let admin: string;
let other: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
  await t.db.insertInto('sysTenant').values({ id: 2000, name: '二中', status: 1 }).execute();
  const buttons = ['list', 'add', 'edit', 'delete'].map((b) => `system.category.${b}`);
  await createUser(t.db, { username: 'cat2000', password: 'Category#2026', tenants: [2000], menuKeys: ['system', 'system.category', ...buttons] });
  other = await login(t.app, 'cat2000', 'Category#2026');
});
afterAll(() => t.close());

describe('categories and tenants', () => {
  it("a tenant's trees are its own", async () => {
    const added = await apiCall(t.app, admin, 'POST', '/sys/category/add', { name: '安全主题', code: 'SAFE' });
    expect(added.body.success).toBe(true);
    const id = added.body.result.id;
    const roots = async (token: string) => (await apiCall(t.app, token, 'GET', '/sys/category/loadTreeRoot?async=true&pcode=0')).body.result.map((n: any) => n.code);
    expect(await roots(admin)).toContain('SAFE');
    expect(await roots(other)).not.toContain('SAFE');
    expect((await apiCall(t.app, other, 'GET', '/sys/category/rootList')).body.result.records.map((r: any) => r.code)).not.toContain('SAFE');
    expect((await apiCall(t.app, other, 'GET', `/sys/category/loadDictItem?ids=${id}`)).body.result).toEqual([id]);
    expect((await apiCall(t.app, other, 'GET', '/sys/category/loadOne?field=code&val=SAFE')).body.success).toBe(false);
    expect((await apiCall(t.app, other, 'PUT', '/sys/category/edit', { id, name: '改' })).body.success).toBe(false);
    expect((await apiCall(t.app, other, 'POST', '/sys/category/add', { pid: id, name: '挂靠' })).body.message).toBe('上级分类不存在');
    expect((await apiCall(t.app, other, 'DELETE', `/sys/category/delete?id=${id}`)).body.success).toBe(false);
    expect((await apiCall(t.app, admin, 'GET', '/sys/category/loadOne?field=code&val=SAFE')).body.result).toMatchObject({ name: '安全主题' });
    // its own tree works
    const mine = await apiCall(t.app, other, 'POST', '/sys/category/add', { name: '二中分类' });
    expect(mine.body.success).toBe(true);
    expect(await roots(other)).toContain(mine.body.result.code);
    expect(await roots(admin)).not.toContain(mine.body.result.code);
  });
});
