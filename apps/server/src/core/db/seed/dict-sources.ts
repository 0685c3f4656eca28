import type { Db } from '../connect';
import { seedId } from '../time';

/**
 * Tables readable as dictionaries on a fresh install, with the columns a request may name. Personal data
 * (the user's phone and e-mail) is never readable: it is declared sensitive, duplicate-checkable only by
 * holders of the listed codes (whoever may add or edit users).
 */
export const SEED_DICT_SOURCES: Array<{ tableName: string; fields: string[]; sensitiveFields?: string[]; sensitivePerms?: string[]; description: string }> = [
  {
    tableName: 'sys_user',
    fields: ['id', 'username', 'realname', 'org_code'],
    sensitiveFields: ['phone', 'email'],
    sensitivePerms: ['system:user:add', 'system:user:edit'],
    description: '用户',
  },
  { tableName: 'sys_depart', fields: ['id', 'depart_name', 'org_code', 'parent_id'], description: '部门' },
  { tableName: 'sys_role', fields: ['id', 'role_name', 'role_code'], description: '角色' },
  { tableName: 'sys_position', fields: ['id', 'code', 'name'], description: '职务' },
  { tableName: 'sys_category', fields: ['id', 'pid', 'name', 'code', 'has_child'], description: '分类字典' },
  // the original client's tenant selects read `sys_tenant,name,id`; a caller sees the tenants they belong to,
  // every tenant only with the tenant list right (modules/system/dict/table-source.ts)
  { tableName: 'sys_tenant', fields: ['id', 'name'], description: '租户' },
];

/** Inserts the default dictionary sources that are missing (an administrator's edits are kept). */
export async function seedDictSources(db: Db, audit: { createBy: string; createTime: string }): Promise<void> {
  for (const s of SEED_DICT_SOURCES) {
    await db
      .insertInto('sysDictSource')
      .values({
        id: seedId(`dict-source.${s.tableName}`),
        tableName: s.tableName,
        fields: s.fields.join(','),
        sensitiveFields: s.sensitiveFields?.join(',') ?? null,
        sensitivePerms: s.sensitivePerms?.join(',') ?? null,
        description: s.description,
        ...audit,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}
