import { newId } from '../time';
import type { Kysely, Migration } from 'kysely';
import { addEpochTriggers, dropEpochTriggers } from './dialect';

// Tenant membership joins the permission epoch (leaving a tenant takes effect on the next request),
// roles belong to a tenant (the built-in ones to the first, system tenant), and users who belonged to
// no tenant join the first one: tenant 0 no longer means "every tenant".
export const TENANT_TABLES = ['sys_user_tenant', 'sys_tenant'];
const SYSTEM_TENANT = 1000;

export const tenantAccess: Migration = {
  async up(db: Kysely<any>) {
    await addEpochTriggers(db, TENANT_TABLES);
    // rows written before tenants were kept apart belong to the first tenant
    await db.updateTable('sys_category').set({ tenant_id: SYSTEM_TENANT }).where('tenant_id', '=', 0).execute();
    await db.updateTable('sys_role').set({ tenant_id: SYSTEM_TENANT }).where((eb) => eb.or([eb('tenant_id', '=', 0), eb('tenant_id', 'is', null)])).execute();
    const tenant = await db.selectFrom('sys_tenant').select('id').where('id', '=', SYSTEM_TENANT).executeTakeFirst();
    if (tenant) {
      const orphans = await db
        .selectFrom('sys_user as u')
        .select('u.id')
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom('sys_user_tenant as ut').select('ut.id').whereRef('ut.user_id', '=', 'u.id'))))
        .execute();
      for (const u of orphans) {
        await db.insertInto('sys_user_tenant').values({ id: newId(), user_id: u.id, tenant_id: SYSTEM_TENANT, status: '1' }).execute();
      }
    }
  },
  async down(db: Kysely<any>) {
    await dropEpochTriggers(db, TENANT_TABLES);
  },
};
