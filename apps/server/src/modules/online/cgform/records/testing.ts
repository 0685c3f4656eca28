import type { FastifyInstance } from 'fastify';
import { apiCall } from '../../../../../test/helpers/test-app';
import type { Db } from '../../../../core/db';
import { newId } from '../../../../core/db/time';
import { formPermission, FORM_ACTIONS, type FormAction } from '../form-permission';

// Test data for the generated API: forms defined and synced through the designer's calls, and grants of
// their rights to other users.

export interface TestField {
  name: string;
  title?: string;
  dbType?: string;
  length?: number;
  point?: number;
  view?: string;
  required?: boolean;
  validType?: string;
  dictCode?: string;
  dictTable?: string;
  dictText?: string;
  defaultValue?: string;
  query?: boolean;
  queryMode?: 'single' | 'group';
  list?: boolean;
  form?: boolean;
  sort?: boolean;
  mainTable?: string;
  mainField?: string;
}

export interface TestForm {
  tableName: string;
  title: string;
  tableType?: 1 | 2 | 3;
  relationType?: 0 | 1;
  tree?: { pid: string; hasChild: string; text: string };
  fields: TestField[];
  synced?: boolean;
}

/** The fields a new form starts with in the designer (cgform.data.ts useInitialData). */
const STANDARD: TestField[] = [
  { name: 'id', title: '主键', length: 36, form: false, list: false },
  { name: 'create_by', title: '创建人', length: 50, form: false, list: false },
  { name: 'create_time', title: '创建日期', dbType: 'Datetime', form: false, list: false },
  { name: 'update_by', title: '更新人', length: 50, form: false, list: false },
  { name: 'update_time', title: '更新日期', dbType: 'Datetime', form: false, list: false },
  { name: 'sys_org_code', title: '所属部门', length: 64, form: false, list: false },
];

const flag = (v: boolean | undefined, dflt: boolean) => ((v ?? dflt) ? '1' : '0');

function fieldBody(f: TestField, order: number) {
  const type = f.dbType ?? 'string';
  return {
    dbFieldName: f.name,
    dbFieldTxt: f.title ?? f.name,
    dbType: type,
    dbLength: f.length ?? (type === 'string' ? 32 : type === 'int' || type === 'double' ? 10 : 0),
    dbPointLength: f.point ?? 0,
    dbIsKey: f.name === 'id' ? '1' : '0',
    dbIsNull: f.name === 'id' || f.required ? '0' : '1',
    dbIsPersist: '1',
    isShowForm: flag(f.form, true),
    isShowList: flag(f.list, true),
    fieldShowType: f.view ?? 'text',
    fieldMustInput: flag(f.required, false),
    fieldValidType: f.validType ?? null,
    dictField: f.dictCode ?? null,
    dictTable: f.dictTable ?? null,
    dictText: f.dictText ?? null,
    fieldDefaultValue: f.defaultValue ?? null,
    isQuery: flag(f.query, false),
    queryMode: f.queryMode ?? 'single',
    sortFlag: flag(f.sort, false),
    mainTable: f.mainTable ?? null,
    mainField: f.mainField ?? null,
    orderNum: order,
  };
}

/**
 * Defines the form through the designer's calls (addAll) and syncs it (doDbSynch) unless told not to;
 * answers the head id. The form's rights go to the caller's roles holding online:cgform:add.
 */
export async function makeForm(app: FastifyInstance, token: string, spec: TestForm): Promise<string> {
  const head = {
    tableName: spec.tableName,
    tableTxt: spec.title,
    tableType: spec.tableType ?? 1,
    relationType: spec.relationType,
    isTree: spec.tree ? 'Y' : 'N',
    treeParentIdField: spec.tree?.pid,
    treeIdField: spec.tree?.hasChild,
    treeFieldname: spec.tree?.text,
    formTemplate: '1',
  };
  const fields = [...STANDARD, ...spec.fields].map((f, i) => fieldBody(f, i));
  const add = await apiCall(app, token, 'POST', '/online/cgform/api/addAll', { head, fields, indexs: [], deleteFieldIds: [], deleteIndexIds: [] });
  if (!add.body.success) throw new Error(`addAll ${spec.tableName}: ${add.body.message}`);
  const id = add.body.result as string;
  if (spec.synced !== false) {
    const sync = await apiCall(app, token, 'POST', `/online/cgform/api/doDbSynch/${id}/normal`);
    if (!sync.body.success) throw new Error(`doDbSynch ${spec.tableName}: ${sync.body.message}`);
  }
  return id;
}

/** Gives a user (through a role of its own) the form's rights named. */
export async function grantForm(db: Db, userId: string, tableName: string, actions: readonly FormAction[] = FORM_ACTIONS): Promise<void> {
  let role = await db.selectFrom('sysUserRole').select('roleId').where('userId', '=', userId).executeTakeFirst();
  if (!role) {
    const roleId = newId();
    await db.insertInto('sysRole').values({ id: roleId, roleCode: `r_${roleId.slice(-8)}`, roleName: roleId.slice(-8), tenantId: 0 }).execute();
    await db.insertInto('sysUserRole').values({ id: newId(), userId, roleId }).execute();
    role = { roleId };
  }
  const perms = await db.selectFrom('sysPermission').select('id').where('perms', 'in', actions.map((a) => formPermission(tableName, a))).execute();
  const held = new Set((await db.selectFrom('sysRolePermission').select('permissionId').where('roleId', '=', role.roleId).execute()).map((r) => r.permissionId));
  for (const p of perms.filter((x) => !held.has(x.id))) await db.insertInto('sysRolePermission').values({ id: newId(), roleId: role.roleId, permissionId: p.id }).execute();
}
