import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, newId } from '../../../core/db';
import { apiCall, createTestApp, createUser, login, type TestApp } from '../../../../test/helpers/test-app';
import { closeReportAccount, prepareReportAccount, reportAccountName } from './report-account';
import { reportTarget } from './report-runner';

// Report SQL on the install's own database reads the allow-list (表白名单) and nothing else, whatever the
// SQL says: the engine decides, not the text guard. Each spelling below goes straight to the engine (the
// text guard skipped) and through the designer's own calls as a user who may only design reports; none
// may read the install's secrets, a password hash, a session or another tenant's rows.

let t: TestApp;
let admin: string;
let designer: string;
let secrets: string[];
let adminId: string;

const ENGINE_ATTACKS = [
  'select * from sys_install',
  "select * from 'sys_install'",
  'select * from "sys_install"',
  'select * from [sys_install]',
  'select * from `sys_install`',
  'select * from SYS_INSTALL',
  'select * from main.sys_install',
  'select * from "main"."sys_install"',
  'select * from temp.sys_install',
  "select value from 'sys_install' where key like '%'",
  'select (select value from sys_install limit 1) as v',
  'select username from sys_user where exists (select 1 from sys_install)',
  'with x as (select * from sys_install) select * from x',
  'with recursive x(v) as (select value from sys_install) select v from x',
  'select * from (select * from sys_install) t',
  'select * from sys_user_token',
  "select * from 'sys_user_token'",
  'select * from sys_captcha',
  'select * from sys_login_attempt',
  'select * from sys_sms_code',
  'select * from sys_user_tenant',
  'select * from sys_tenant_pack',
  'select password from sys_user',
  'select "password" from sys_user',
  "select 'password' from sys_user",
  'select [password], [salt] from sys_user',
  'select u.password from sys_user u',
  'select t.c from sys_user as t(a, b, c)',
  'select * from main.sys_user',
  'select password from main.sys_user',
  'select * from sqlite_master',
  'select * from sqlite_schema',
  'select * from sqlite_temp_master',
  'select sql from temp.sqlite_schema',
  "select * from pragma_table_info('sys_user')",
  "select * from pragma_database_list",
  "select * from json_each((select group_concat(value) from sys_install))",
  'select * from sys_user_text',
  'select * from kysely_migration',
  'select * from sys_data_source',
  'select * from sys_third_app_config',
  // PostgreSQL's spellings
  'select * from sys_user as u(a, b, c, d, e, f)',
  'select distinct on (id) * from sys_user',
  'select * from public.sys_install',
  'select * from pg_temp.sys_install',
  'select rolname, rolpassword from pg_catalog.pg_authid',
  "select set_config('role', 'postgres', true) as r",
  "select set_config('session_authorization', 'postgres', true) as r",
  "select pg_read_file('/etc/passwd') as f",
  "select * from (select * from sys_user) as x(a, b, c, d, e)",
  'select row_to_json(u) as j from sys_user u',
  "select query_to_xml('select * from sys_install', true, true, '') as x",
  'table sys_install',
  // MariaDB's and MySQL's spellings
  'select * from `sys_user_token`',
  'select `password` from `sys_user`',
  'select * from test.sys_install',
  'select * from information_schema.tables',
  "select view_definition from information_schema.views",
  'select * from information_schema.processlist',
  'select user, password from mysql.user',
  'select * from mysql.global_priv',
  'select * from performance_schema.threads',
  'select * from sys.sys_config',
  "select load_file('/etc/passwd') as f",
  "select username from sys_user into outfile '/tmp/anxue-report-leak.txt'",
  'select * from sys_user where id in (select user_id from sys_user_token)',
];

async function engine(sql: string, caller = { id: adminId, username: 'admin', orgCode: null as string | null, tenantId: 1000, allTenants: false }) {
  const target = await reportTarget({ db: t.db, config: t.config, dialect: t.dialect }, null, caller);
  return target.run(sql, [], 100);
}

