import { existsSync, linkSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, createTestApp, createUser, DEFAULT_TENANT, login, type TestApp } from '../../../test/helpers/test-app';
import { TEST_MYSQL_URL, TEST_POSTGRES_URL } from '../../../test/helpers/databases';
import { dataSourcesOf, PASSWORD_MASK, PasswordBox, targetOf, type SourcePolicy } from '.';
import { OWN_DATABASE, PRIVATE_HOST, SQLITE_OUTSIDE, UNREACHABLE } from './connection';

const PG_URL = TEST_POSTGRES_URL;
const MYSQL_URL = TEST_MYSQL_URL;

/** A data source form for a database URL such as postgres://user:pw@host:5432/db. */
function formOf(url: string, dbType: string, code: string) {
  const u = new URL(url);
  const scheme = dbType === 'postgresql' ? 'postgresql' : 'mysql';
  return {
    code,
    name: `${dbType} ${code}`,
    dbType,
    dbUrl: `jdbc:${scheme}://${u.hostname}:${u.port || (dbType === 'postgresql' ? 5432 : 3306)}/${u.pathname.slice(1)}`,
    dbUsername: decodeURIComponent(u.username),
    dbPassword: decodeURIComponent(u.password),
  };
}

describe('多数据源管理', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    // the test databases listen on 127.0.0.1: only the operator's switch lets a data source reach them
    t = await createTestApp({ DATASOURCE_PRIVATE_HOSTS: 'on' });
    admin = await login(t.app);
    mkdirSync(join(t.config.dataDir, 'datasource'));
    const sqlite = new Database(join(t.config.dataDir, 'datasource', 'reports.db'));
    sqlite.exec("create table sales (region text, amount integer); insert into sales values ('东区', 10), ('西区', 32);");
    sqlite.close();
  });
  afterAll(() => t.close());

  it('stores the password sealed with the install secret and never answers it', async () => {
    const add = await apiCall(t.app, admin, 'POST', '/sys/dataSource/add', {
      code: 'sealed', name: '加密测试', dbType: 'postgresql', dbUrl: 'postgresql://127.0.0.1:5432/anydb', dbUsername: 'u1', dbPassword: 'S3cret-pass!',
    });
    expect(add.body).toMatchObject({ success: true, message: '添加成功！' });
    const stored = await t.db.selectFrom('sysDataSource').selectAll().where('code', '=', 'sealed').executeTakeFirstOrThrow();
    expect(stored.dbPassword).not.toContain('S3cret-pass!');
    expect(stored.dbPassword).toMatch(/^v1:/);

    const byId = await apiCall(t.app, admin, 'GET', `/sys/dataSource/queryById?id=${stored.id}`);
    expect(byId.body.result).toMatchObject({ code: 'sealed', dbPassword: PASSWORD_MASK, dbType_dictText: 'PostgreSQL' });
    const list = await apiCall(t.app, admin, 'GET', '/sys/dataSource/list?name=*加密*');
    expect(JSON.stringify(list.body)).not.toContain('S3cret-pass!');
    expect(list.body.result.records).toHaveLength(1);

    // the install's key opens it; sending the mask back on edit keeps it
    const sources = await dataSourcesOf({ db: t.db, config: t.config });
    expect(await sources.storedPassword(stored.id, { tenantId: DEFAULT_TENANT })).toBe('S3cret-pass!');
    const edit = await apiCall(t.app, admin, 'PUT', '/sys/dataSource/edit', { id: stored.id, name: '加密测试2', dbPassword: PASSWORD_MASK });
    expect(edit.body.success).toBe(true);
    expect(await sources.storedPassword(stored.id, { tenantId: DEFAULT_TENANT })).toBe('S3cret-pass!');
    await apiCall(t.app, admin, 'PUT', '/sys/dataSource/edit', { id: stored.id, dbPassword: 'Changed#1' });
    expect(await sources.storedPassword(stored.id, { tenantId: DEFAULT_TENANT })).toBe('Changed#1');

    // another install's secret, or the same ciphertext on another row, does not open it
    const again = await t.db.selectFrom('sysDataSource').select('dbPassword').where('id', '=', stored.id).executeTakeFirstOrThrow();
    expect(new PasswordBox('another-install-secret').open(again.dbPassword!, stored.id)).toBeNull();
    expect(sources.box.open(again.dbPassword!, 'another-row')).toBeNull();
  });

  it('refuses unsupported types, credentials in the address and duplicate codes', async () => {
    const base = { name: 'x', dbUrl: 'postgresql://127.0.0.1/db' };
    expect((await apiCall(t.app, admin, 'POST', '/sys/dataSource/add', { ...base, code: 'o1', dbType: '2' })).body.message).toBe(
      '暂不支持该数据库类型（可选 PostgreSQL、MySQL/MariaDB、SQLite）',
    );
    expect((await apiCall(t.app, admin, 'POST', '/sys/dataSource/add', { ...base, code: 'o2', dbType: 'postgresql', dbUrl: 'postgresql://u:p@127.0.0.1/db' })).body.message).toBe(
      '请勿在数据源地址中填写用户名和密码',
    );
    await apiCall(t.app, admin, 'POST', '/sys/dataSource/add', { ...base, code: 'dup', dbType: 'postgresql' });
    expect((await apiCall(t.app, admin, 'POST', '/sys/dataSource/add', { ...base, code: 'dup', dbType: 'postgresql' })).body.message).toBe('数据源编码“dup”已存在');
  });

  it('opens SQLite files inside DATA_DIR/datasource only, read-only', async () => {
    const ok = await apiCall(t.app, admin, 'POST', '/online/cgreport/api/testConnection', { dbType: 'sqlite', dbUrl: 'reports.db' });
    expect(ok.body).toMatchObject({ success: true, message: '数据库连接成功' });
    // refused before looking whether the file exists: no probing of the server's files
    for (const dbUrl of ['../../../etc/passwd', '../../../etc/no-such-file', '/etc/passwd', '../app.db']) {
      const outside = await apiCall(t.app, admin, 'POST', '/online/cgreport/api/testConnection', { dbType: 'sqlite', dbUrl });
      expect(outside.body, dbUrl).toMatchObject({ success: false, message: SQLITE_OUTSIDE });
    }
    writeFileSync(join(t.config.dataDir, 'datasource', 'not-a-db.txt'), 'hello');
    expect((await apiCall(t.app, admin, 'POST', '/online/cgreport/api/testConnection', { dbType: 'sqlite', dbUrl: 'not-a-db.txt' })).body.message).toBe(
      '连接失败：该文件不是 SQLite 数据库',
    );

    // the reports' way in: a SELECT on a chosen data source; writes and second statements are refused
    await apiCall(t.app, admin, 'POST', '/sys/dataSource/add', { code: 'sales', name: '销售库', dbType: 'sqlite', dbUrl: 'reports.db' });
    const sources = await dataSourcesOf({ db: t.db, config: t.config });
    const tenant = { tenantId: DEFAULT_TENANT };
    expect(await sources.query('sales', tenant, 'select region, amount from sales where amount > ? order by amount', [5])).toEqual([
      { region: '东区', amount: 10 },
      { region: '西区', amount: 32 },
    ]);
    await expect(sources.query('sales', tenant, 'delete from sales')).rejects.toThrow('报表 SQL 只能是查询语句（SELECT）');
    await expect(sources.query('sales', tenant, 'select 1; delete from sales')).rejects.toThrow('报表 SQL 只能包含一条语句');
    await expect(sources.query('sales', { tenantId: 2000 }, 'select 1')).rejects.toThrow('数据源“sales”不存在');
    const options = await apiCall(t.app, admin, 'GET', '/sys/dataSource/options');
    expect(options.body.result).toContainEqual({ value: 'sales', label: '销售库', text: '销售库' });
  });

  it.skipIf(!PG_URL)('tests a PostgreSQL connection, with a clear message for a wrong password', async () => {
    const form = formOf(PG_URL!, 'postgresql', 'pg_ok');
    const good = await apiCall(t.app, admin, 'POST', '/online/cgreport/api/testConnection', form);
    expect(good.body).toMatchObject({ success: true, message: '数据库连接成功' });
    // the same database named as the install's own (DATABASE_URL) is refused before connecting
    const asOwn = { ...(await dataSourcesOf({ db: t.db, config: t.config })).policy, databaseUrl: PG_URL };
    await expect(targetOf({ ...form, password: form.dbPassword }, asOwn)).rejects.toThrow(OWN_DATABASE);
    // the local test server trusts 127.0.0.1 (pg_hba), so a wrong password would pass there; an unknown
    // role is refused by any configuration and is reported the same way
    const bad = await apiCall(t.app, admin, 'POST', '/online/cgreport/api/testConnection', { ...form, dbUsername: 'no_such_role_ds', dbPassword: 'wrong-password' });
    expect(bad.status).toBe(200);
    expect(bad.body).toMatchObject({ success: false, message: '连接失败：用户名或密码错误' });

    // a saved source is tested with its stored password when the form holds only the mask
    await apiCall(t.app, admin, 'POST', '/sys/dataSource/add', form);
    const row = await t.db.selectFrom('sysDataSource').select('id').where('code', '=', 'pg_ok').executeTakeFirstOrThrow();
    const masked = await apiCall(t.app, admin, 'POST', '/online/cgreport/api/testConnection', { ...form, id: row.id, dbPassword: PASSWORD_MASK });
    expect(masked.body.success).toBe(true);

    // reports run in a read-only transaction: a data-modifying CTE is refused by the database itself
    const sources = await dataSourcesOf({ db: t.db, config: t.config });
    expect(await sources.query('pg_ok', { tenantId: DEFAULT_TENANT }, 'select $1::int + 1 as n', [41])).toEqual([{ n: 42 }]);
    await expect(sources.query('pg_ok', { tenantId: DEFAULT_TENANT }, 'with x as (insert into pg_temp.nope values (1) returning 1) select * from x')).rejects.toThrow(/连接失败|read-only|只读/);
  });

  it.skipIf(!MYSQL_URL)('tests a MySQL/MariaDB connection, with a clear message for a wrong password', async () => {
    const form = formOf(MYSQL_URL!, 'mysql', 'my_ok');
    const good = await apiCall(t.app, admin, 'POST', '/online/cgreport/api/testConnection', form);
    expect(good.body).toMatchObject({ success: true, message: '数据库连接成功' });
    const bad = await apiCall(t.app, admin, 'POST', '/online/cgreport/api/testConnection', { ...form, dbPassword: 'wrong-password' });
    expect(bad.body).toMatchObject({ success: false, message: '连接失败：用户名或密码错误' });
    await apiCall(t.app, admin, 'POST', '/sys/dataSource/add', form);
    const sources = await dataSourcesOf({ db: t.db, config: t.config });
    expect(await sources.query('my_ok', { tenantId: DEFAULT_TENANT }, 'select ? + 1 as n', [41])).toEqual([{ n: 42 }]);
  });

  it('refuses callers without the rights (403/510) and keeps tenants apart', async () => {
    await createUser(t.db, { username: 'ds_nobody', password: 'Nobody#2026' });
    const nobody = await login(t.app, 'ds_nobody', 'Nobody#2026');
    for (const [method, url] of [
      ['GET', '/sys/dataSource/list'],
      ['GET', '/sys/dataSource/options'],
      ['POST', '/sys/dataSource/add'],
      ['POST', '/online/cgreport/api/testConnection'],
    ] as const) {
      const res = await apiCall(t.app, nobody, method, url, method === 'POST' ? { dbType: 'sqlite', dbUrl: 'reports.db' } : undefined);
      expect(res.status, url).toBe(403);
      expect(res.body.code).toBe(510);
    }

    await t.db.insertInto('sysTenant').values({ id: 2000, name: '另一租户', status: 1 }).execute();
    await createUser(t.db, {
      username: 'ds_other', password: 'Other#2026x', tenants: [2000],
      menuKeys: ['system', 'system.datasource', 'system.datasource.list', 'system.datasource.add', 'system.datasource.edit'],
    });
    const other = await login(t.app, 'ds_other', 'Other#2026x');
    expect((await apiCall(t.app, other, 'GET', '/sys/dataSource/list')).body.result.records).toEqual([]);
    const mine = await t.db.selectFrom('sysDataSource').select('id').where('code', '=', 'sealed').executeTakeFirstOrThrow();
    expect((await apiCall(t.app, other, 'GET', `/sys/dataSource/queryById?id=${mine.id}`)).body.success).toBe(false);
    const probe = await apiCall(t.app, other, 'POST', '/online/cgreport/api/testConnection', { id: mine.id, dbType: 'postgresql', dbUrl: 'postgresql://127.0.0.1/x', dbPassword: PASSWORD_MASK });
    expect(probe.body).toMatchObject({ success: false, message: '未找到对应数据源' });
    // the same code is free in another tenant
    const add = await apiCall(t.app, other, 'POST', '/sys/dataSource/add', { code: 'sealed', name: '别家', dbType: 'sqlite', dbUrl: 'reports.db' });
    expect(add.body.success).toBe(true);
  });
});

