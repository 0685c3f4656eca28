import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestApp, login, type TestApp } from '../../../test/helpers/test-app';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
});
afterAll(() => t.close());

/** One call as the admin, in the language the Accept-Language header asks for (none: the default). */
async function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, language?: string) {
  const headers = { ...auth(admin), ...(language ? { 'accept-language': language } : {}) };
  const res = await t.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
  return res.json() as { success: boolean; message: string };
}

describe('server messages follow Accept-Language', () => {
  it('answers a success in English for an English caller and in Chinese otherwise', async () => {
    expect(await call('POST', '/sys/role/add', { roleName: 'Tutor', roleCode: 'tutor_en' }, 'en-US,en;q=0.9,zh-CN;q=0.8')).toMatchObject({ success: true, message: 'Added' });
    expect(await call('POST', '/sys/role/add', { roleName: '助教', roleCode: 'tutor_zh' })).toMatchObject({ success: true, message: '添加成功！' });
    expect(await call('POST', '/sys/role/add', { roleName: '助教', roleCode: 'tutor_zh2' }, 'zh-CN,zh;q=0.9,en;q=0.8')).toMatchObject({ success: true, message: '添加成功！' });
  });

  it('answers a refusal with its values in English: a business refusal and a validation refusal', async () => {
    expect(await call('POST', '/sys/role/add', { roleName: 'x', roleCode: 'tutor_en' }, 'en-US')).toMatchObject({ success: false, message: 'Role code “tutor_en” already exists' });
    expect(await call('POST', '/sys/role/add', { roleName: 'x', roleCode: 'tutor_en' })).toMatchObject({ success: false, message: '角色编码“tutor_en”已存在' });

    // a validation refusal names the field and says what is wrong with it
    expect(await call('POST', '/sys/permission/add', { name: '', menuType: 0 }, 'en-US')).toMatchObject({ success: false, message: 'Parameter name: The menu name is required' });
    expect(await call('POST', '/sys/permission/add', { name: '', menuType: 0 })).toMatchObject({ success: false, message: '参数 name：菜单名称不能为空' });
    expect(await call('GET', '/sys/role/checkRoleCode?roleCode=tutor_en', undefined, 'en')).toMatchObject({ success: false, message: 'The role code already exists' });
  });
});