/** Nothing a report answered holds a secret of the install or a password hash. */
function holdsSecret(rows: unknown): string | undefined {
  const text = JSON.stringify(rows);
  return secrets.find((s) => s && text.includes(s));
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
  await createUser(t.db, { username: 'designer', password: 'Designer#2026', menuKeys: ['online.dev.cgreport', 'online.dev.cgreport.list', 'online.dev.cgreport.add'] });
  designer = await login(t.app, 'designer', 'Designer#2026');
  const install = await t.db.selectFrom('sysInstall' as never).select(['value' as never]).execute();
  const users = await t.db.selectFrom('sysUser').select(['password']).execute();
  secrets = [...install.map((r: any) => String(r.value)), ...users.map((u) => u.password)].filter((v): v is string => !!v && v.length > 8);
  adminId = (await t.db.selectFrom('sysUser').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
  expect(secrets.length).toBeGreaterThan(2);
  // a user of another tenant, whom a report of tenant 1000 must never see
  await t.db.insertInto('sysTenant').values({ id: 2000, name: '第二租户', status: 1, delFlag: 0 } as never).execute();
  const other = await createUser(t.db, { username: 'other_tenant_user', password: 'Other#2026', menuKeys: [] });
  await t.db.deleteFrom('sysUserTenant').where('userId', '=', other).execute();
  await t.db.insertInto('sysUserTenant').values({ id: newId(), userId: other, tenantId: 2000, status: '1' } as never).execute();
});
afterAll(() => t.close());

const MAIN_IS_MYSQL = /^(mysql|mariadb):/.test(process.env.TEST_DATABASE_URL ?? '');

