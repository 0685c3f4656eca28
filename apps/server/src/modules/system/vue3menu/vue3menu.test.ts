import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, createTestApp, createUser, login, type TestApp } from '../../../../test/helpers/test-app';

// GET /sys/switchVue3Menu of the original client: the menus already serve both clients, so it answers
// success, says so, and leaves the menu table as it was.
let t: TestApp;
const pw = 'Vue3Menu#2026x';

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.db, { username: 'vue3menu_plain', password: pw });
});
afterAll(() => t.close());

const menuRows = () => t.db.selectFrom('sysPermission').select(['id', 'component', 'url', 'name']).orderBy('id').execute();

describe('切换 Vue3 菜单', () => {
  it('answers success with the reason and changes no menu', async () => {
    const before = await menuRows();
    const admin = await login(t.app);
    const res = await apiCall(t.app, admin, 'GET', '/sys/switchVue3Menu');
    expect(res).toMatchObject({ status: 200, body: { success: true, code: 200 } });
    expect(res.body.message).toContain('无需切换');
    expect(await menuRows()).toEqual(before);
  });

  it('refuses a user who may not edit menus (403 / 510)', async () => {
    const plain = await login(t.app, 'vue3menu_plain', pw);
    expect(await apiCall(t.app, plain, 'GET', '/sys/switchVue3Menu')).toMatchObject({ status: 403, body: { code: 510 } });
  });
});
