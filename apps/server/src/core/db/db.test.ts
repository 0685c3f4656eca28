import { migrations } from './migrations';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../auth';
import { migrateToLatest, seedDatabase, seedId, type DbHandle } from './index';
import { testDatabases, type TestDatabase } from '../../../test/helpers/databases';
import { loadInstallSecret } from '../auth/install-secret';

describe.each(testDatabases('db'))('the schema on %s', (dialect, open) => {
  let handle: DbHandle;
  let database: TestDatabase;

  beforeAll(async () => {
    database = await open();
    handle = database.handle;
  });
  afterAll(async () => {
    await database.drop();
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

  describe('the same SQL on every database', () => {
    const epoch = async () => Number((await handle.db.selectFrom('sysPermEpoch').select('epoch').where('id', '=', 1).executeTakeFirstOrThrow()).epoch);

    it('bumps the permission epoch when a role, a grant or a membership changes (triggers)', async () => {
      const before = await epoch();
      await handle.db.updateTable('sysRole').set({ description: `changed on ${dialect}` }).where('roleCode', '=', 'admin').execute();
      const afterRole = await epoch();
      expect(afterRole).toBeGreaterThan(before);
      await handle.db.updateTable('sysUserTenant').set({ status: '1' }).where('tenantId', '=', 1000).execute();
      expect(await epoch()).toBeGreaterThan(afterRole);
    });

    it('inserts or keeps, and inserts or updates from the refused row (on conflict)', async () => {
      const put = (value: string) =>
        handle.db
          .insertInto('sysInstall')
          .values({ key: 'test.conflict', value, createTime: '2026-01-01 00:00:00' })
          .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })))
          .execute();
      const keep = (value: string) =>
        handle.db.insertInto('sysInstall').values({ key: 'test.conflict', value, createTime: '2026-01-01 00:00:00' }).onConflict((oc) => oc.column('key').doNothing()).execute();
      const stored = async () => (await handle.db.selectFrom('sysInstall').select('value').where('key', '=', 'test.conflict').executeTakeFirstOrThrow()).value;
      await keep('a');
      await keep('b');
      expect(await stored()).toBe('a');
      await put('c');
      expect(await stored()).toBe('c');
    });

    it('sorts nulls first ascending and last descending, and escapes LIKE wildcards', async () => {
      const plain = handle.db.withoutPlugins() as unknown as Kysely<{ t_order: { id: string; name: string; n: number | null } }>;
      await plain.schema.createTable('t_order').addColumn('id', 'varchar(32)', (c) => c.primaryKey()).addColumn('name', 'varchar(64)').addColumn('n', 'integer').execute();
      await plain
        .insertInto('t_order')
        .values([
          { id: 'n_1', name: 'a%b\\c', n: 1 },
          { id: 'n_2', name: 'x', n: null },
          { id: 'n_3', name: 'y', n: 3 },
        ])
        .execute();
      const order = async (dir: 'asc nulls first' | 'desc nulls last') => (await plain.selectFrom('t_order').select('id').orderBy(sql`${sql.ref('n')} ${sql.raw(dir)}`).execute()).map((r) => r.id);
      expect(await order('asc nulls first')).toEqual(['n_2', 'n_1', 'n_3']);
      expect(await order('desc nulls last')).toEqual(['n_3', 'n_1', 'n_2']);
      const like = async (pattern: string) => (await plain.selectFrom('t_order').select('id').where(sql<boolean>`${sql.ref('name')} like ${pattern} escape '\\'`).execute()).map((r) => r.id);
      expect(await like('a\\%b%')).toEqual(['n_1']);
      expect(await like('a\\%c')).toEqual([]);
      expect(await like('%\\\\c')).toEqual(['n_1']);
    });

    it('answers the same statement after its table changed shape (SQLite keeps statements prepared)', async () => {
      const plain = handle.db.withoutPlugins() as unknown as Kysely<any>;
      await plain.schema.createTable('t_shape').addColumn('id', 'varchar(32)', (c) => c.primaryKey()).execute();
      await plain.insertInto('t_shape').values({ id: 's_1' }).execute();
      const all = () => plain.selectFrom('t_shape').selectAll().execute();
      expect(await all()).toEqual([{ id: 's_1' }]);
      await plain.schema.alterTable('t_shape').addColumn('label', 'varchar(20)').execute();
      await plain.updateTable('t_shape').set({ label: '甲' }).execute();
      expect(await all()).toEqual([{ id: 's_1', label: '甲' }]);
      await plain.schema.dropTable('t_shape').execute();
      await expect(all()).rejects.toThrow();
      await plain.schema.createTable('t_shape').addColumn('code', 'varchar(20)', (c) => c.primaryKey()).execute();
      await plain.insertInto('t_shape').values({ code: 'c_1' }).execute();
      expect(await all()).toEqual([{ code: 'c_1' }]);
    });
  });
});
