import type { Kysely, Migration } from 'kysely';
import { dropIndex } from './dialect';

// Lists over a million users (issue 18): the user list walks sys_user in createTime order and checks each
// row's tenant membership. With the id in the walk's index and the status in the membership's, both are
// read from indexes alone (no table row per user), which halves a capped count.
export const listCoveringIndexes: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createIndex('idx_su_del_create_id').on('sys_user').columns(['del_flag', 'create_time', 'id']).execute();
    await dropIndex(db, 'idx_su_del_create_time', 'sys_user');
    await db.schema.createIndex('idx_sut_user_tenant_status').on('sys_user_tenant').columns(['user_id', 'tenant_id', 'status']).execute();
  },
  async down(db: Kysely<any>) {
    await dropIndex(db, 'idx_sut_user_tenant_status', 'sys_user_tenant');
    await db.schema.createIndex('idx_su_del_create_time').on('sys_user').columns(['del_flag', 'create_time']).execute();
    await dropIndex(db, 'idx_su_del_create_id', 'sys_user');
  },
};