describe('report SQL confined by the database engine', () => {
  it('refuses every spelling of a table outside the allow-list, and reads no secret', async () => {
    for (const sql of ENGINE_ATTACKS) {
      let rows: unknown;
      try {
        rows = await engine(sql);
      } catch (e) {
        expect((e as Error).message, sql).toMatch(/^报表 SQL (不允许|执行失败)：/);
        continue;
      }
      // what answers at all answers nothing secret (a quoted word is the word itself)
      expect(holdsSecret(rows), sql).toBeUndefined();
      expect(JSON.stringify(rows), sql).not.toMatch(/\$scrypt|"salt"/);
    }
  });

  it('names the table or column that is not allowed', async () => {
    await expect(engine('select password from sys_user')).rejects.toThrow('报表 SQL 不允许：字段 password 不存在或不在表白名单中');
    await expect(engine('select * from sys_install')).rejects.toThrow(/报表 SQL 不允许：.*sys_install .*不在表白名单中/);
    if (t.dialect === 'sqlite') {
      await expect(engine("select * from 'sys_install'")).rejects.toThrow('报表 SQL 不允许：表 sys_install 不在表白名单中');
      await expect(engine('select * from sqlite_master')).rejects.toThrow(/sqlite_schema 不在表白名单中/);
      await expect(engine("select * from pragma_table_info('sys_user')")).rejects.toThrow(/虚拟表/);
    } else if (t.dialect === 'postgres') {
      const schema = String((await sql<{ s: string }>`select current_schema() as s`.execute(t.db)).rows[0].s);
      await expect(engine(`select * from "${schema}".sys_install`)).rejects.toThrow(/报表 SQL 不允许：.*不在表白名单中/);
      await expect(engine(`select password from "${schema}".sys_user`)).rejects.toThrow(/报表 SQL 不允许：.*不在表白名单中/);
      await expect(engine("select set_config('role', 'postgres', true) as r")).rejects.toThrow(/报表 SQL 不允许：.*set_config 不在表白名单中/);
    } else {
      const database = String((await sql<{ d: string }>`select database() as d`.execute(t.db)).rows[0].d);
      await expect(engine(`select * from \`${database}\`.\`sys_install\``)).rejects.toThrow('报表 SQL 不允许：表 sys_install 不存在或不在表白名单中');
      await expect(engine(`select password from \`${database}\`.sys_user`)).rejects.toThrow('报表 SQL 不允许：表 sys_user 不存在或不在表白名单中');
      await expect(engine('select * from `sys_install`')).rejects.toThrow('报表 SQL 不允许：表 sys_install 不存在或不在表白名单中');
      await expect(engine('select u.salt from sys_user u')).rejects.toThrow('报表 SQL 不允许：字段 salt 不存在或不在表白名单中');
      await expect(engine('select * from mysql.user')).rejects.toThrow('报表 SQL 不允许：表 mysql.user 不存在或不在表白名单中');
      await expect(engine('select * from information_schema.user_privileges')).resolves.toBeDefined();
      expect(await engine("select load_file('/etc/passwd') as f")).toEqual([{ f: null }]);
    }
  });

  it('never shows another tenant’s rows, not even in an error', async () => {
    const tries = ['select cast(username as integer) as n from sys_user', 'select username from sys_user where cast(username as integer) = 1', "select username from sys_user where username = 'other_tenant_user'"];
    for (const q of tries) {
      const said = await engine(q).then((rows) => JSON.stringify(rows), (e: Error) => e.message);
      expect(said, q).not.toContain('other_tenant_user');
    }
  });

  it.runIf(MAIN_IS_MYSQL)('never reads another caller’s view set on MySQL/MariaDB, even named by its database', async () => {
    const otherId = (await t.db.selectFrom('sysUser').select('id').where('username', '=', 'other_tenant_user').executeTakeFirstOrThrow()).id;
    const theirs = (await engine('select username from sys_user', { id: otherId, username: 'other_tenant_user', orgCode: null, tenantId: 2000, allTenants: false })) as Array<{ username: string }>;
    expect(theirs.map((r) => r.username)).toContain('other_tenant_user');
    const database = String((await sql<{ d: string }>`select database() as d`.execute(t.db)).rows[0].d);
    const sets = (await sql<{ n: string }>`select schema_name as n from information_schema.schemata where schema_name like ${`${database.replace(/_/g, '\\_')}\\_rpt\\_%`}`.execute(t.db)).rows;
    expect(sets.length).toBeGreaterThan(1);
    for (const { n } of sets) {
      const said = await engine(`select username from \`${n}\`.sys_user`).then((rows) => JSON.stringify(rows), (e: Error) => e.message);
      expect(said, n).not.toContain('other_tenant_user');
    }
  });

  it.runIf(MAIN_IS_MYSQL)('makes a view set again when it is gone (another node retired it)', async () => {
    const database = String((await sql<{ d: string }>`select database() as d`.execute(t.db)).rows[0].d);
    const setsOf = async () => (await sql<{ n: string }>`select schema_name as n from information_schema.schemata where schema_name like ${`${database.replace(/_/g, '\\_')}\\_rpt\\_%`}`.execute(t.db)).rows.map((r) => r.n);
    expect(await engine('select id from sys_tenant')).toEqual([{ id: 1000 }]);
    // one view gone: the query finds its set incomplete
    for (const n of await setsOf()) await sql.raw(`drop view if exists \`${n}\`.sys_tenant`).execute(t.db);
    expect(await engine('select id from sys_tenant')).toEqual([{ id: 1000 }]);
    // the whole set gone: the connection cannot enter it
    for (const n of await setsOf()) await sql.raw(`drop database \`${n}\``).execute(t.db);
    expect(await engine('select id from sys_tenant')).toEqual([{ id: 1000 }]);
  });

  it.runIf(MAIN_IS_MYSQL)('takes back any right the account was given beside the view sets', async () => {
    const database = String((await sql<{ d: string }>`select database() as d`.execute(t.db)).rows[0].d);
    const host = new URL(process.env.TEST_DATABASE_URL!).hostname;
    const who = `'${reportAccountName(host, database)}'@'${host}'`;
    await engine('select id from sys_tenant');
    await sql.raw(`grant select on \`${database}\`.* to ${who}`).execute(t.db);
    expect(await prepareReportAccount(t.db)).toBeNull();
    const grants = (await sql.raw<Record<string, string>>(`show grants for ${who}`).execute(t.db)).rows.map((r) => Object.values(r)[0]);
    expect(grants.join('\n')).not.toContain(`\`${database}\`.*`);
    await expect(engine(`select * from \`${database}\`.sys_install`)).rejects.toThrow(/不在表白名单中/);
  });

  it.runIf(MAIN_IS_MYSQL)('says what an administrator runs where the application’s user may not make the account, and that is enough', async () => {
    const database = String((await sql<{ d: string }>`select database() as d`.execute(t.db)).rows[0].d);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    const user = `lim_${Math.random().toString(36).slice(2, 8)}`;
    await sql.raw(`create user '${user}'@'${url.hostname}' identified by 'Lim#2026'`).execute(t.db);
    await sql.raw(`grant all on \`${database}\`.* to '${user}'@'${url.hostname}'`).execute(t.db);
    // the account made by the tests' own (all-powerful) user is gone: the limited user starts from nothing
    await sql.raw(`drop user if exists '${reportAccountName(url.hostname, database)}'@'${url.hostname}'`).execute(t.db);
    url.username = user;
    url.password = 'Lim#2026';
    url.pathname = `/${database}`;
    const limited = connectDatabase({ databaseUrl: url.toString(), poolSize: 2 });
    try {
      const missing = await prepareReportAccount(limited.db);
      expect(missing?.statements).toMatch(/^CREATE USER IF NOT EXISTS 'anxue_rpt_[0-9a-f]{10}'@'[^']+'; ALTER USER .* IDENTIFIED BY '[^'…]+'; REVOKE ALL PRIVILEGES, GRANT OPTION FROM .*; GRANT SELECT ON `.*\\_rpt\\_%`\.\* TO .*; GRANT SELECT, CREATE, DROP, CREATE VIEW, SHOW VIEW ON .* TO 'lim_/);
      expect(missing?.advice).toContain("IDENTIFIED BY '…'");
      const caller = { id: adminId, username: 'admin', orgCode: null, tenantId: 1000, allTenants: false };
      const refused = await (await reportTarget({ db: limited.db, config: t.config, dialect: 'mysql' }, null, caller)).run('select id from sys_tenant', [], 10).catch((e: Error) => e.message);
      expect(refused).toBe(`报表暂不可用：数据库未设置报表账号。${missing?.advice}`);
      for (const statement of missing!.statements.split(/;\s*/).filter(Boolean)) await sql.raw(statement).execute(t.db);
      expect(await prepareReportAccount(limited.db)).toBeNull();
      const rows = await (await reportTarget({ db: limited.db, config: t.config, dialect: 'mysql' }, null, caller)).run('select id from sys_tenant', [], 10);
      expect(rows.map((r) => Number(r.id))).toEqual([1000]);
    } finally {
      await closeReportAccount(limited.db);
      await limited.close();
      await sql.raw(`drop user if exists '${user}'@'${new URL(process.env.TEST_DATABASE_URL!).hostname}'`).execute(t.db);
    }
  });

  it('answers allowed tables with their declared columns and the caller’s tenant only', async () => {
    const users = (await engine('select * from sys_user order by username')) as Array<Record<string, unknown>>;
    expect(Object.keys(users[0]).sort()).toEqual(['id', 'org_code', 'realname', 'username']);
    expect(users.map((u) => u.username)).toContain('admin');
    expect(users.map((u) => u.username)).not.toContain('other_tenant_user');
    const tenants = (await engine('select id from sys_tenant')) as Array<{ id: number }>;
    expect(tenants.map((r) => Number(r.id))).toEqual([1000]);
  });

  it('follows the allow-list as administrators change it', async () => {
    await expect(engine('select id, perms from sys_permission')).rejects.toThrow(/sys_permission (不存在或)?不在表白名单中/);
    const add = await apiCall(t.app, admin, 'POST', '/sys/tableWhiteList/add', { tableName: 'sys_permission', fieldName: 'id,name' });
    expect(add.body.success).toBe(true);
    expect(((await engine('select id, name from sys_permission limit 1')) as unknown[]).length).toBe(1);
    await expect(engine('select perms from sys_permission')).rejects.toThrow(/字段 perms 不存在或不在表白名单中/);
    // secrets can never be declared
    for (const [tableName, fieldName] of [['sys_install', 'key,value'], ['sys_user_token', 'id'], ['sys_login_attempt', 'id'], ['sys_sms_code', 'id'], ['sys_captcha', 'id']]) {
      const secret = await apiCall(t.app, admin, 'POST', '/sys/tableWhiteList/add', { tableName, fieldName });
      expect(secret.body.success, tableName).toBe(false);
      expect(secret.body.message, tableName).toContain('该表不允许作为字典数据源');
    }
    const hash = await apiCall(t.app, admin, 'PUT', '/sys/tableWhiteList/edit', { id: (await t.db.selectFrom('sysDictSource').select('id').where('tableName', '=', 'sys_user').executeTakeFirstOrThrow()).id, fieldName: 'id,username,password' });
    expect(hash.body.success).toBe(false);
  });

  it('refuses the same attacks through the designer’s calls for a user who may only design reports', async () => {
    for (const sql of ENGINE_ATTACKS) {
      const parsed = await apiCall(t.app, designer, 'GET', `/online/cgreport/head/parseSql?sql=${encodeURIComponent(sql)}`);
      expect(holdsSecret(parsed.body), sql).toBeUndefined();
      const code = `x${Math.random().toString(36).slice(2, 8)}`;
      const saved = await apiCall(t.app, designer, 'POST', '/online/cgreport/head/add', { head: { code, name: 'x', cgrSql: sql }, items: [], params: [] });
      // what is refused is refused on both calls; what passes (a renamed allowed column) read nothing secret
      expect(saved.body.success, sql).toBe(parsed.body.success);
      if (parsed.body.success) expect(parsed.body.result.fields.length, sql).toBeLessThanOrEqual(4);
    }
    // the allowed tables still report for the designer
    const ok = await apiCall(t.app, designer, 'GET', `/online/cgreport/head/parseSql?sql=${encodeURIComponent('select role_code, role_name from sys_role')}`);
    expect(ok.body.success).toBe(true);
  });
});
