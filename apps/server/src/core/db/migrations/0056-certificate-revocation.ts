import type { Kysely, Migration } from 'kysely';

// A certificate issued by mistake (progress recorded for the wrong child, a test done by someone else) can
// be revoked by the back-office: the public check then says so, with the date, instead of vouching for it.
// It stays revoked (it is never issued again for the same work) until it is restored.
export const certificateRevocation: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('stu_certificate').addColumn('revoked_at', 'varchar(19)').execute();
    await db.schema.alterTable('stu_certificate').addColumn('revoked_by', 'varchar(100)').execute();
    await db.schema.alterTable('stu_certificate').addColumn('revoke_reason', 'varchar(200)').execute();
  },
  async down(db: Kysely<any>) {
    for (const c of ['revoke_reason', 'revoked_by', 'revoked_at']) await db.schema.alterTable('stu_certificate').dropColumn(c).execute();
  },
};
