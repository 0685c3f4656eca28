import { newId } from '../time';
import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

// Tenant membership joins the permission epoch (leaving a tenant takes effect on the next request),
// roles belong to a tenant (the built-in ones to the first, system tenant), and users who belonged to
// no tenant join the first one: tenant 0 no longer means "every tenant".
const WATCHED = ['sys_user_tenant', 'sys_tenant'];
const SYSTEM_TENANT = 1000;

function isPostgres(db: Kysely<any>) {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export const tenantAccess: Migration = {
  async up(db: Kysely<any>) {
    if (isPostgres(db)) {
      for (const t of WATCHED) {
        await sql`create trigger ${sql.raw(`trg_epoch_${t}`)} after insert or update or delete on ${sql.table(t)}
          for each statement execute function sys_bump_perm_epoch()`.execute(db);
      }
    } else {
      for (const t of WATCHED) {
        for (const op of ['insert', 'update', 'delete']) {
          await sql`create trigger ${sql.raw(`trg_epoch_${t}_${op}`)} after ${sql.raw(op)} on ${sql.table(t)}
            begin update sys_perm_epoch set epoch = epoch + 1 where id = 1; end`.execute(db);
        }
      }
    }
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
    if (isPostgres(db)) {
      for (const t of WATCHED) await sql`drop trigger if exists ${sql.raw(`trg_epoch_${t}`)} on ${sql.table(t)}`.execute(db);
    } else {
      for (const t of WATCHED) for (const op of ['insert', 'update', 'delete']) await sql`drop trigger if exists ${sql.raw(`trg_epoch_${t}_${op}`)}`.execute(db);
    }
  },
};
