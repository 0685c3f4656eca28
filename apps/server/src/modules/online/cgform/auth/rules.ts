import type { Kysely } from 'kysely';
import { whereTenant } from '../../../../core/access';
import { DATA_RULE_CONDITIONS, type Caller } from '../../../../core/crud';
import type { Database, Db } from '../../../../core/db';
import { newId } from '../../../../core/db/time';
import { BizError } from '../../../../core/errors';
import { visibleRole } from '../../../system/role/role-members';
import { AUTH_BUILT_IN_BUTTONS } from '@anxue/shared/online-auth';
import { AUTH_TYPE, CONTROL, FIELD_RULES } from './kinds';

// 权限控制 of an online form (the original's auth manager and 角色授权): which fields and buttons are under
// control and which data rules exist (onl_auth_page, onl_auth_data), and which roles hold them
// (onl_auth_relation), by role, department or user. Only those of the caller's tenant are read or granted;
// enforce.ts applies the rules.

export interface Actor {
  username: string;
  at: string;
}

type Trx = Kysely<Database>;

export const BUTTON_CODE = /^[A-Za-z_$][A-Za-z0-9_$]{0,49}$/;
/** The original's custom-SQL rule: never offered here (no SQL from the browser). */
export const USE_SQL_RULES = 'USE_SQL_RULES';

export async function headOf(db: Db, cgformId: string) {
  const head = await db.selectFrom('onlCgformHead').select(['id', 'tableName', 'tableType', 'themeTemplate', 'relationType', 'subTableStr']).where('id', '=', cgformId).executeTakeFirst();
  if (!head) throw new BizError('表单不存在或已被删除');
  return head;
}

/** The form's persisted fields that rules may name (the key never). */
async function fieldsOf(db: Db, cgformId: string) {
  const rows = await db
    .selectFrom('onlCgformField')
    .select(['dbFieldName', 'dbFieldTxt', 'isShowForm', 'isShowList', 'dbIsPersist', 'fieldShowType', 'dbType', 'orderNum'])
    .where('cgformHeadId', '=', cgformId)
    .orderBy('orderNum')
    .orderBy('dbFieldName')
    .execute();
  return rows.filter((r) => r.dbFieldName !== 'id' && r.dbFieldName !== 'tenant_id');
}

async function demandField(db: Db, cgformId: string, code: string) {
  if (!(await fieldsOf(db, cgformId)).some((f) => f.dbFieldName === code)) throw new BizError(`字段不存在：${code.slice(0, 64)}`);
}

async function rulesOf(db: Trx, cgformId: string, type: number) {
  return db.selectFrom('onlAuthPage').selectAll().where('cgformId', '=', cgformId).where('type', '=', type).execute();
}

/** Sets one rule's status, creating the rule when it is new. */
async function setRule(db: Trx, cgformId: string, type: number, code: string, page: number, control: number, status: 0 | 1, actor: Actor): Promise<string> {
  const found = await db
    .selectFrom('onlAuthPage')
    .select('id')
    .where('cgformId', '=', cgformId)
    .where('type', '=', type)
    .where('code', '=', code)
    .where('page', '=', page)
    .where('control', '=', control)
    .executeTakeFirst();
  if (found) {
    await db.updateTable('onlAuthPage').set({ status, updateBy: actor.username, updateTime: actor.at }).where('id', '=', found.id).execute();
    return found.id;
  }
  const id = newId();
  await db.insertInto('onlAuthPage').values({ id, cgformId, type, code, page, control, status, createBy: actor.username, createTime: actor.at }).execute();
  return id;
}

// ---- field rules (字段权限) ----

