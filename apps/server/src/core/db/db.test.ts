import { migrations } from './migrations';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../auth';
import { connectDatabase, migrateToLatest, seedDatabase, seedId, type DbHandle } from './index';
import { loadInstallSecret } from '../auth/install-secret';

let handle: DbHandle;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const schema = `db_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    handle = connectDatabase({ databaseUrl: url, pgSearchPath: schema, pgPoolSize: 2 });
    cleanup = async () => {
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    };
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'anxue-db-'));
    handle = connectDatabase({ sqliteFile: join(dir, 'app.db') });
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
});
afterAll(async () => {
  await handle.close();
  await cleanup();
});

const count = async (table: 'sysPermission' | 'sysRolePermission' | 'sysDictItem' | 'sysUser' | 'sysDepart') =>
  Number((await handle.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('migrations and seed', () => {
  it('migrate once, then find nothing left to do', async () => {
    expect(await migrateToLatest(handle.db)).toEqual(Object.keys(migrations).sort());
    expect(await migrateToLatest(handle.db)).toEqual([]);
  });

  it('the first seed creates admin with a generated password, printed once', async () => {
    const first = await seedDatabase(handle.db);
    expect(first.generatedAdminPassword).toMatch(/^\w{16}$/);
    const admin = await handle.db.selectFrom('sysUser').selectAll().where('username', '=', 'admin').executeTakeFirstOrThrow();
    expect(await verifyPassword(first.generatedAdminPassword!, admin.password)).toBe(true);
    expect(admin).toMatchObject({ realname: '管理员', orgCode: 'A01', status: 1, loginTenantId: 1000 });
    const second = await seedDatabase(handle.db, { adminPassword: 'ignored-now-1' });
    expect(second.generatedAdminPassword).toBeUndefined();
  });

  it('seeding again adds no duplicates', async () => {
    const before = await Promise.all((['sysPermission', 'sysRolePermission', 'sysDictItem', 'sysUser', 'sysDepart'] as const).map(count));
    await seedDatabase(handle.db);
    const after = await Promise.all((['sysPermission', 'sysRolePermission', 'sysDictItem', 'sysUser', 'sysDepart'] as const).map(count));
    expect(after).toEqual(before);
    expect(before[0]).toBeGreaterThanOrEqual(10);
    // the admin role holds every permission but reading across tenants, which is granted only explicitly
    const adminGrants = await handle.db
      .selectFrom('sysRolePermission as rp')
      .innerJoin('sysRole as r', 'r.id', 'rp.roleId')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('r.roleCode', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(Number(adminGrants.n)).toBe(before[0] - 1);
  });

  it('a permission added later reaches the admin role at the next seed', async () => {
    await handle.db.insertInto('sysPermission').values({ id: 'p_later_added_00000000000000000', name: '后加菜单', menuType: 1, url: '/later' }).execute();
    await seedDatabase(handle.db);
    const grant = await handle.db.selectFrom('sysRolePermission').select('id').where('permissionId', '=', 'p_later_added_00000000000000000').execute();
    expect(grant).toHaveLength(1);
  });

  it('the install secret is generated once and kept', async () => {
    const a = await loadInstallSecret(handle.db);
    expect(a.length).toBeGreaterThanOrEqual(32);
    expect(await loadInstallSecret(handle.db)).toBe(a);
  });
});

describe('seeded menus', () => {
  it('does not bring back a seeded menu an administrator deleted', async () => {
    const id = seedId('menu.system.position.importExcel');
    await handle.db.deleteFrom('sysPermission').where('id', '=', id).execute();
    await seedDatabase(handle.db, { adminPassword: 'Another#pass1' });
    expect(await handle.db.selectFrom('sysPermission').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
  });
});
