import { sql, type Kysely } from 'kysely';
import { ResourceError } from '../../../core/crud';
import type { Database } from '../../../core/db';
import { escapeLike } from '../../../core/query';
import { nextOrgCode } from '../depart/org-code';

/** The pid of a root category. */
export const ROOT_PID = '0';

/**
 * The next free code under a parent code: parent + letter + two digits (A01, A02 … A99, B01 …), as
 * departments do. Every code of that length and prefix counts, wherever it sits in the tree, so a code
 * typed by hand elsewhere is never handed out again.
 */
export async function nextCategoryCode(db: Kysely<Database>, parentCode: string): Promise<string> {
  const rows = await db
    .selectFrom('sysCategory')
    .select('code')
    .where(sql<boolean>`${sql.ref('code')} like ${`${escapeLike(parentCode)}___`} escape '\\'`)
    .execute();
  try {
    return nextOrgCode(parentCode, rows.map((r) => r.code ?? ''));
  } catch {
    throw new ResourceError(parentCode ? '该分类下的子分类数量已达上限' : '根分类数量已达上限');
  }
}

/** The code a new child of `pid` would get ('0' or empty: a new root). */
export async function nextChildCode(db: Kysely<Database>, pid: string): Promise<string> {
  if (!pid || pid === ROOT_PID) return nextCategoryCode(db, '');
  const parent = await db.selectFrom('sysCategory').select('code').where('id', '=', pid).executeTakeFirst();
  if (!parent) throw new ResourceError('上级分类不存在');
  if (!parent.code) throw new ResourceError('上级分类没有编码，请填写分类编码');
  return nextCategoryCode(db, parent.code);
}