/** authColumn/{cgformId}: every field with its rule switch and its three controls. */
export async function fieldRules(db: Db, cgformId: string) {
  await headOf(db, cgformId);
  const rules = await rulesOf(db, cgformId, AUTH_TYPE.field);
  const on = (code: string, page: number, control: number) => rules.some((r) => r.code === code && r.page === page && r.control === control && r.status === 1);
  return (await fieldsOf(db, cgformId)).map((f) => {
    const controls = Object.fromEntries(FIELD_RULES.map((c) => [c.key, on(f.dbFieldName, c.page, c.control)])) as Record<(typeof FIELD_RULES)[number]['key'], boolean>;
    return {
      cgformId,
      code: f.dbFieldName,
      title: f.dbFieldTxt || f.dbFieldName,
      isShowForm: Number(f.isShowForm) || 0,
      isShowList: Number(f.isShowList) || 0,
      dbIsPersist: f.dbIsPersist === 0 ? 0 : 1,
      fieldShowType: f.fieldShowType,
      dbType: f.dbType,
      status: Object.values(controls).some(Boolean) ? 1 : 0,
      ...controls,
    };
  });
}

/** The switch of a field: on puts all three controls under rule (when none was), off releases them. */
export async function setFieldStatus(db: Db, items: Array<{ cgformId: string; code: string; status: 0 | 1 }>, actor: Actor): Promise<void> {
  for (const it of items) {
    await headOf(db, it.cgformId);
    await demandField(db, it.cgformId, it.code);
  }
  await db.transaction().execute(async (trx) => {
    for (const it of items) {
      const rules = (await rulesOf(trx, it.cgformId, AUTH_TYPE.field)).filter((r) => r.code === it.code);
      if (it.status === 1 && rules.some((r) => r.status === 1)) continue;
      for (const c of FIELD_RULES) await setRule(trx, it.cgformId, AUTH_TYPE.field, it.code, c.page, c.control, it.status, actor);
    }
  });
}

export interface FieldControl {
  cgformId: string;
  code: string;
  /** 1 list visible, 2 form visible, 3 form editable, 4 both form controls. */
  switchFlag: 1 | 2 | 3 | 4;
  listShow?: boolean;
  formShow?: boolean;
  formEditable?: boolean;
}

/** One control of a field turned on or off. */
export async function setFieldControl(db: Db, items: FieldControl[], actor: Actor): Promise<void> {
  for (const it of items) {
    await headOf(db, it.cgformId);
    await demandField(db, it.cgformId, it.code);
  }
  await db.transaction().execute(async (trx) => {
    for (const it of items) {
      const keys = it.switchFlag === 4 ? (['formShow', 'formEditable'] as const) : ([FIELD_RULES[it.switchFlag - 1].key] as const);
      for (const key of keys) {
        const c = FIELD_RULES.find((r) => r.key === key)!;
        await setRule(trx, it.cgformId, AUTH_TYPE.field, it.code, c.page, c.control, it[key] ? 1 : 0, actor);
      }
    }
  });
}

// ---- button rules (按钮权限) ----

/** The form's custom buttons (onl_cgform_button, managed on /online/cgform/button/*). */
async function customButtons(db: Db, cgformId: string): Promise<Array<{ buttonCode: string; buttonName: string; buttonStyle: string }>> {
  return (db as Kysely<any>)
    .selectFrom('onlCgformButton').select(['buttonCode', 'buttonName', 'buttonStyle']).where('cgformHeadId', '=', cgformId).orderBy('orderNum').execute();
}

/** authButton/{cgformId}: the rules of its buttons and the form's custom buttons. */
export async function buttonRules(db: Db, cgformId: string) {
  const head = await headOf(db, cgformId);
  const authList = (await rulesOf(db, cgformId, AUTH_TYPE.button)).map(ruleOut);
  const out: Record<string, unknown> = { authList, buttonList: await customButtons(db, cgformId) };
  if (Number(head.tableType) === 3) {
    const main = await db.selectFrom('onlCgformHead').select(['themeTemplate', 'subTableStr']).where('tableType', '=', 2).execute();
    const owner = main.find((m) => (m.subTableStr ?? '').split(',').map((s) => s.trim()).includes(head.tableName));
    out.mainRelationType = head.relationType ?? 0;
    out.mainThemeTemplate = owner?.themeTemplate ?? 'normal';
  }
  return out;
}

