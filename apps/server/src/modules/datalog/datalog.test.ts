import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResourceService } from '../../core/crud';
import { positionResource } from '../system/position/resource';
import { apiCall, createTestApp, createUser, DEFAULT_TENANT, login, type TestApp } from '../../../test/helpers/test-app';

// 数据日志: each save of a tracked resource (positions here) stores a numbered version in the save's
// transaction; versions of one row are listed and two of them compared on the original's calls.
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
});
afterAll(() => t.close());

const get = (url: string, token = admin) => apiCall(t.app, token, 'GET', url);

describe('数据日志', () => {
  let positionId: string;
  let versions: Array<Record<string, any>>;

  it('stores version 1 on add and 2, 3 on two edits, newest first', async () => {
    expect((await apiCall(t.app, admin, 'POST', '/sys/position/add', { code: 'DL01', name: '安全员', postRank: '2' })).body.success).toBe(true);
    positionId = (await get('/sys/position/list?code=DL01')).body.result.records[0].id;
    for (const name of ['安全主管', '安全总监']) {
      const edit = await apiCall(t.app, admin, 'PUT', '/sys/position/edit', { id: positionId, code: 'DL01', name, postRank: '3' });
      expect(edit.body.success).toBe(true);
    }
    const res = await get(`/sys/dataLog/queryDataVerList?dataTable=sys_position&dataId=${positionId}`);
    expect(res.status).toBe(200);
    versions = res.body.result;
    expect(versions.map((v) => v.dataVersion)).toEqual([3, 2, 1]);
    expect(versions.map((v) => JSON.parse(v.dataContent).name)).toEqual(['安全总监', '安全主管', '安全员']);
    expect(versions[0]).toMatchObject({ dataTable: 'sys_position', dataId: positionId, type: 'json', createBy: 'admin' });
    expect(JSON.parse(versions[2].dataContent)).toMatchObject({ id: positionId, code: 'DL01', postRank: '2' });
  });

  it('lists logs filtered by table and row, and compares two versions of one row', async () => {
    const list = await get(`/sys/dataLog/list?dataTable=sys_position&dataId=${positionId}&pageSize=10`);
    expect(list.body.result.total).toBe(3);
    const [v3, , v1] = versions;
    const compare = await get(`/sys/dataLog/queryCompareList?dataId1=${v3.id}&dataId2=${v1.id}`);
    expect(compare.body.success).toBe(true);
    const [older, newer] = compare.body.result;
    expect([older.dataVersion, newer.dataVersion]).toEqual([1, 3]);
    expect(JSON.parse(older.dataContent)).toMatchObject({ name: '安全员', postRank: '2' });
    expect(JSON.parse(newer.dataContent)).toMatchObject({ name: '安全总监', postRank: '3' });
  });

  it('refuses comparing versions of two different rows, and answers the original message for a row without versions', async () => {
    await apiCall(t.app, admin, 'POST', '/sys/position/add', { code: 'DL02', name: '另一职务', postRank: '1' });
    const other = (await get('/sys/dataLog/list?dataTable=sys_position&pageSize=50')).body.result.records.find((r: any) => JSON.parse(r.dataContent).code === 'DL02');
    const mixed = await get(`/sys/dataLog/queryCompareList?dataId1=${versions[0].id}&dataId2=${other.id}`);
    expect(mixed).toMatchObject({ status: 200, body: { success: false, code: 500, message: '未找到对比的版本' } });
    const none = await get('/sys/dataLog/queryDataVerList?dataTable=sys_position&dataId=nothing');
    expect(none).toMatchObject({ status: 200, body: { success: false, message: '未找到版本信息' } });
  });

  it('keeps the version in the save\'s transaction: a failing version write leaves no saved row', async () => {
    // a definition whose version copy cannot be read (a column the table lacks) makes the log write fail
    const broken = new ResourceService({ ...positionResource, fields: [...positionResource.fields, { name: 'noSuchColumn', type: 'string', title: '无', writable: false }] });
    const caller = { id: 'x', username: 'admin', tenantId: DEFAULT_TENANT };
    await expect(broken.add(t.db, caller, { code: 'DL09', name: '不会保存', postRank: '1' })).rejects.toThrow();
    expect((await get('/sys/position/list?code=DL09')).body.result.total).toBe(0);
    const plain = new ResourceService({ ...positionResource, dataLog: false });
    await plain.edit(t.db, caller, { id: positionId, code: 'DL01', name: '未记录', postRank: '1' });
    const res = await get(`/sys/dataLog/queryDataVerList?dataTable=sys_position&dataId=${positionId}`);
    expect(res.body.result.map((v: any) => v.dataVersion)).toEqual([3, 2, 1]);
  });

  it("needs the data log code (403/510) and shows only the caller's tenant", async () => {
    await createUser(t.db, { username: 'nodl14', password: 'Nodl#2026x' });
    const nobody = await login(t.app, 'nodl14', 'Nodl#2026x');
    for (const url of ['/sys/dataLog/list', `/sys/dataLog/queryDataVerList?dataTable=sys_position&dataId=${positionId}`, `/sys/dataLog/queryCompareList?dataId1=a&dataId2=b`]) {
      expect(await get(url, nobody)).toMatchObject({ status: 403, body: { code: 510 } });
    }
    await t.db.insertInto('sysTenant').values({ id: 2100, name: '另一租户', status: 1 }).execute();
    await createUser(t.db, { username: 'dl2100', password: 'Dl2100#2026', tenants: [2100], menuKeys: ['monitor.datalog', 'monitor.datalog.list'] });
    const other = await login(t.app, 'dl2100', 'Dl2100#2026');
    expect((await get('/sys/dataLog/list', other)).body.result.total).toBe(0);
    expect((await get(`/sys/dataLog/queryDataVerList?dataTable=sys_position&dataId=${positionId}`, other)).body.message).toBe('未找到版本信息');
  });
});
