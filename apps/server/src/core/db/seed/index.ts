import type { Db } from '../connect';
import { formatDateTime, seedId } from '../time';
import { hashPassword, randomPassword } from '../../auth/password';
import { DICT_SEEDS } from './dicts';
import { MENU_SEEDS } from './menus';
import { SEED_ADMIN_ROLE, SEED_ADMIN_USER, SEED_DEPARTS, SEED_TENANT } from './organisation';
import { seedDictSources } from './dict-sources';
import { seedOnlineReports } from './online-reports';
import { seedRules } from './rules';
import { seedStudentRoles } from './students-roles';
import { CROSS_TENANT_PERMISSION } from '../../access/tenant';
import { EN } from '@anxue/shared/i18n-en';

export interface SeedResult {
  /** Set only on the start that created the administrator without ADMIN_PASSWORD. */
  generatedAdminPassword?: string;
}

const SEEDER = 'system';
const b = (v: boolean | undefined) => (v ? 1 : 0);

/**
 * Inserts what a fresh install needs. Idempotent: rows have stable ids and are inserted only when
 * absent (never overwriting an administrator's edits), so it runs on every start and on every node.
 * The admin role is re-granted every permission each time so new menus reach it.
 */
export async function seedDatabase(db: Db, opts: { adminPassword?: string; now?: Date } = {}): Promise<SeedResult> {
  const now = formatDateTime(opts.now ?? new Date());
  const audit = { createBy: SEEDER, createTime: now };
  const result: SeedResult = {};
  const adminId = seedId(SEED_ADMIN_USER.key);
  const adminExists = await db.selectFrom('sysUser').select('id').where('username', '=', SEED_ADMIN_USER.username).executeTakeFirst();
  let adminHash: string | undefined;
  if (!adminExists) {
    const password = opts.adminPassword ?? randomPassword();
    if (!opts.adminPassword) result.generatedAdminPassword = password;
    adminHash = await hashPassword(password);
  }

  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('sysTenant')
      .values({ id: SEED_TENANT.id, name: SEED_TENANT.name, status: 1, createBy: SEEDER, createTime: now })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();

    for (const d of SEED_DEPARTS) {
      await trx
        .insertInto('sysDepart')
        .values({
          id: seedId(d.key),
          parentId: d.parent ? seedId(d.parent) : null,
          departName: d.departName,
          orgCode: d.orgCode,
          orgCategory: d.orgCategory,
          departOrder: d.departOrder,
          status: '1',
          tenantId: SEED_TENANT.id,
          ...audit,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }

    await trx
      .insertInto('sysRole')
      .values({ id: seedId(SEED_ADMIN_ROLE.key), roleCode: SEED_ADMIN_ROLE.roleCode, roleName: SEED_ADMIN_ROLE.roleName, description: SEED_ADMIN_ROLE.description, tenantId: SEED_TENANT.id, ...audit })
      .onConflict((oc) => oc.doNothing())
      .execute();

    if (adminHash) {
      await trx
        .insertInto('sysUser')
        .values({
          id: adminId,
          username: SEED_ADMIN_USER.username,
          realname: SEED_ADMIN_USER.realname,
          password: adminHash,
          orgCode: SEED_ADMIN_USER.orgCode,
          userIdentity: 2,
          loginTenantId: SEED_TENANT.id,
          ...audit,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
      const adminRole = await trx.selectFrom('sysRole').select('id').where('roleCode', '=', SEED_ADMIN_ROLE.roleCode).executeTakeFirstOrThrow();
      await trx
        .insertInto('sysUserRole')
        .values({ id: seedId('user-role.admin'), userId: adminId, roleId: adminRole.id })
        .onConflict((oc) => oc.doNothing())
        .execute();
      for (const d of SEED_DEPARTS) {
        const dep = await trx.selectFrom('sysDepart').select('id').where('orgCode', '=', d.orgCode).executeTakeFirstOrThrow();
        await trx
          .insertInto('sysUserDepart')
          .values({ id: seedId(`user-depart.admin.${d.key}`), userId: adminId, depId: dep.id })
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
      // the administrator is the 上级 in charge of the top department (the original client's 部门用户)
      const top = await trx.selectFrom('sysDepart').select('id').where('orgCode', '=', SEED_ADMIN_USER.orgCode).executeTakeFirst();
      if (top) await trx.updateTable('sysUser').set({ departIds: top.id }).where('id', '=', adminId).where('departIds', 'is', null).execute();
      await trx
        .insertInto('sysUserTenant')
        .values({ id: seedId('user-tenant.admin'), userId: adminId, tenantId: SEED_TENANT.id, status: '1', ...audit })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }

    // Each seeded menu is inserted once per install: a marker remembers it, so one an administrator
    // deleted stays deleted across restarts.
    const seeded = new Set(
      (await trx.selectFrom('sysInstall').select('key').where('key', 'like', 'seeded:menu.%').execute()).map((r) => r.key),
    );
    for (const m of MENU_SEEDS) {
      const marker = `seeded:menu.${m.key}`;
      if (seeded.has(marker)) continue;
      await trx.insertInto('sysInstall').values({ key: marker, value: '1', createTime: now }).onConflict((oc) => oc.column('key').doNothing()).execute();
      await trx
        .insertInto('sysPermission')
        .values({
          id: seedId(`menu.${m.key}`),
          parentId: m.parent ? seedId(`menu.${m.parent}`) : null,
          name: m.name,
          nameEn: englishOf(m.name),
          url: m.url ?? null,
          component: m.component ?? null,
          componentName: m.componentName ?? null,
          redirect: m.redirect ?? null,
          menuType: m.menuType,
          perms: m.perms ?? null,
          permsType: m.permsType ?? '1',
          sortNo: m.sortNo,
          icon: m.icon ?? null,
          isRoute: m.isRoute === false ? 0 : 1,
          isLeaf: MENU_SEEDS.some((c) => c.parent === m.key) ? 0 : 1,
          keepAlive: b(m.keepAlive),
          hidden: b(m.hidden),
          alwaysShow: b(m.alwaysShow),
          status: '1',
          ...audit,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    }
    await fillMenuEnglishNames(trx);

    for (const d of DICT_SEEDS) {
      const dictId = seedId(`dict.${d.code}`);
      await trx
        .insertInto('sysDict')
        .values({ id: dictId, dictCode: d.code, dictName: d.name, ...audit })
        .onConflict((oc) => oc.doNothing())
        .execute();
      const dict = await trx.selectFrom('sysDict').select('id').where('dictCode', '=', d.code).executeTakeFirstOrThrow();
      for (const [i, [value, text, color]] of d.items.entries()) {
        await trx
          .insertInto('sysDictItem')
          .values({ id: seedId(`dict.${d.code}.${value}`), dictId: dict.id, itemValue: value, itemText: text, itemColor: color ?? null, sortOrder: i + 1, status: 1, ...audit })
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
      }
    }

    await seedOnlineReports(trx, audit);
    await seedDictSources(trx, audit);
    await seedRules(trx, now);
    await seedStudentRoles(trx, now);

    await grantEverythingToAdmin(trx, now);
  });
  return result;
}

/** The catalogue's English of a seeded name, if it has one. */
const englishOf = (zh: string): string | null => (Object.hasOwn(EN, zh) ? EN[zh]! : null);

/**
 * English names for seeded menus inserted before menus had them (migration 0032), or before the
 * catalogue knew their name: only where none is set and the Chinese name is still the seed's (a menu an
 * administrator renamed keeps what they gave it). Rows already filled are skipped by the query.
 */
async function fillMenuEnglishNames(db: Db): Promise<void> {
  const seeds = new Map(MENU_SEEDS.map((m) => [seedId(`menu.${m.key}`), m.name]));
  const unnamed = await db.selectFrom('sysPermission').select(['id', 'name']).where('nameEn', 'is', null).execute();
  for (const row of unnamed) {
    const seedName = seeds.get(row.id);
    const english = seedName === row.name ? englishOf(row.name) : null;
    if (english) await db.updateTable('sysPermission').set({ nameEn: english }).where('id', '=', row.id).where('nameEn', 'is', null).execute();
  }
}

/**
 * Gives the admin role every permission it does not hold yet, except reading across tenants, which is
 * only ever granted explicitly.
 */
async function grantEverythingToAdmin(db: Db, now: string): Promise<void> {
  const role = await db.selectFrom('sysRole').select('id').where('roleCode', '=', SEED_ADMIN_ROLE.roleCode).executeTakeFirst();
  if (!role) return;
  const missing = await db
    .selectFrom('sysPermission as p')
    .select('p.id')
    .where('p.delFlag', '=', 0)
    .where((eb) => eb.or([eb('p.perms', 'is', null), eb('p.perms', '<>', CROSS_TENANT_PERMISSION)]))
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('sysRolePermission as rp').select('rp.id').whereRef('rp.permissionId', '=', 'p.id').where('rp.roleId', '=', role.id))),
    )
    .execute();
  for (const p of missing) {
    await db
      .insertInto('sysRolePermission')
      .values({ id: seedId(`role-perm.${role.id}.${p.id}`), roleId: role.id, permissionId: p.id, operateDate: now })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}