/** Listeners on 127.0.0.1 that count connections: a refusal must come before anyone connects. */
async function countingListener(onSocket: (socket: Socket) => void = () => {}): Promise<{ port: number; connections: () => number; close(): Promise<void> }> {
  let n = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    n++;
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
    onSocket(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => n,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

describe('data sources never reach the install itself', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(); // DATASOURCE_PRIVATE_HOSTS is off
    admin = await login(t.app);
  });
  afterAll(() => t.close());

  const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', 'LocalHost', '[::1]', '[::ffff:127.0.0.1]', '[::ffff:7f00:1]', '[0:0:0:0:0:ffff:7f00:1]', '[::127.0.0.1]', '[::ffff:0:7f00:1]', '2130706433', '0x7f.1', '0177.0.0.1', '127.1'];
  const PRIVATE_HOSTS = ['10.0.0.5', '172.16.0.1', '192.168.1.10', '100.64.0.1', '169.254.169.254', '[fe80::1]', '[fd00::1]', '[::ffff:10.0.0.5]', '0.0.0.0'];

  it('refuses loopback and private hosts in every spelling, on test and on save, before connecting', async () => {
    const pgListener = await countingListener();
    try {
      for (const host of [...LOOPBACK_HOSTS, ...PRIVATE_HOSTS]) {
        for (const [dbType, scheme] of [['postgresql', 'postgresql'], ['mysql', 'mysql'], ['6', 'jdbc:postgresql']] as const) {
          const dbUrl = `${scheme}://${host}:${pgListener.port}/anydb`;
          const test = await apiCall(t.app, admin, 'POST', '/online/cgreport/api/testConnection', { dbType, dbUrl, dbUsername: 'u' });
          expect(test.body, dbUrl).toMatchObject({ success: false, message: PRIVATE_HOST });
        }
        const save = await apiCall(t.app, admin, 'POST', '/sys/dataSource/add', { code: `p${Math.random().toString(36).slice(2, 8)}`, name: 'x', dbType: 'postgresql', dbUrl: `postgresql://${host}:${pgListener.port}/anydb` });
        expect(save.body, host).toMatchObject({ success: false, message: PRIVATE_HOST });
      }
      expect(pgListener.connections()).toBe(0);
    } finally {
      await pgListener.close();
    }
  });

  it('refuses a name that resolves to loopback through the resolver it is given', async () => {
    const policy: SourcePolicy = { dataDir: t.config.dataDir, sqliteFile: t.config.sqliteFile, allowPrivate: false, resolve: async () => ['::ffff:127.0.0.1'] };
    await expect(targetOf({ dbType: 'postgresql', dbUrl: 'postgresql://reports.example.org/db' }, policy)).rejects.toThrow(PRIVATE_HOST);
    const publicPolicy = { ...policy, resolve: async () => ['93.184.216.34'] };
    // resolved once; the driver is given the checked address
    expect(await targetOf({ dbType: 'postgresql', dbUrl: 'postgresql://reports.example.org/db' }, publicPolicy)).toMatchObject({ host: 'reports.example.org', address: '93.184.216.34' });
  });

  it('refuses the server and database of DATABASE_URL however they are spelled, even with private hosts allowed', async () => {
    const lan = Object.values(networkInterfaces()).flatMap((l) => l ?? []).find((i) => i.family === 'IPv4' && !i.internal)?.address;
    const policy: SourcePolicy = { dataDir: t.config.dataDir, sqliteFile: t.config.sqliteFile, databaseUrl: 'postgres://anxue:pw@127.0.0.1:5432/anxue_main', allowPrivate: true };
    const forms = [
      'postgresql://127.0.0.1:5432/anxue_main',
      'postgresql://127.0.0.1/anxue_main',
      'postgresql://localhost:5432/anxue_main',
      'postgresql://LOCALHOST/ANXUE_MAIN',
      'postgresql://[::1]:5432/anxue_main',
      'postgresql://[::ffff:127.0.0.1]:5432/anxue_main',
      'postgresql://[::ffff:7f00:1]/anxue_main',
      'postgresql://2130706433/anxue_main',
      'postgresql://127.0.0.2/anxue_main',
      'jdbc:postgresql://127.0.0.1:5432/anxue_main',
      'postgres://127.0.0.1:5432/anxue_main',
      'mysql://127.0.0.1:5432/anxue_main',
      ...(lan ? [`postgresql://${lan}:5432/anxue_main`] : []),
    ];
    for (const dbUrl of forms) {
      const dbType = dbUrl.includes('mysql') ? 'mysql' : 'postgresql';
      await expect(targetOf({ dbType, dbUrl }, policy), dbUrl).rejects.toThrow(OWN_DATABASE);
    }
    await expect(targetOf({ dbType: 'postgresql', dbUrl: 'postgresql://127.0.0.1:5432/other', dbName: 'anxue_main' }, policy)).rejects.toThrow(OWN_DATABASE);
    // a name resolving to the own server's address
    await expect(targetOf({ dbType: 'postgresql', dbUrl: 'postgresql://db-alias.example/anxue_main' }, { ...policy, resolve: async () => ['127.0.0.1'] })).rejects.toThrow(OWN_DATABASE);
    // another database, or another port, of that server is the operator's choice to allow
    expect(await targetOf({ dbType: 'postgresql', dbUrl: 'postgresql://127.0.0.1:5432/reports' }, policy)).toMatchObject({ address: '127.0.0.1', database: 'reports' });
    expect(await targetOf({ dbType: 'postgresql', dbUrl: 'postgresql://127.0.0.1:5433/anxue_main' }, policy)).toMatchObject({ port: 5433 });
    // a remote own server, named or by address
    const remote = { ...policy, databaseUrl: 'mysql://anxue@db.school.internal:3306/anxue', resolve: async (h: string) => (h === 'db.school.internal' ? ['10.1.2.3'] : ['10.1.2.3']) };
    await expect(targetOf({ dbType: 'mysql', dbUrl: 'mysql://DB.School.Internal./anxue' }, remote)).rejects.toThrow(OWN_DATABASE);
    await expect(targetOf({ dbType: 'mysql', dbUrl: 'mysql://[::ffff:10.1.2.3]:3306/anxue' }, remote)).rejects.toThrow(OWN_DATABASE);
    await expect(targetOf({ dbType: 'mysql', dbUrl: 'mysql://other-name.example/anxue' }, remote)).rejects.toThrow(OWN_DATABASE);
  });

  it("refuses the install's own SQLite file and the rest of DATA_DIR: relative paths, symlinks, hard links", async () => {
    const data = t.config.dataDir;
    // on PostgreSQL or MySQL the install keeps no file there; one stands for it
    if (!existsSync(t.config.sqliteFile)) writeFileSync(t.config.sqliteFile, '');
    const folder = join(data, 'datasource');
    mkdirSync(folder, { recursive: true });
    mkdirSync(join(data, 'upload'), { recursive: true });
    writeFileSync(join(data, 'upload', 'someone.db'), '');
    symlinkSync(t.config.sqliteFile, join(folder, 'link.db'));
    symlinkSync(data, join(folder, 'up'));
    symlinkSync('../app.db', join(folder, 'relative-link.db'));
    linkSync(t.config.sqliteFile, join(folder, 'hard.db'));
    const dirName = data.split('/').pop()!;
    const refused = [
      '../app.db',
      './../app.db',
      `../../${dirName}/app.db`,
      t.config.sqliteFile,
      `sqlite://${t.config.sqliteFile}`,
      'sqlite:../app.db',
      `jdbc:sqlite:${t.config.sqliteFile}`,
      '../upload/someone.db',
      'link.db',
      'relative-link.db',
      'up/app.db',
      'up/upload/someone.db',
      'hard.db',
      '.',
      './',
      '',
    ];
    for (const dbUrl of refused) {
      const res = await apiCall(t.app, admin, 'POST', '/online/cgreport/api/testConnection', { dbType: 'sqlite', dbUrl });
      expect(res.body.success, dbUrl).toBe(false);
      if (dbUrl) expect(res.body.message, dbUrl).toBe(SQLITE_OUTSIDE);
    }
    // app.db, ./data/app.db and the like name files of the datasource folder, where there are none
    for (const dbUrl of ['app.db', './data/app.db', 'data/app.db', './app.db']) {
      const res = await apiCall(t.app, admin, 'POST', '/online/cgreport/api/testConnection', { dbType: 'sqlite', dbUrl });
      expect(res.body, dbUrl).toMatchObject({ success: false, message: 'SQLite 文件不存在（路径相对于数据目录下的 datasource 文件夹）' });
    }
  });

  it('a datasource folder that is a link to DATA_DIR opens nothing', async () => {
    const other = await createTestApp();
    try {
      if (!existsSync(other.config.sqliteFile)) writeFileSync(other.config.sqliteFile, '');
      symlinkSync(other.config.dataDir, join(other.config.dataDir, 'datasource'));
      const token = await login(other.app);
      for (const dbUrl of ['app.db', 'datasource/app.db']) {
        const res = await apiCall(other.app, token, 'POST', '/online/cgreport/api/testConnection', { dbType: 'sqlite', dbUrl });
        expect(res.body, dbUrl).toMatchObject({ success: false, message: SQLITE_OUTSIDE });
      }
    } finally {
      await other.close();
    }
  });
});

