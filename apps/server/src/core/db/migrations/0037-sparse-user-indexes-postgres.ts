import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf, postgresRelationExists } from './dialect';

// Indexes of users that many rows leave empty, on PostgreSQL (issue 18). Work number, phone and e-mail
// are unique but optional, and many accounts (students above all) have none: a unique index over a
// million empty values, and a trigram index holding an empty entry for each, cost a big import about an
// eighth of its time for nothing a query asks (`phone = …`, `lower(phone) like …` imply a value, and
// PostgreSQL proves that for the partial index). A membership's status rides in its unique index,
// instead of in a second index over the same two columns. SQLite (FTS5 holds no empty values) and
// MySQL/MariaDB (no partial indexes) keep theirs.
const UNIQUE = ['work_no', 'phone', 'email'];
const TEXT = ['realname', 'phone', 'email', 'work_no'];

const isPostgres = (db: Kysely<any>) => dialectOf(db) === 'postgres';

async function rebuild(db: Kysely<any>, sparse: boolean) {
  const where = (c: string) => (sparse ? sql` where ${sql.ref(c)} is not null` : sql``);
  for (const c of UNIQUE) {
    const name = `uniq_sys_user_${c}`;
    await sql`drop index if exists ${sql.id(name)}`.execute(db);
    await sql`create unique index ${sql.id(name)} on sys_user (${sql.ref(c)})${where(c)}`.execute(db);
  }
  for (const c of TEXT) {
    const name = `sys_user_text_${c}`;
    // only where the trigram extension could be had (createTextIndex)
    if (!(await postgresRelationExists(db, name))) continue;
    await sql`drop index ${sql.id(name)}`.execute(db);
    await sql`create index ${sql.id(name)} on sys_user using gin (lower(${sql.ref(c)}) public.gin_trgm_ops)${where(c)}`.execute(db);
  }
  await sql`drop index if exists idx_sut_user_rel_tenant`.execute(db);
  if (sparse) {
    await sql`drop index if exists idx_sut_user_tenant_status`.execute(db);
    await sql`create unique index idx_sut_user_rel_tenant on sys_user_tenant (user_id, tenant_id) include (status)`.execute(db);
  } else {
    await sql`create unique index idx_sut_user_rel_tenant on sys_user_tenant (user_id, tenant_id)`.execute(db);
    await sql`create index idx_sut_user_tenant_status on sys_user_tenant (user_id, tenant_id, status)`.execute(db);
  }
}

export const sparseUserIndexesPostgres: Migration = {
  async up(db: Kysely<any>) {
    if (isPostgres(db)) await rebuild(db, true);
  },
  async down(db: Kysely<any>) {
    if (isPostgres(db)) await rebuild(db, false);
  },
};
