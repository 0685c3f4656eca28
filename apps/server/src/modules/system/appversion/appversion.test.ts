import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, createTestApp, createUser, login, type TestApp } from '../../../../test/helpers/test-app';

// 应用版本 as the original client's page (views/system/appVersion) uses it: it reads the release with
// its app key, and saves the whole model back with the key as id.
const APP_KEY = 'E0CC280';
let t: TestApp;
let admin: string;
const pw = 'AppVersion#2026x';

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
  await createUser(t.db, { username: 'appver_editor', password: pw, menuKeys: ['system.setting', 'system.setting.appVersion'] });
  await createUser(t.db, { username: 'appver_setting', password: pw, menuKeys: ['system.setting', 'system.setting.list', 'system.setting.edit'] });
});
afterAll(() => t.close());

const read = async (key = APP_KEY) => (await t.app.inject({ method: 'GET', url: `/api/sys/version/app3version?key=${key}` })).json();

describe('应用版本', () => {
  it('answers an empty release before the first save, to a caller who is not signed in', async () => {
    expect(await read()).toMatchObject({ success: true, result: null });
  });

  it('saves the release the page sends and answers it to the app without a sign-in; a second save replaces it', async () => {
    const page = { id: APP_KEY, appVersion: '1.2.0', versionNum: 120, updateNote: '1. 新增课程\n2. 修复已知问题', downloadUrl: 'https://example.org/app-1.2.0.apk', wgtUrl: '', webDownloadUrl: '' };
    expect((await apiCall(t.app, admin, 'POST', '/sys/version/saveVersion', page)).body).toMatchObject({ success: true, message: '保存成功' });
    const saved = (await read()).result;
    expect(saved).toMatchObject({ id: APP_KEY, appVersion: '1.2.0', versionNum: 120, downloadUrl: 'https://example.org/app-1.2.0.apk', updateNote: page.updateNote, createBy: 'admin' });

    // the page edits what it read (audit fields included) and saves it back
    const editor = await login(t.app, 'appver_editor', pw);
    const again = { ...saved, appVersion: '1.3.1', versionNum: 131, downloadUrl: 'appVersion/app-1.3.1.apk' };
    expect((await apiCall(t.app, editor, 'POST', '/sys/version/saveVersion', again)).body).toMatchObject({ success: true });
    expect((await read()).result).toMatchObject({ appVersion: '1.3.1', versionNum: 131, downloadUrl: 'appVersion/app-1.3.1.apk', createBy: 'admin', updateBy: 'appver_editor' });
    expect(await t.db.selectFrom('sysAppVersion').select('id').execute()).toHaveLength(1);
    // another app key is another release
    expect((await read('OTHER1')).result).toBeNull();
  });

  it('refuses a release without a version or an installer, and an address of another scheme', async () => {
    const noInstaller = await apiCall(t.app, admin, 'POST', '/sys/version/saveVersion', { id: APP_KEY, appVersion: '2.0.0', downloadUrl: '' });
    expect(noInstaller.body).toMatchObject({ success: false, code: 500, message: expect.stringContaining('APP安装apk不能为空') });
    const noVersion = await apiCall(t.app, admin, 'POST', '/sys/version/saveVersion', { id: APP_KEY, downloadUrl: 'https://example.org/a.apk' });
    expect(noVersion.body).toMatchObject({ success: false, message: expect.stringContaining('版本不能为空') });
    const script = await apiCall(t.app, admin, 'POST', '/sys/version/saveVersion', { id: APP_KEY, appVersion: '2.0.0', downloadUrl: 'javascript:alert(1)' });
    expect(script.body).toMatchObject({ success: false, message: expect.stringContaining('http(s)') });
    expect((await read()).result.appVersion).toBe('1.3.1');
  });

  it('refuses saving without the 应用版本编辑 code (403 / 510), even to a holder of the other settings', async () => {
    const other = await login(t.app, 'appver_setting', pw);
    const refused = await apiCall(t.app, other, 'POST', '/sys/version/saveVersion', { id: APP_KEY, appVersion: '9.9.9', downloadUrl: 'https://evil.example/x.apk' });
    expect(refused).toMatchObject({ status: 403, body: { code: 510 } });
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/sys/version/saveVersion', payload: { id: APP_KEY, appVersion: '9.9.9', downloadUrl: 'https://evil.example/x.apk' } });
    expect(anonymous.statusCode).toBe(401);
    expect((await read()).result.appVersion).toBe('1.3.1');
  });
});
