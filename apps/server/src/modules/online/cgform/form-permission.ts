import type { FastifyRequest } from 'fastify';
import { currentUser } from '../../../core/access';
import type { Db } from '../../../core/db';
import { seedId } from '../../../core/db/time';
import { addRuntimeButtons, removeRuntimeButtons, renameRuntimeButtons } from '../../system/permission/runtime-buttons';
import { PermissionError } from '../../../core/errors';

// Per-form rights (issue 15): every form has its own button rows in sys_permission,
// `online:form:<table_name>:<action>`, under the hidden Online表单数据 menu (seed/menus-online-form.ts).
// They are created when the form is added, renamed with its table and removed with the form. The new
// rows go to the creator's roles holding online:cgform:add; nobody else holds them until granted in 角色授权
// (the admin role receives every permission at the next start, as with any menu).

export const FORM_PERMISSION_PREFIX = 'online:form:';
export const FORM_ACTIONS = ['list', 'add', 'edit', 'delete', 'export', 'import'] as const;
export type FormAction = (typeof FORM_ACTIONS)[number];

const ACTION_NAMES: Record<FormAction, string> = { list: '查询', add: '添加', edit: '编辑', delete: '删除', export: '导出', import: '导入' };

/** The hidden parent menu of every form's buttons. */
export const FORM_DATA_MENU_ID = seedId('menu.online.formData');

/** The permission code of one action on the form whose table (head.table_name) is `tableName`. */
export function formPermission(tableName: string, action: FormAction): string {
  return `${FORM_PERMISSION_PREFIX}${tableName}:${action}`;
}

/** Refuses (403, code 510) unless the caller holds `online:form:<tableName>:<action>`. */
export async function demandFormPermission(req: FastifyRequest, tableName: string, action: FormAction): Promise<void> {
  if (!(await currentUser(req).permissions()).has(formPermission(tableName, action))) throw new PermissionError();
}

/** Creates the form's button rows and grants them to the creator's roles that hold online:cgform:add. */
export async function createFormPermissions(db: Db, form: { tableName: string; tableTxt: string }, creatorId: string, now = new Date()): Promise<void> {
  const buttons = FORM_ACTIONS.map((action, i) => ({ perms: formPermission(form.tableName, action), name: buttonName(form.tableTxt, action), sortNo: i + 1 }));
  await addRuntimeButtons(db, FORM_DATA_MENU_ID, buttons, { userId: creatorId, grantedWith: 'online:cgform:add' }, now);
}

/** Follows a table rename: the codes and names of the form's buttons change, their grants stay. */
export async function renameFormPermissions(db: Db, from: string, to: string, tableTxt: string): Promise<void> {
  await renameRuntimeButtons(db, FORM_ACTIONS.map((action) => ({ from: formPermission(from, action), to: formPermission(to, action), name: buttonName(tableTxt, action) })));
}

/** Removes the form's buttons and every grant of them (roles, departments, tenant packs, data rules). */
export async function removeFormPermissions(db: Db, tableName: string): Promise<void> {
  await removeRuntimeButtons(db, FORM_DATA_MENU_ID, FORM_ACTIONS.map((a) => formPermission(tableName, a)));
}

function buttonName(tableTxt: string, action: FormAction): string {
  return `${tableTxt.slice(0, 80)}：${ACTION_NAMES[action]}`;
}
