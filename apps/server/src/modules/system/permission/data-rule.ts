import type { z } from 'zod';
import { ResourceError } from '../../../core/crud';
import { formatDateTime, newId, type Db } from '../../../core/db';
import { splitIds } from './grants';
import type { ruleBody } from './menu-schema';

type RuleBody = z.infer<typeof ruleBody>;

const RULE_COLUMNS = ['id', 'permissionId', 'ruleName', 'ruleColumn', 'ruleConditions', 'ruleValue', 'status', 'createBy', 'createTime', 'updateBy', 'updateTime'] as const;

/** Rules of one menu, optionally filtered by name and value (contains). */
export async function listRules(db: Db, filter: { permissionId?: string; ruleName?: string; ruleValue?: string }) {
  let qb = db.selectFrom('sysPermissionDataRule').select(RULE_COLUMNS).orderBy('createTime', 'desc').orderBy('id');
  if (filter.permissionId) qb = qb.where('permissionId', '=', filter.permissionId);
  if (filter.ruleName) qb = qb.where('ruleName', 'like', `%${stripWildcards(filter.ruleName)}%`);
  if (filter.ruleValue) qb = qb.where('ruleValue', 'like', `%${stripWildcards(filter.ruleValue)}%`);
  return qb.limit(1000).execute();
}

// LIKE wildcards typed by the user are dropped so a search cannot match everything by accident.
const stripWildcards = (s: string) => s.replace(/[%_]/g, '');

async function requireMenu(db: Db, permissionId: string) {
  const menu = await db.selectFrom('sysPermission').select(['id', 'menuType']).where('id', '=', permissionId).where('delFlag', '=', 0).executeTakeFirst();
  if (!menu) throw new ResourceError('菜单不存在');
  return menu;
}

function needsValue(body: RuleBody) {
  if (!['EMPTY', 'NOT_EMPTY'].includes(body.ruleConditions) && !body.ruleValue) throw new ResourceError('规则值不能为空');
}

export async function addRule(db: Db, username: string, body: RuleBody) {
  needsValue(body);
  await db.transaction().execute(async (trx) => {
    await requireMenu(trx, body.permissionId);
    await trx
      .insertInto('sysPermissionDataRule')
      .values({ id: newId(), permissionId: body.permissionId, ruleName: body.ruleName, ruleColumn: body.ruleColumn, ruleConditions: body.ruleConditions, ruleValue: body.ruleValue ?? null, status: body.status ?? '1', createBy: username, createTime: formatDateTime(new Date()) })
      .execute();
    await trx.updateTable('sysPermission').set({ ruleFlag: 1 }).where('id', '=', body.permissionId).execute();
  });
}

export async function editRule(db: Db, username: string, body: RuleBody) {
  if (!body.id) throw new ResourceError('缺少id');
  needsValue(body);
  const res = await db
    .updateTable('sysPermissionDataRule')
    .set({ ruleName: body.ruleName, ruleColumn: body.ruleColumn, ruleConditions: body.ruleConditions, ruleValue: body.ruleValue ?? null, status: body.status ?? '1', updateBy: username, updateTime: formatDateTime(new Date()) })
    .where('id', '=', body.id)
    .where('permissionId', '=', body.permissionId)
    .executeTakeFirst();
  if (!Number(res.numUpdatedRows)) throw new ResourceError('未找到对应数据规则', 404);
}

/** Deletes a rule, withdraws it from every grant, and clears the menu's rule flag when none are left. */
export async function deleteRule(db: Db, id: string) {
  await db.transaction().execute(async (trx) => {
    const rule = await trx.selectFrom('sysPermissionDataRule').select(['id', 'permissionId']).where('id', '=', id).executeTakeFirst();
    if (!rule) throw new ResourceError('未找到对应数据规则', 404);
    await trx.deleteFrom('sysPermissionDataRule').where('id', '=', id).execute();
    for (const table of ['sysRolePermission', 'sysDepartPermission', 'sysDepartRolePermission'] as const) {
      const grants = await trx.selectFrom(table).select(['id', 'dataRuleIds']).where('permissionId', '=', rule.permissionId).where('dataRuleIds', 'like', `%${id}%`).execute();
      for (const g of grants) {
        const left = splitIds(g.dataRuleIds).filter((x) => x !== id);
        await trx.updateTable(table).set({ dataRuleIds: left.length ? left.join(',') : null }).where('id', '=', g.id).execute();
      }
    }
    const rest = await trx.selectFrom('sysPermissionDataRule').select('id').where('permissionId', '=', rule.permissionId).executeTakeFirst();
    if (!rest) await trx.updateTable('sysPermission').set({ ruleFlag: 0 }).where('id', '=', rule.permissionId).execute();
  });
}

/** The rules of a menu and which of them the role is granted (the role's data-rule drawer). */
export async function roleDataRules(db: Db, permissionId: string, roleId: string) {
  const datarule = await listRules(db, { permissionId });
  const grant = await db.selectFrom('sysRolePermission').select('dataRuleIds').where('roleId', '=', roleId).where('permissionId', '=', permissionId).executeTakeFirst();
  return { datarule, drChecked: grant?.dataRuleIds ?? '' };
}

/** Grants the role exactly these rules of the menu; the menu must already be granted. */
export async function saveRoleDataRules(db: Db, permissionId: string, roleId: string, dataRuleIds: string[]) {
  await db.transaction().execute(async (trx) => {
    const grant = await trx.selectFrom('sysRolePermission').select('id').where('roleId', '=', roleId).where('permissionId', '=', permissionId).executeTakeFirst();
    if (!grant) throw new ResourceError('请先保存角色菜单权限!');
    if (dataRuleIds.length) {
      const found = await trx.selectFrom('sysPermissionDataRule').select('id').where('permissionId', '=', permissionId).where('id', 'in', dataRuleIds).execute();
      if (found.length !== dataRuleIds.length) throw new ResourceError('所选数据规则不属于该菜单');
    }
    await trx.updateTable('sysRolePermission').set({ dataRuleIds: dataRuleIds.length ? dataRuleIds.join(',') : null }).where('id', '=', grant.id).execute();
  });
}
