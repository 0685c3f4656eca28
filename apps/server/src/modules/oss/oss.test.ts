import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, auth, createTestApp, createUser, login, type TestApp } from '../../../test/helpers/test-app';

// 文件管理 on local storage: upload through the upload checks, list, read back (images inline, others
// as a download), delete (file and row), permissions and tenants.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

let t: TestApp;
let admin: string;

function form(filename: string, data: Buffer) {
  const boundary = '----oss' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

const upload = async (filename: string, data: Buffer, token = admin, url = '/api/sys/oss/file/upload') => {
  const { payload, contentType } = form(filename, data);
  const res = await t.app.inject({ method: 'POST', url, payload, headers: { ...auth(token), 'content-type': contentType } });
  return { status: res.statusCode, body: res.json() };
};
const list = async (query = '', token = admin) => (await apiCall(t.app, token, 'GET', `/sys/oss/file/list?pageSize=50${query}`)).body.result;

beforeAll(async () => {
  t = await createTestApp({ UPLOAD_MAX_MB: '1' });
  admin = await login(t.app);
});
afterAll(() => t.close());

describe('文件管理', () => {
  it('uploads a file, lists it with name, path, size, type, uploader and time, and reads it back', async () => {
    const up = await upload('安全须知.txt', Buffer.from('注意用电安全'));
    expect(up).toMatchObject({ status: 200, body: { success: true, message: '上传成功！' } });
    expect(up.body.result).toMatchObject({ fileName: '安全须知.txt', fileSize: Buffer.byteLength('注意用电安全'), fileType: 'text/plain; charset=utf-8', storageDriver: 'local', createBy: 'admin' });
    const { records } = await list('&fileName=*须知*');
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ fileName: '安全须知.txt', url: up.body.result.url, createBy: 'admin' });
    expect(records[0].createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(existsSync(join(t.config.dataDir, 'upload', records[0].url))).toBe(true);
    const down = await t.app.inject({ method: 'GET', url: `/api/sys/common/static/${records[0].url}`, headers: auth(admin) });
    expect(down.statusCode).toBe(200);
    expect(down.headers['content-disposition']).toMatch(/^attachment/);
    expect(down.body).toBe('注意用电安全');
  });

  it('previews images inline; the original second upload button stores the same way', async () => {
    const up = await upload('logo.png', PNG, admin, '/api/sys/upload/uploadMinio');
    expect(up.body.success).toBe(true);
    const view = await t.app.inject({ method: 'GET', url: `/api/sys/common/static/${up.body.result.url}`, headers: auth(admin) });
    expect(view.headers['content-type']).toBe('image/png');
    expect(view.headers['content-disposition']).toMatch(/^inline/);
    expect(view.rawPayload.equals(PNG)).toBe(true);
  });

  it('refuses what the upload checks refuse, storing nothing', async () => {
    const before = (await list()).total;
    expect(await upload('fake.png', Buffer.from('<script>alert(1)</script>'))).toMatchObject({ status: 200, body: { success: false, message: '文件内容与扩展名不符' } });
    expect(await upload('run.exe', Buffer.from('MZ'))).toMatchObject({ status: 200, body: { success: false, message: '不允许上传该类型的文件: .exe' } });
    expect(await upload('big.txt', Buffer.alloc(1024 * 1024 + 10, 0x61))).toMatchObject({ status: 200, body: { success: false, message: '文件大小超出1MB限制' } });
    expect((await list()).total).toBe(before);
  });

  it('deletes the stored file with its row', async () => {
    const up = await upload('待删除.txt', Buffer.from('bye'));
    const { id, url } = up.body.result;
    expect(await apiCall(t.app, admin, 'DELETE', `/sys/oss/file/delete?id=${id}`)).toMatchObject({ status: 200, body: { success: true, message: '删除成功!' } });
    expect(existsSync(join(t.config.dataDir, 'upload', url))).toBe(false);
    expect((await list('&fileName=待删除.txt')).total).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: `/api/sys/common/static/${url}`, headers: auth(admin) })).statusCode).toBe(404);
    expect(await apiCall(t.app, admin, 'DELETE', `/sys/oss/file/delete?id=${id}`)).toMatchObject({ status: 200, body: { success: false, message: '未找到对应实体' } });
  });

  it('needs the file codes (403/510): listing alone does not allow upload or delete', async () => {
    await createUser(t.db, { username: 'noss14', password: 'Noss#2026x' });
    const nobody = await login(t.app, 'noss14', 'Noss#2026x');
    expect(await apiCall(t.app, nobody, 'GET', '/sys/oss/file/list')).toMatchObject({ status: 403, body: { code: 510 } });
    await createUser(t.db, { username: 'ossview14', password: 'Ossview#2026', menuKeys: ['monitor.ossfile', 'monitor.ossfile.list'] });
    const viewer = await login(t.app, 'ossview14', 'Ossview#2026');
    expect((await list('', viewer)).total).toBeGreaterThan(0);
    expect(await upload('a.txt', Buffer.from('x'), viewer)).toMatchObject({ status: 403, body: { code: 510 } });
    const id = (await list()).records[0].id;
    expect(await apiCall(t.app, viewer, 'DELETE', `/sys/oss/file/delete?id=${id}`)).toMatchObject({ status: 403, body: { code: 510 } });
  });

  it("shows each tenant only its own files and cannot delete another tenant's", async () => {
    await t.db.insertInto('sysTenant').values({ id: 2200, name: '另一租户', status: 1 }).execute();
    await createUser(t.db, { username: 'oss2200', password: 'Oss2200#2026', tenants: [2200], menuKeys: ['monitor.ossfile', 'monitor.ossfile.list', 'monitor.ossfile.upload', 'monitor.ossfile.delete'] });
    const other = await login(t.app, 'oss2200', 'Oss2200#2026');
    expect((await list('', other)).total).toBe(0);
    const mine = await upload('租户文件.txt', Buffer.from('tenant 2200'), other);
    expect((await list('', other)).records.map((r: any) => r.fileName)).toEqual(['租户文件.txt']);
    expect((await list('&fileName=租户文件.txt')).total).toBe(0);
    const adminFile = (await list()).records[0];
    expect(await apiCall(t.app, other, 'DELETE', `/sys/oss/file/delete?id=${adminFile.id}`)).toMatchObject({ body: { success: false, message: '未找到对应实体' } });
    expect(existsSync(join(t.config.dataDir, 'upload', adminFile.url))).toBe(true);
    expect(mine.body.success).toBe(true);
  });
});