function ruleOut(r: { id: string; cgformId: string; code: string; type: number; control: number; page: number; status: number }) {
  return { id: r.id, cgformId: r.cgformId, code: r.code, type: r.type, control: r.control, page: r.page, status: r.status };
}

/** Puts a button under rule; answers the rule (its id is what roles are granted). */
export async function enableButton(db: Db, input: { cgformId: string; code: string; page: number }, actor: Actor) {
  await headOf(db, input.cgformId);
  const id = await db.transaction().execute((trx) => setRule(trx, input.cgformId, AUTH_TYPE.button, input.code, input.page, CONTROL.visible, 1, actor));
  return ruleOut((await db.selectFrom('onlAuthPage').selectAll().where('id', '=', id).executeTakeFirstOrThrow()));
}

export async function disableButton(db: Db, id: string, actor: Actor): Promise<void> {
  const n = await db.updateTable('onlAuthPage').set({ status: 0, updateBy: actor.username, updateTime: actor.at }).where('id', '=', id).where('type', '=', AUTH_TYPE.button).executeTakeFirst();
  if (!Number(n.numUpdatedRows)) throw new BizError('按钮权限不存在');
}

/** authPage/{cgformId}/{type}: the enabled rules of a kind, with the names 角色授权 shows. */
export async function enabledRules(db: Db, cgformId: string, type: number) {
  await headOf(db, cgformId);
  const rules = (await rulesOf(db, cgformId, type)).filter((r) => r.status === 1);
  const names = new Map<string, string>();
  if (type === AUTH_TYPE.field) for (const f of await fieldsOf(db, cgformId)) names.set(f.dbFieldName, f.dbFieldTxt || f.dbFieldName);
  else for (const b of await customButtons(db, cgformId)) names.set(b.buttonCode, b.buttonName);
  const order = [...names.keys()];
  return rules
    .filter((r) => type !== AUTH_TYPE.field || names.has(r.code))
    .sort((a, b) => order.indexOf(a.code) - order.indexOf(b.code) || a.page - b.page || b.control - a.control)
    .map((r) => ({ ...ruleOut(r), title: names.get(r.code) ?? AUTH_BUILT_IN_BUTTONS.find((b) => b.code === r.code)?.title ?? r.code }));
}

// ---- data rules (数据权限) ----

export interface DataRuleInput {
  id?: string;
  cgformId: string;
  ruleName: string;
  ruleColumn?: string | null;
  ruleOperator: string;
  ruleValue?: string | null;
  status?: 0 | 1;
}

async function checkDataRule(db: Db, r: DataRuleInput) {
  await headOf(db, r.cgformId);
  if (r.ruleOperator === USE_SQL_RULES) throw new BizError('不支持自定义SQL规则，请选择规则字段和条件');
  if (!DATA_RULE_CONDITIONS.includes(r.ruleOperator.toUpperCase())) throw new BizError(`不支持的条件规则：${r.ruleOperator.slice(0, 20)}`);
  const column = r.ruleColumn?.trim() ?? '';
  const fields = await fieldsOf(db, r.cgformId);
  if (!fields.some((f) => f.dbFieldName === column && f.dbIsPersist !== 0)) throw new BizError('请选择表单的字段作为规则字段');
  return { ruleName: r.ruleName.trim(), ruleColumn: column, ruleOperator: r.ruleOperator.toUpperCase(), ruleValue: r.ruleValue ?? '', status: r.status ?? 1 };
}

const DATA_COLUMNS = ['id', 'cgformId', 'ruleName', 'ruleColumn', 'ruleOperator', 'ruleValue', 'status', 'createBy', 'createTime', 'updateBy', 'updateTime'] as const;

export async function dataRules(db: Db, cgformId: string, enabledOnly = false) {
  await headOf(db, cgformId);
  let qb = db.selectFrom('onlAuthData').select(DATA_COLUMNS).where('cgformId', '=', cgformId);
  if (enabledOnly) qb = qb.where('status', '=', 1);
  return qb.orderBy('createTime').orderBy('id').execute();
}

