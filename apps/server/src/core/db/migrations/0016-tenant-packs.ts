import type { Kysely, Migration } from 'kysely';
import { auditColumns, idColumn } from './columns';

// Tenant packs (租户套餐), as the original's sys_tenant_pack and sys_tenant_pack_perms. A pack of a tenant
// (pack_type 'custom') is carried by a role of that tenant (role_id): its menus are the role's grants and its
// users are the role's members, so permissions, the permission epoch and its triggers (migration 0005) need
// nothing new. Templates (pack_type 'default', tenant 0) have no role; syncDefaultPack copies them into a tenant.
export const tenantPacks: Migration = {
  async up(db: Kysely<any>) {
    await auditColumns(
      idColumn(db.schema.createTable('sys_tenant_pack'))
        .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('pack_name', 'varchar(100)', (c) => c.notNull())
        .addColumn('pack_code', 'varchar(50)')
        .addColumn('pack_type', 'varchar(10)', (c) => c.notNull().defaultTo('custom'))
        .addColumn('status', 'varchar(1)', (c) => c.notNull().defaultTo('1'))
        .addColumn('iz_sysn', 'varchar(1)', (c) => c.notNull().defaultTo('0'))
        .addColumn('remarks', 'varchar(500)')
        .addColumn('role_id', 'varchar(32)', (c) => c.references('sys_role.id').onDelete('set null')),
    ).execute();
    await db.schema.createIndex('idx_stp_tenant').on('sys_tenant_pack').columns(['tenant_id', 'pack_type']).execute();
    await idColumn(db.schema.createTable('sys_tenant_pack_perms'))
      .addColumn('pack_id', 'varchar(32)', (c) => c.notNull().references('sys_tenant_pack.id').onDelete('cascade'))
      .addColumn('permission_id', 'varchar(32)', (c) => c.notNull().references('sys_permission.id').onDelete('cascade'))
      .execute();
    await db.schema.createIndex('uniq_stpp_pack_perm').on('sys_tenant_pack_perms').columns(['pack_id', 'permission_id']).unique().execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('sys_tenant_pack_perms').execute();
    await db.schema.dropTable('sys_tenant_pack').execute();
  },
};
