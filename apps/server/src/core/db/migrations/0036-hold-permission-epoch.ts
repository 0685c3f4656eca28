import type { Kysely, Migration } from 'kysely';
import { PERMISSION_TABLES } from './0005-permission-epoch';
import { TENANT_TABLES } from './0012-tenant-access';
import { addEpochFunction, addEpochTriggers, dialectOf, dropEpochTriggers } from './dialect';

// The permission-epoch triggers count nothing while a long transaction holds them (an import, see
// permissionEpochHold.ts), which bumps once at its end instead of locking the epoch's row from its first
// chunk on. Installs from before this migration get the hold-aware function (PostgreSQL) or triggers
// (MySQL); SQLite has one writer and keeps its triggers. Down leaves them: unheld, they count as before.
const WATCHED = [...PERMISSION_TABLES, ...TENANT_TABLES];

export const holdPermissionEpoch: Migration = {
  async up(db: Kysely<any>) {
    await addEpochFunction(db); // PostgreSQL only
    if (dialectOf(db) !== 'mysql') return;
    await dropEpochTriggers(db, WATCHED);
    await addEpochTriggers(db, WATCHED);
  },
  async down() {},
};