export async function addDataRule(db: Db, input: DataRuleInput, actor: Actor): Promise<string> {
  const values = await checkDataRule(db, input);
  const id = newId();
  await db.insertInto('onlAuthData').values({ id, cgformId: input.cgformId, ...values, createBy: actor.username, createTime: actor.at }).execute();
  return id;
}

export async function editDataRule(db: Db, input: DataRuleInput & { id: string }, actor: Actor): Promise<void> {
  const values = await checkDataRule(db, input);
  const n = await db.updateTable('onlAuthData').set({ ...values, updateBy: actor.username, updateTime: actor.at }).where('id', '=', input.id).where('cgformId', '=', input.cgformId).executeTakeFirst();
  if (!Number(n.numUpdatedRows)) throw new BizError('数据权限不存在');
}

export async function deleteDataRule(db: Db, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const n = await trx.deleteFrom('onlAuthData').where('id', '=', id).executeTakeFirst();
    if (!Number(n.numDeletedRows)) throw new BizError('数据权限不存在');
    await trx.deleteFrom('onlAuthRelation').where('authId', '=', id).where('type', '=', AUTH_TYPE.data).execute();
  });
}

// ---- grants (角色授权, and the original client's 部门授权 / 人员授权) ----

export type AuthMode = 'role' | 'depart' | 'user';

function modeOf(authMode: string | undefined): AuthMode {
  if (!authMode || authMode === 'role') return 'role';
  if (authMode === 'depart' || authMode === 'user') return authMode;
  throw new BizError('授权方式不正确');
}

/** The role, department or user granted to, when it belongs to the caller's tenant. */
async function demandHolder(db: Db, caller: Caller, mode: AuthMode, id: string): Promise<void> {
  if (mode === 'role') {
    await visibleRole(db as any, caller, id);
    return;
  }
  const found =
    mode === 'user'
      ? await whereTenant(db.selectFrom('sysUserTenant').select('userId').where('userId', '=', id).where('status', '=', '1'), caller).executeTakeFirst()
      : await whereTenant(db.selectFrom('sysDepart').select('id').where('id', '=', id).where('delFlag', '=', '0'), caller).executeTakeFirst();
  if (!found) throw new BizError(mode === 'user' ? '用户不存在' : '部门不存在');
}

/** roleAuth: the rules of one kind of the form that the role (department, user) holds. */
export async function roleGrants(db: Db, caller: Caller, q: { roleId: string; cgformId: string; type: number; authMode?: string }) {
  const mode = modeOf(q.authMode);
  await demandHolder(db, caller, mode, q.roleId);
  return db
    .selectFrom('onlAuthRelation')
    .select(['id', 'roleId', 'authId', 'type', 'cgformId', 'authMode'])
    .where('roleId', '=', q.roleId)
    .where('cgformId', '=', q.cgformId)
    .where('type', '=', q.type)
    .where('authMode', '=', mode)
    .execute();
}

/** role*Auth/{roleId}/{cgformId}: the role (department, user) holds exactly these rules of one kind of the form. */
export async function saveRoleGrants(db: Db, caller: Caller, roleId: string, cgformId: string, type: number, authIds: string[], authMode?: string): Promise<void> {
  const mode = modeOf(authMode);
  await headOf(db, cgformId);
  await demandHolder(db, caller, mode, roleId);
  const ids = [...new Set(authIds)];
  if (ids.length) {
    const known =
      type === AUTH_TYPE.data
        ? await db.selectFrom('onlAuthData').select('id').where('cgformId', '=', cgformId).where('id', 'in', ids).execute()
        : await db.selectFrom('onlAuthPage').select('id').where('cgformId', '=', cgformId).where('type', '=', type).where('id', 'in', ids).execute();
    if (known.length !== ids.length) throw new BizError('授权的权限不属于该表单');
  }
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('onlAuthRelation').where('roleId', '=', roleId).where('cgformId', '=', cgformId).where('type', '=', type).where('authMode', '=', mode).execute();
    for (const authId of ids) await trx.insertInto('onlAuthRelation').values({ id: newId(), roleId, authId, type, cgformId, authMode: mode }).execute();
  });
}

