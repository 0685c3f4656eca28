import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importResource, ResourceService } from '../../../core/crud';
import { newId, seedId } from '../../../core/db';
import { auth, createTestApp, createUser, login, type TestApp } from '../../../../test/helpers/test-app';
import { positionResource } from './resource';

// The resource framework, proved through its first module: positions.
let t: TestApp;
let admin: string;

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function multipart(file: Buffer, filename: string, token: string) {
  const boundary = '----anxue' + Math.random().toString(16).slice(2);
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="files[]"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { ...auth(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function get(url: string, token = admin) {
  const res = await t.app.inject({ method: 'GET', url: `/api${url}`, headers: auth(token) });
  return { status: res.statusCode, body: res.json() };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
  const rows = [
    ['P01', '总经理', '5', 1000],
    ['P02', '部门经理', '4', 1000],
    ['P03', '工程师', '3', 1000],
    ['P04', '助理工程师', '2', 1000],
    ['P05', '实习生', '1', 1000],
    ['T01', '其他租户职务', '3', 2000],
  ];
  let i = 0;
  for (const [code, name, postRank, tenantId] of rows) {
    i++;
    await t.db
      .insertInto('sysPosition')
      .values({ id: newId(), code: code as string, name: name as string, postRank: postRank as string, tenantId: tenantId as number, createTime: `2026-01-0${i} 10:00:00`, sysOrgCode: i <= 2 ? 'A01' : 'A01A01' })
      .execute();
  }
});
afterAll(() => t.close());

describe('resource framework: list conventions', () => {
  it('answers the page shape sorted by createTime desc with dictionary texts', async () => {
    const { body } = await get('/sys/position/list?pageNo=1&pageSize=2');
    expect(body.success).toBe(true);
    // admin signs in to tenant 1000, so the other tenant's row is not listed
    expect(body.result).toMatchObject({ total: 5, size: 2, current: 1, pages: 3 });
    expect(body.result.records.map((r: any) => r.code)).toEqual(['P05', 'P04']);
    expect(body.result.records[0].postRank_dictText).toBe('员级');
    expect(body.result.records[1].postRank_dictText).toBe('助级');
  });

  it('filters with like, not-equal, in and comparison conventions and sorts by a column', async () => {
    const codes = async (q: string) => (await get(`/sys/position/list?${q}`)).body.result.records.map((r: any) => r.code);
    expect(await codes(`name=${encodeURIComponent('*工程*')}&column=code&order=asc`)).toEqual(['P03', 'P04']);
    expect(await codes(`code=${encodeURIComponent('P0*')}&postRank=${encodeURIComponent('!3')}&column=code&order=asc`)).toEqual(['P01', 'P02', 'P04', 'P05']);
    expect(await codes(`code=P01,P05&column=postRank_dictText&order=desc`)).toEqual(['P01', 'P05']);
    expect(await codes(`postRank=${encodeURIComponent('>=4')}&column=code&order=asc`)).toEqual(['P01', 'P02']);
    expect(await codes(`createTime_begin=2026-01-02&createTime_end=2026-01-03&column=code&order=asc`)).toEqual(['P02', 'P03']);
    const sq = encodeURIComponent(JSON.stringify([{ field: 'postRank', rule: 'eq', val: '5' }, { field: 'name', rule: 'right_like', val: '实习' }]));
    expect(await codes(`superQueryParams=${sq}&superQueryMatchType=or&column=code&order=asc`)).toEqual(['P01', 'P05']);
  });

  it('refuses an undeclared sort column with a clear message', async () => {
    const res = await get('/sys/position/list?column=tenantId;select');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toBe('请注意，将要排序的列字段不存在');
  });
});

describe('resource framework: writes', () => {
  it('adds, reads, edits and deletes, refusing duplicates and unknown columns', async () => {
    const add = await t.app.inject({ method: 'POST', url: '/api/sys/position/add', headers: auth(admin), payload: { code: 'N01', name: '新职务', postRank: '2', tenantId: 9, delFlag: 1 } });
    expect(add.json()).toMatchObject({ success: true, message: '添加成功！' });
    const found = (await get('/sys/position/list?code=N01')).body.result.records[0];
    expect(found).toMatchObject({ name: '新职务', createBy: 'admin', sysOrgCode: 'A01' });
    const dup = await t.app.inject({ method: 'POST', url: '/api/sys/position/add', headers: auth(admin), payload: { code: 'N01', name: 'x' } });
    expect(dup.statusCode).toBe(200);
    expect(dup.json().success).toBe(false);
    expect(dup.json().message).toBe('职务编码“N01”已存在');
    const missing = await t.app.inject({ method: 'POST', url: '/api/sys/position/add', headers: auth(admin), payload: { code: 'N02' } });
    expect(missing.statusCode).toBe(200);
    expect(missing.json().success).toBe(false);
    expect(missing.json().message).toBe('职务名称不能为空');
    const edit = await t.app.inject({ method: 'PUT', url: '/api/sys/position/edit', headers: auth(admin), payload: { id: found.id, name: '改名了' } });
    expect(edit.json().success).toBe(true);
    expect((await get(`/sys/position/queryById?id=${found.id}`)).body.result).toMatchObject({ code: 'N01', name: '改名了', updateBy: 'admin' });
    const del = await t.app.inject({ method: 'DELETE', url: `/api/sys/position/delete?id=${found.id}`, headers: auth(admin) });
    expect(del.json().success).toBe(true);
    expect(await get(`/sys/position/queryById?id=${found.id}`)).toMatchObject({ status: 200, body: { success: false, message: '未找到对应职务' } });
  });

  it('deletes a batch all or nothing', async () => {
    const ids = (await get('/sys/position/list?code=P04,P05')).body.result.records.map((r: any) => r.id);
    const bad = await t.app.inject({ method: 'DELETE', url: `/api/sys/position/deleteBatch?ids=${ids.join(',')},nope`, headers: auth(admin) });
    expect(bad.statusCode).toBe(200);
    expect(bad.json()).toMatchObject({ success: false, message: '未找到对应职务' });
    expect((await get('/sys/position/list?code=P04,P05')).body.result.total).toBe(2);
    const empty = await t.app.inject({ method: 'DELETE', url: '/api/sys/position/deleteBatch?ids=', headers: auth(admin) });
    expect(empty.json().message).toBe('请选择一条记录！');
  });
});

describe('resource framework: access', () => {
  it('gives a user holding only the list permission code 510 for add, edit, delete and export', async () => {
    await createUser(t.db, { username: 'reader', password: 'Reader#2026', menuKeys: ['system', 'system.position', 'system.position.list'] });
    const reader = await login(t.app, 'reader', 'Reader#2026');
    expect((await get('/sys/position/list', reader)).body.success).toBe(true);
    for (const [method, url, payload] of [
      ['POST', '/api/sys/position/add', { code: 'X', name: 'x' }],
      ['PUT', '/api/sys/position/edit', { id: 'x', name: 'x' }],
      ['DELETE', '/api/sys/position/delete?id=x', undefined],
      ['DELETE', '/api/sys/position/deleteBatch?ids=x', undefined],
      ['GET', '/api/sys/position/exportXls', undefined],
      ['POST', '/api/sys/position/importExcel', undefined],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: auth(reader), ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe(510);
    }
  });

  it('shows a tenant only its rows, and only to its members', async () => {
    const refused = await t.app.inject({ method: 'GET', url: '/api/sys/position/list', headers: { ...auth(admin), 'X-Tenant-Id': '2000' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('您不是该租户的成员');
    await t.db.insertInto('sysTenant').values({ id: 2000, name: '第二租户', status: 1 }).execute();
    await t.db.insertInto('sysUserTenant').values({ id: newId(), userId: seedId('user.admin'), tenantId: 2000, status: '1' }).execute();
    const mine = await t.app.inject({ method: 'GET', url: '/api/sys/position/list?pageSize=50', headers: { ...auth(admin), 'X-Tenant-Id': '2000' } });
    expect(mine.json().result.records.map((r: any) => r.code)).toEqual(['T01']);
    const legacyHeader = await t.app.inject({ method: 'GET', url: '/api/sys/position/list?pageSize=50', headers: { ...auth(admin), 'tenant-id': '1000' } });
    expect(legacyHeader.json().result.records.map((r: any) => r.code)).not.toContain('T01');
  });

  it('hides rows through a data rule granted to the role', async () => {
    const userId = await createUser(t.db, { username: 'ruled', password: 'Ruled#2026', menuKeys: ['system', 'system.position', 'system.position.list'] });
    await t.db.updateTable('sysUser').set({ orgCode: 'A01' }).where('id', '=', userId).execute();
    const ruleId = newId();
    await t.db.insertInto('sysPermissionDataRule').values({ id: ruleId, permissionId: seedId('menu.system.position'), ruleName: '本部门', ruleColumn: 'sys_org_code', ruleConditions: '=', ruleValue: '#{sys_org_code}', status: '1' }).execute();
    const role = await t.db.selectFrom('sysRole').select('id').where('roleCode', '=', 'r_ruled').executeTakeFirstOrThrow();
    await t.db.updateTable('sysRolePermission').set({ dataRuleIds: ruleId }).where('roleId', '=', role.id).where('permissionId', '=', seedId('menu.system.position')).execute();
    const token = await login(t.app, 'ruled', 'Ruled#2026');
    const codes = (await get('/sys/position/list?pageSize=50&column=code&order=asc', token)).body.result.records.map((r: any) => r.code);
    expect(codes).toEqual(['P01', 'P02']);
    // a rule naming an undeclared column hides everything rather than nothing
    await t.db.updateTable('sysPermissionDataRule').set({ ruleColumn: 'password' }).where('id', '=', ruleId).execute();
    expect((await get('/sys/position/list', token)).body.result.total).toBe(0);
    // the role's grant is kept with the user's access, per permission epoch: taken away, the rows show at the
    // next request; given back, they hide again
    const grant = (ids: string | null) =>
      t.db.updateTable('sysRolePermission').set({ dataRuleIds: ids }).where('roleId', '=', role.id).where('permissionId', '=', seedId('menu.system.position')).execute();
    await grant(null);
    expect((await get('/sys/position/list', token)).body.result.total).toBeGreaterThan(2);
    await grant(ruleId);
    expect((await get('/sys/position/list', token)).body.result.total).toBe(0);
  });
});

describe('resource framework: export and import', () => {
  it('exports a real spreadsheet of the filtered list with dictionary texts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/sys/position/exportXls?code=P0*&column=code&order=asc', headers: { ...auth(admin), 'X-Tenant-Id': '1000' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as any);
    const rows = (wb.worksheets[0].getSheetValues() as unknown[][]).filter(Boolean).map((r) => r.slice(1));
    expect(rows[0]).toEqual(['职务编码', '职务名称', '职级']);
    expect(rows[1]).toEqual(['P01', '总经理', '正高级']);
    expect(rows.length).toBe(6);
  });

  it('imports the good rows, reports the bad ones with code 201 and a downloadable error file', async () => {
    const file = await xlsx([
      ['职务编码', '职务名称', '职级'],
      ['I01', '导入一', '中级'],
      ['I02', '', '3'],
      ['P01', '已存在的编码', '1'],
      ['I03', '导入三', '1'],
      ['I03', '文件内重复', '1'],
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/api/sys/position/importExcel', ...multipart(file, 'positions.xlsx', admin) });
    const body = res.json();
    expect(body, res.body).toMatchObject({ success: true, code: 201 });
    expect(body.result.msg).toContain('错误行数：3');
    const imported = (await get('/sys/position/list?code=I01,I03&column=code&order=asc')).body.result.records;
    expect(imported.map((r: any) => [r.code, r.postRank])).toEqual([
      ['I01', '3'],
      ['I03', '1'],
    ]);
    const dl = await t.app.inject({ method: 'GET', url: `/api/sys/common/static/${body.result.fileUrl}`, headers: auth(admin) });
    expect(dl.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(dl.rawPayload as any);
    const errors = (wb.worksheets[0].getSheetValues() as unknown[][]).filter(Boolean).map((r) => r.slice(1));
    expect(errors.slice(1).map((r) => [r[0], r[r.length - 1]])).toEqual([
      [3, '职务名称不能为空'],
      [4, '职务编码“P01”已存在'],
      [6, '职务编码“I03”在文件中重复'],
    ]);
  });

  it('refuses files that are not spreadsheets, and traversal in the static path', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/sys/position/importExcel', ...multipart(Buffer.from('a,b\n1,2'), 'x.xlsx', admin) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().success, res.body).toBe(false);
    expect(res.json().message).toContain('Excel');
    const trav = await t.app.inject({ method: 'GET', url: '/api/sys/common/static/..%2F..%2Fapp.db', headers: auth(admin) });
    expect(trav.statusCode).toBe(404);
    expect(trav.json()).toMatchObject({ success: false, message: '文件不存在' });
  });

  it('writes nothing when an import fails midway', async () => {
    const before = await t.db.selectFrom('sysPosition').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    let seen = 0;
    const svc = new ResourceService({
      ...positionResource,
      hooks: {
        beforeSave() {
          if (++seen === 700) throw new Error('disk on fire');
        },
      },
    });
    const rows: unknown[][] = [['职务编码', '职务名称']];
    for (let i = 0; i < 800; i++) rows.push([`M${i}`, `批量${i}`]);
    const { writeFileSync, mkdtempSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const path = join(mkdtempSync(join(tmpdir(), 'imp-')), 'm.xlsx');
    writeFileSync(path, await xlsx(rows));
    await expect(importResource(t.db, svc, { id: 'x', username: 'admin', tenantId: 0 }, path)).rejects.toThrow('disk on fire');
    const after = await t.db.selectFrom('sysPosition').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
