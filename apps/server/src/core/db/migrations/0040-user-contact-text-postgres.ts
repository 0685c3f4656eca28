import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf, postgresRelationExists } from './dialect';

// Trigram indexes of the user list on PostgreSQL (issue 18): account, name and phone keep theirs; e-mail
// and work number lose them. The list's own query form filters account and name by contains, and a phone's
// last digits are the fragment people search by; e-mail and work number are searched by contains only
// from the advanced query, where a scan of a million users takes about 0.2 s. Those two held more than
// half of the trigram entries a user adds (an e-mail is three words), and the trigram indexes were the
// largest part of a big import's one backend: dropping them took a fifth off PostgreSQL's work in a
// million-user import (44 → 36 s of its CPU, 54 → 46 s in all, measured one after the other).
// Their unique B-trees (exact lookups, the import's checks) stay. SQLite's FTS5 table keeps all five
// columns (one table, one row per user); MySQL/MariaDB never had any.
const DROPPED = ['email', 'work_no'];

export const userContactTextPostgres: Migration = {
  async up(db: Kysely<any>) {
    if (dialectOf(db) !== 'postgres') return;
    for (const c of DROPPED) await sql`drop index if exists ${sql.id(`sys_user_text_${c}`)}`.execute(db);
  },
  async down(db: Kysely<any>) {
    if (dialectOf(db) !== 'postgres') return;
    // as 0037 left them, where the trigram extension could be had (the other text indexes tell)
    if (!(await postgresRelationExists(db, 'sys_user_text_username'))) return;
    for (const c of DROPPED) {
      await sql`create index ${sql.id(`sys_user_text_${c}`)} on sys_user using gin (lower(${sql.ref(c)}) public.gin_trgm_ops) where ${sql.ref(c)} is not null`.execute(db);
    }
  },
};