describe('a port scanner learns nothing from 测试连接', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ DATASOURCE_PRIVATE_HOSTS: 'on' });
    admin = await login(t.app);
  });
  afterAll(() => t.close());

  it('answers refused, silent, non-database and unknown hosts alike, after the same bounded time', async () => {
    const silent = await countingListener();
    const chatty = await countingListener((s) => s.end('HTTP/1.1 400 Bad Request\r\nServer: secret-internal-service\r\n\r\n'));
    const http = createHttpServer((_req, res) => res.end('secret-internal-page'));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const closed = await countingListener();
    const closedPort = closed.port;
    await closed.close();
    try {
      const targets = [
        ['postgresql', `postgresql://127.0.0.1:${closedPort}/x`],
        ['postgresql', `postgresql://127.0.0.1:${silent.port}/x`],
        ['postgresql', `postgresql://127.0.0.1:${chatty.port}/x`],
        ['postgresql', `postgresql://127.0.0.1:${(http.address() as AddressInfo).port}/x`],
        ['postgresql', 'postgresql://no-such-host.invalid/x'],
        ['mysql', `mysql://127.0.0.1:${closedPort}/x`],
        ['mysql', `mysql://127.0.0.1:${silent.port}/x`],
        ['mysql', `mysql://127.0.0.1:${chatty.port}/x`],
      ] as const;
      const answers = await Promise.all(
        targets.map(async ([dbType, dbUrl]) => {
          const started = Date.now();
          const res = await apiCall(t.app, admin, 'POST', '/online/cgreport/api/testConnection', { dbType, dbUrl, dbUsername: 'u', dbPassword: 'p' });
          return { dbUrl, body: res.body, ms: Date.now() - started };
        }),
      );
      for (const a of answers) {
        expect(a.body, a.dbUrl).toMatchObject({ success: false, message: UNREACHABLE });
        expect(JSON.stringify(a.body)).not.toMatch(/secret|ECONN|refused|timeout|超时|拒绝/i);
        expect(a.ms, a.dbUrl).toBeGreaterThanOrEqual(5900);
        expect(a.ms, a.dbUrl).toBeLessThan(9000);
      }
      const times = answers.map((a) => a.ms);
      expect(Math.max(...times) - Math.min(...times)).toBeLessThan(1500);
    } finally {
      await silent.close();
      await chatty.close();
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    }
  }, 30_000);
});
