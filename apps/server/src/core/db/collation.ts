import { sql, type Kysely } from 'kysely';
import { dialectOf } from './connect';

/**
 * PostgreSQL: a line for the start-up log when the database compares text by a locale's rules instead of
 * byte-wise (docs/deploy.md asks for lc_collate 'C'). Lists then sort otherwise than on SQLite and MySQL's
 * utf8mb4_bin, and every text comparison in an index goes through the C library; nothing breaks. Undefined
 * on a byte-wise database and on the other dialects.
 */
export async function collationNotice(db: Kysely<any>): Promise<string | undefined> {
  if (dialectOf(db) !== 'postgres') return undefined;
  const { rows } = await sql<{ collation: string }>`select datcollate as collation from pg_database where datname = current_database()`.execute(db);
  const collation = rows[0]?.collation;
  if (!collation || collation === 'C' || collation === 'POSIX') return undefined;
  return `PostgreSQL database collation is ${collation}: lists sort by that locale's rules rather than by code point (as on SQLite), and index comparisons cost more. For a new install create the database with lc_collate 'C' (docs/deploy.md)`;
}
