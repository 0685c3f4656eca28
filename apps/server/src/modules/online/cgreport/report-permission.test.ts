import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedId } from '../../../core/db';
import { apiCall, createTestApp, createUser, login, type TestApp } from '../../../../test/helpers/test-app';

// Issue 10: an online report's columns, query info and data answer only holders of the report's own
// code, online:report:<report code> (a button under the hidden Online报表 menu). The administrator
// holds the seeded reports' codes.
let t: TestApp;
let admin: string;
let plain: string;
let userReader: string;
let userReportId: string;
let departReportId: string;

const PASSWORD = 'User#2026x';
const reportId = async (code: string) => (await t.db.selectFrom('onlCgreportHead').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
  await t.db.updateTable('sysUser').set({ phone: '13800000000' }).where('username', '=', 'admin').execute();
  await createUser(t.db, { username: 'plain', password: PASSWORD, menuKeys: [] });
  await createUser(t.db, { username: 'reader', password: PASSWORD, menuKeys: ['online.report.report_user'] });
  plain = await login(t.app, 'plain', PASSWORD);
  userReader = await login(t.app, 'reader', PASSWORD);
  userReportId = await reportId('report_user');
  departReportId = await reportId('report_depart');
});
afterAll(() => t.close());

const calls = (code: string, id: string) => [
  `/online/cgreport/api/getRpColumns/${code}`,
  `/online/cgreport/api/getQueryInfo/${id}`,
  `/online/cgreport/api/getData/${id}`,
  `/online/cgreport/api/getData/${id}?pageSize=100`,
];

describe('online report permissions', () => {
  it('are seeded as one button per shipped report under the hidden Online报表 menu', async () => {
    const menu = await t.db.selectFrom('sysPermission').selectAll().where('id', '=', seedId('menu.online.report')).executeTakeFirstOrThrow();
    expect(menu).toMatchObject({ name: 'Online报表', hidden: 1 });
    const buttons = await t.db.selectFrom('sysPermission').select('perms').where('parentId', '=', menu.id).orderBy('sortNo').execute();
    expect(buttons.map((b) => b.perms)).toEqual(['online:report:report_user', 'online:report:report_depart']);
  });

  it('refuse every report call to a signed-in user without the report code', async () => {
    for (const url of [...calls('report_user', userReportId), ...calls('report_depart', departReportId)]) {
      const res = await apiCall(t.app, plain, 'GET', url);
      expect(res.status, url).toBe(403);
      expect(res.body, url).toMatchObject({ success: false, code: 510 });
      expect(JSON.stringify(res.body)).not.toContain('13800000000');
    }
  });

  it('refuse an unknown report to a user holding no report, without saying whether it exists', async () => {
    expect((await apiCall(t.app, plain, 'GET', '/online/cgreport/api/getRpColumns/no_such_report')).status).toBe(403);
    expect((await apiCall(t.app, plain, 'GET', `/online/cgreport/api/getData/${'f'.repeat(32)}`)).status).toBe(403);
    expect((await apiCall(t.app, userReader, 'GET', `/online/cgreport/api/getData/${'f'.repeat(32)}`)).body.message).toBe('报表不存在或已被删除');
  });

  it('answer the holder of one report code that report only', async () => {
    for (const url of calls('report_user', userReportId)) expect((await apiCall(t.app, userReader, 'GET', url)).body.success, url).toBe(true);
    const data = await apiCall(t.app, userReader, 'GET', `/online/cgreport/api/getData/${userReportId}`);
    expect(data.body.result.records.map((r: any) => r.username)).toContain('admin');
    for (const url of calls('report_depart', departReportId)) expect((await apiCall(t.app, userReader, 'GET', url)).status, url).toBe(403);
  });

  it('keep answering the administrator for every seeded report', async () => {
    for (const url of [...calls('report_user', userReportId), ...calls('report_depart', departReportId)]) {
      expect((await apiCall(t.app, admin, 'GET', url)).body.success, url).toBe(true);
    }
  });

  it('stop answering as soon as the report code is taken away', async () => {
    await t.db.updateTable('sysPermission').set({ status: '0' }).where('id', '=', seedId('menu.online.report.report_user')).execute();
    expect((await apiCall(t.app, userReader, 'GET', `/online/cgreport/api/getData/${userReportId}`)).status).toBe(403);
    await t.db.updateTable('sysPermission').set({ status: '1' }).where('id', '=', seedId('menu.online.report.report_user')).execute();
  });
});
