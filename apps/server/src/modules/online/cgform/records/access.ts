import type { FastifyRequest } from 'fastify';
import { currentUser } from '../../../../core/access';
import type { Db } from '../../../../core/db';
import { PermissionError } from '../../../../core/errors';
import { formPermission, type FormAction } from '../form-permission';
import { BizError } from '../../../../core/errors';
import { FORM_PERMISSION_PREFIX } from '../form-permission';
import { findHead, loadHead, mainHeadsOf, type FormModel } from './model';

/** What a right is checked on: the form's table and type. */
export type FormRef = Pick<FormModel, 'tableName' | 'tableType'>;

// Who may use a form's data: holders of `online:form:<table_name>:<action>` (form-permission.ts). A sub
// form's rows are also reachable with the same right on a main form it belongs to (its rows are edited
// inside the main form's page).

export async function holdsForm(db: Db, req: FastifyRequest, form: FormRef, action: FormAction): Promise<boolean> {
  const codes = await currentUser(req).permissions();
  if (codes.has(formPermission(form.tableName, action))) return true;
  if (form.tableType === 3) {
    for (const main of await mainHeadsOf(db, form)) if (codes.has(formPermission(main.tableName, action))) return true;
  }
  return false;
}

/** Refuses (403, code 510) unless the caller holds one of the actions on the form. */
export async function demandForm(db: Db, req: FastifyRequest, form: FormRef, ...actions: FormAction[]): Promise<void> {
  for (const a of actions) if (await holdsForm(db, req, form, a)) return;
  throw new PermissionError();
}

/** The original's button codes the caller may not use (getColumns answers them as hideColumns). */
export async function hiddenButtons(db: Db, req: FastifyRequest, form: FormModel): Promise<string[]> {
  const hide: string[] = [];
  if (!(await holdsForm(db, req, form, 'add'))) hide.push('add', 'addSub', 'form_sub_add', 'form_sub_open_add');
  if (!(await holdsForm(db, req, form, 'edit'))) hide.push('edit', 'update', 'form_sub_open_edit');
  if (!(await holdsForm(db, req, form, 'delete'))) hide.push('delete', 'batch_delete', 'form_sub_batch_delete');
  if (!(await holdsForm(db, req, form, 'import'))) hide.push('import');
  if (!(await holdsForm(db, req, form, 'export'))) hide.push('export');
  // not offered here: workflow, generated test data
  hide.push('bpm', 'aigc_mock_data');
  return hide;
}

/**
 * The synced form named by id or table name, once the caller holds one of the actions on it. A name that
 * is no form is refused alike (403) to a caller holding no form right at all, so nobody learns which forms
 * exist; a caller holding some form right hears that it does not exist.
 */
export async function openForm(db: Db, req: FastifyRequest, code: string, ...actions: FormAction[]): Promise<FormModel> {
  const head = await findHead(db, code);
  if (!head) {
    const codes = await currentUser(req).permissions();
    if (![...codes].some((c) => c.startsWith(FORM_PERMISSION_PREFIX))) throw new PermissionError();
    throw new BizError('表单不存在或已被删除');
  }
  await demandForm(db, req, { tableName: head.tableName, tableType: Number(head.tableType) || 1 }, ...actions);
  return loadHead(db, head);
}
