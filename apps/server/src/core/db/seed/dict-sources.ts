import type { Db } from '../connect';
import { seedId } from '../time';

/** Tables readable as dictionaries on a fresh install, with the columns a request may name. */
export const SEED_DICT_SOURCES: Array<{ tableName: string; fields: string[]; description: string }> = [
  { tableName: 'sys_user', fields: ['id', 'username', 'realname', 'phone', 'email', 'org_code'], description: '用户' },
  { tableName: 'sys_depart', fields: ['id', 'depart_name', 'org_code', 'parent_id'], description: '部门' },
  { tableName: 'sys_role', fields: ['id', 'role_name', 'role_code'], description: '角色' },
  { tableName: 'sys_position', fields: ['id', 'code', 'name'], description: '职务' },
  { tableName: 'sys_category', fields: ['id', 'pid', 'name', 'code', 'has_child'], description: '分类字典' },
];

/** Inserts the default dictionary sources that are missing (an administrator's edits are kept). */
export async function seedDictSources(db: Db, audit: { createBy: string; createTime: string }): Promise<void> {
  for (const s of SEED_DICT_SOURCES) {
    await db
      .insertInto('sysDictSource')
      .values({ id: seedId(`dict-source.${s.tableName}`), tableName: s.tableName, fields: s.fields.join(','), description: s.description, ...audit })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}
