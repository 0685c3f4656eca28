import type { Kysely, Migration } from 'kysely';
import { dropIndex } from './dialect';

// User management (issue 3): the user list sorts active users by creation time (its default order), and
// the tenant scope looks up memberships by user.
export const users: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createIndex('idx_su_del_create_time').on('sys_user').columns(['del_flag', 'create_time']).execute();
  },
  async down(db: Kysely<any>) {
    await dropIndex(db, 'idx_su_del_create_time', 'sys_user');
  },
};
