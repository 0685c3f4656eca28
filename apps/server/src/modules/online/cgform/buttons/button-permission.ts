import type { Db } from '../../../../core/db';
import { addRuntimeButtons, removeRuntimeButtons, renameRuntimeButtons } from '../../../system/permission/runtime-buttons';
import { FORM_DATA_MENU_ID, FORM_PERMISSION_PREFIX } from '../form-permission';

// Every custom button of a form has its own right, online:form:<table_name>:btn:<button_code>: a button row
// under the hidden Online表单数据 menu, made when the button is added and granted to the maker's roles that
// hold online:cgform:edit (nobody else holds it until granted in 角色授权), renamed with the button, removed
// with the button or its form.

export const buttonPermission = (tableName: string, code: string) => `${FORM_PERMISSION_PREFIX}${tableName}:btn:${code}`;

const rowName = (tableTxt: string, buttonName: string) => `${tableTxt.slice(0, 60)}：${buttonName.slice(0, 40)}（自定义按钮）`;

export async function createButtonPermission(db: Db, form: { tableName: string; tableTxt: string }, button: { buttonCode: string; buttonName: string; orderNum: number }, creatorId: string, now: Date): Promise<void> {
  await addRuntimeButtons(
    db,
    FORM_DATA_MENU_ID,
    [{ perms: buttonPermission(form.tableName, button.buttonCode), name: rowName(form.tableTxt, button.buttonName), sortNo: 100 + button.orderNum }],
    { userId: creatorId, grantedWith: 'online:cgform:edit' },
    now,
  );
}

export async function renameButtonPermission(db: Db, form: { tableName: string; tableTxt: string }, fromCode: string, to: { buttonCode: string; buttonName: string }): Promise<void> {
  await renameRuntimeButtons(db, [{ from: buttonPermission(form.tableName, fromCode), to: buttonPermission(form.tableName, to.buttonCode), name: rowName(form.tableTxt, to.buttonName) }]);
}

export async function removeButtonPermissions(db: Db, tableName: string, codes: string[]): Promise<void> {
  await removeRuntimeButtons(db, FORM_DATA_MENU_ID, codes.map((c) => buttonPermission(tableName, c)));
}

/** A form going away (removeForms) takes its buttons and their rights with it. */
export async function removeFormButtons(db: Db, headId: string, tableName: string): Promise<void> {
  const rows = await db.selectFrom('onlCgformButton').select('buttonCode').where('cgformHeadId', '=', headId).execute();
  if (!rows.length) return;
  await removeButtonPermissions(db, tableName, rows.map((r) => r.buttonCode));
  await db.deleteFrom('onlCgformButton').where('cgformHeadId', '=', headId).execute();
}

/** A renamed table renames its buttons' rights; their grants stay. */
export async function renameFormButtons(db: Db, headId: string, from: string, to: string, tableTxt: string): Promise<void> {
  const rows = await db.selectFrom('onlCgformButton').select(['buttonCode', 'buttonName']).where('cgformHeadId', '=', headId).execute();
  await renameRuntimeButtons(
    db,
    rows.map((r) => ({ from: buttonPermission(from, r.buttonCode), to: buttonPermission(to, r.buttonCode), name: rowName(tableTxt, r.buttonName) })),
  );
}
