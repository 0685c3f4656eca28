import { sql, type Insertable, type Selectable } from 'kysely';
import { FORM_TABLE_TYPES, FORM_TENANT_COLUMN, formNameProblem, type CgformFieldInput, type CgformIndexInput, type CgformSaveBody } from '@anxue/shared';
import type { Db, DialectName } from '../../../core/db';
import type { OnlCgformFieldTable, OnlCgformHeadTable } from '../../../core/db/tables/online-form';
import { formatDateTime, newId } from '../../../core/db/time';
import { BizError } from '../../../core/errors';
import { renameFormPermissions } from './form-permission';
import { renameFormButtons } from './buttons/button-permission';
import { desiredColumns, isNumericKind, shapeOf } from './sync/columns';
import { planSync } from './sync/engine';
import { tableExists } from './sync/introspect';

// Form definitions (issue 15): saving a head with its fields and indexes as the original's CgformModal sends
// them, checked before anything is stored. Saving never touches the physical table except to follow a
// rename; the sync (sync-service.ts) makes the table match.

export type HeadRow = Selectable<OnlCgformHeadTable>;
export type FieldRow = Selectable<OnlCgformFieldTable>;

export interface Actor {
  username: string;
  tenantId: number;
}


export async function headById(db: Db, id: string): Promise<HeadRow> {
  const head = await db.selectFrom('onlCgformHead').selectAll().where('id', '=', id).executeTakeFirst();
  if (!head) throw new BizError('未找到对应的表单');
  return head;
}

export async function fieldsOf(db: Db, headId: string): Promise<FieldRow[]> {
  return db.selectFrom('onlCgformField').selectAll().where('cgformHeadId', '=', headId).orderBy('orderNum').orderBy('id').execute();
}

export async function indexesOf(db: Db, headId: string) {
  return db.selectFrom('onlCgformIndex').selectAll().where('cgformHeadId', '=', headId).where('delFlag', '=', 0).orderBy('createTime').orderBy('id').execute();
}

/** The physical table a form reads and writes: its own, or for a copy view its original's. */
export async function physicalTableOf(db: Db, head: Pick<HeadRow, 'tableName' | 'copyType' | 'physicId'>): Promise<string> {
  if (head.copyType !== 1 || !head.physicId) return head.tableName;
  return (await headById(db, head.physicId)).tableName;
}

/** Checks a table name for a new or renamed form: pattern, reserved words, system tables, other forms and tables. */
export async function checkTableName(db: Db, dialect: DialectName, name: string, selfId?: string, adoptExisting = false): Promise<void> {
  const problem = formNameProblem(name, '表名');
  if (problem) throw new BizError(problem);
  const other = await db.selectFrom('onlCgformHead').select('id').where('tableName', '=', name).$if(!!selfId, (q) => q.where('id', '<>', selfId!)).executeTakeFirst();
  if (other) throw new BizError(`表名 ${name} 已被其他表单使用`);
  if (!adoptExisting && (await tableExists(db, dialect, name))) throw new BizError(`数据库中已存在表 ${name}（不是在线表单创建的），不能使用`);
}

/** Checks fields, indexes and the head's tree and sub-table settings together. */
async function checkDefinition(db: Db, body: CgformSaveBody): Promise<void> {
  const { head, fields, indexs } = body;
  const names = new Set<string>();
  for (const f of fields) {
    const problem = formNameProblem(f.dbFieldName, '字段名');
    if (problem) throw new BizError(problem);
    if (names.has(f.dbFieldName)) throw new BizError(`字段名 ${f.dbFieldName} 重复`);
    names.add(f.dbFieldName);
    if (f.dbFieldName === FORM_TENANT_COLUMN) throw new BizError(`${FORM_TENANT_COLUMN} 是系统保留字段（租户），不能定义`);
    if (f.dbIsKey === 1 && f.dbFieldName !== 'id') throw new BizError(`主键只能是 id 字段，${f.dbFieldName} 不能设为主键`);
    checkDefault(f);
  }
  const id = fields.find((f) => f.dbFieldName === 'id');
  if (!id) throw new BizError('表单必须有主键字段 id');
  if (id.dbType !== 'string' || (id.dbLength ?? 0) < 32) throw new BizError('主键字段 id 必须是 String 类型，长度不小于32');
  if (id.dbIsPersist === 0) throw new BizError('主键字段 id 必须同步数据库');

  const indexNames = new Set<string>();
  for (const ix of indexs) checkIndex(ix, head.tableName, names, indexNames);

  if (head.isTree === 'Y') {
    if (head.tableType === FORM_TABLE_TYPES.sub) throw new BizError('附表不能是树表');
    const treeFields = [
      ['树表父ID字段', head.treeParentIdField, (f: string) => `树表父ID字段 ${f} 不是表单的字段`],
      ['是否有子节点字段', head.treeIdField, (f: string) => `是否有子节点字段 ${f} 不是表单的字段`],
    ] as const;
    for (const [label, f, notAField] of treeFields) {
      if (!f) throw new BizError(`树表需要设置${label}`);
      if (!names.has(f)) throw new BizError(notAField(f));
    }
    if (head.treeFieldname && !names.has(head.treeFieldname)) throw new BizError(`树开表单列 ${head.treeFieldname} 不是表单的字段`);
  }

  const keys = fields.filter((f) => f.mainTable || f.mainField);
  if (keys.length > 1) throw new BizError('外键只允许配置一个!');
  if (head.tableType === FORM_TABLE_TYPES.sub) {
    const fk = keys[0];
    if (!fk?.mainTable || !fk.mainField) throw new BizError('附表需要配置外键：一个字段的主表名与主表字段');
    if (fk.mainTable === head.tableName) throw new BizError('外键的主表不能是附表自己');
    const main = await db.selectFrom('onlCgformHead').select(['id', 'tableType']).where('tableName', '=', fk.mainTable).where('copyType', '=', 0).executeTakeFirst();
    if (!main) throw new BizError(`外键的主表 ${fk.mainTable} 不是已定义的表单`);
    if (main.tableType !== FORM_TABLE_TYPES.main) throw new BizError(`外键的主表 ${fk.mainTable} 不是主表（表类型应为主表）`);
    const mainField = await db.selectFrom('onlCgformField').select('id').where('cgformHeadId', '=', main.id).where('dbFieldName', '=', fk.mainField).executeTakeFirst();
    if (!mainField) throw new BizError(`主表 ${fk.mainTable} 没有字段 ${fk.mainField}`);
  } else if (keys.length) {
    throw new BizError('只有附表可以配置外键');
  }
}

function checkDefault(f: CgformFieldInput): void {
  const v = f.dbDefaultVal?.trim();
  if (!v) return;
  const shape = shapeOf(f.dbType, f.dbLength ?? 0, f.dbPointLength ?? null);
  if (isNumericKind(shape.kind) && !/^-?\d+(\.\d+)?$/.test(v)) throw new BizError(`字段 ${f.dbFieldName} 的默认值应为数字`);
  if (shape.kind === 'integer' || shape.kind === 'bigint') {
    if (!/^-?\d+$/.test(v)) throw new BizError(`字段 ${f.dbFieldName} 的默认值应为整数`);
  }
  if (shape.kind === 'varchar' && v.length > (shape.length ?? 0)) throw new BizError(`字段 ${f.dbFieldName} 的默认值超过字段长度`);
}

function checkIndex(ix: CgformIndexInput, table: string, fieldNames: Set<string>, seen: Set<string>): void {
  const problem = formNameProblem(ix.indexName, '字段名');
  if (problem) throw new BizError(problem.replace('字段名', '索引名'));
  if (seen.has(ix.indexName)) throw new BizError(`索引名 ${ix.indexName} 重复`);
  seen.add(ix.indexName);
  if (`${table}_${ix.indexName}`.length > 63) throw new BizError(`索引名 ${ix.indexName} 过长（表名加索引名不能超过62个字符）`);
  for (const f of ix.indexField.split(',').map((s) => s.trim())) {
    if (!fieldNames.has(f)) throw new BizError(`索引 ${ix.indexName} 的栏位 ${f} 不是表单的字段`);
  }
}

function headValues(body: CgformSaveBody): Omit<Insertable<OnlCgformHeadTable>, 'id' | 'tableVersion' | 'copyType' | 'isDbSynch'> {
  const h = body.head;
  return {
    tableName: h.tableName,
    tableTxt: h.tableTxt,
    tableType: h.tableType,
    relationType: h.tableType === FORM_TABLE_TYPES.sub ? (h.relationType ?? 0) : (h.relationType ?? null),
    tabOrderNum: h.tabOrderNum ?? null,
    isCheckbox: h.isCheckbox ?? 'Y',
    isPage: h.isPage ?? 'Y',
    isTree: h.isTree ?? 'N',
    treeParentIdField: h.isTree === 'Y' ? (h.treeParentIdField ?? null) : null,
    treeIdField: h.isTree === 'Y' ? (h.treeIdField ?? null) : null,
    treeFieldname: h.isTree === 'Y' ? (h.treeFieldname ?? null) : null,
    queryMode: h.queryMode ?? 'single',
    idSequence: h.idSequence ?? null,
    idType: h.idType ?? 'UUID',
    formCategory: h.formCategory || 'bdfl_ptbd',
    formTemplate: h.formTemplate ?? null,
    formTemplateMobile: h.formTemplateMobile ?? null,
    themeTemplate: h.themeTemplate ?? 'normal',
    scroll: h.scroll ?? 0,
    extConfigJson: h.extConfigJson ?? null,
    isDesForm: h.isDesForm ?? null,
    desFormCode: h.desFormCode ?? null,
  };
}

function fieldValues(f: CgformFieldInput, order: number): Omit<Insertable<OnlCgformFieldTable>, 'id' | 'cgformHeadId'> {
  const shape = shapeOf(f.dbType, f.dbLength ?? 0, f.dbPointLength ?? null);
  return {
    dbFieldName: f.dbFieldName,
    dbFieldTxt: f.dbFieldTxt ?? f.dbFieldName,
    dbIsKey: f.dbFieldName === 'id' ? 1 : 0,
    dbIsNull: f.dbFieldName === 'id' ? 0 : (f.dbIsNull ?? 1),
    dbIsPersist: f.dbIsPersist ?? 1,
    dbType: f.dbType,
    dbLength: shape.kind === 'varchar' || shape.kind === 'numeric' ? (f.dbLength ?? shape.length ?? 0) || (shape.length ?? 0) : (f.dbLength ?? 0),
    dbPointLength: f.dbPointLength ?? 0,
    dbDefaultVal: f.dbDefaultVal?.trim() || null,
    dictField: f.dictField ?? null,
    dictTable: f.dictTable ?? null,
    dictText: f.dictText ?? null,
    fieldShowType: f.fieldShowType ?? 'text',
    fieldHref: f.fieldHref ?? null,
    fieldLength: f.fieldLength ?? 200,
    fieldValidType: f.fieldValidType ?? null,
    fieldMustInput: f.fieldMustInput ?? '0',
    fieldExtendJson: f.fieldExtendJson ?? null,
    fieldDefaultValue: f.fieldDefaultValue ?? null,
    isQuery: f.isQuery ?? 0,
    isShowForm: f.isShowForm ?? 1,
    isShowList: f.isShowList ?? 1,
    isReadOnly: f.isReadOnly ?? 0,
    queryMode: f.queryMode ?? 'single',
    mainTable: f.mainTable || null,
    mainField: f.mainField || null,
    orderNum: f.orderNum ?? order,
    converter: f.converter ?? null,
    queryDefVal: f.queryDefVal ?? null,
    queryDictText: f.queryDictText ?? null,
    queryDictField: f.queryDictField ?? null,
    queryDictTable: f.queryDictTable ?? null,
    queryShowType: f.queryShowType ?? null,
    queryConfigFlag: f.queryConfigFlag ?? '0',
    queryValidType: f.queryValidType ?? null,
    queryMustInput: f.queryMustInput ?? '0',
    sortFlag: f.sortFlag ?? '0',
  };
}

/** Keeps the main form's sub_table_str listing its subs: removes `sub` from every main, then adds it to `main`. */
export async function linkSub(db: Db, sub: string, main: string | null): Promise<void> {
  const mains = await db.selectFrom('onlCgformHead').select(['id', 'tableName', 'subTableStr']).where('subTableStr', 'like', `%${sub}%`).execute();
  for (const m of mains) {
    const list = (m.subTableStr ?? '').split(',').filter((s) => s && s !== sub);
    await db.updateTable('onlCgformHead').set({ subTableStr: list.join(',') || null }).where('id', '=', m.id).execute();
  }
  if (!main) return;
  const target = await db.selectFrom('onlCgformHead').select(['id', 'subTableStr']).where('tableName', '=', main).where('copyType', '=', 0).executeTakeFirst();
  if (!target) return;
  const list = (target.subTableStr ?? '').split(',').filter(Boolean);
  if (!list.includes(sub)) list.push(sub);
  await db.updateTable('onlCgformHead').set({ subTableStr: list.join(',') }).where('id', '=', target.id).execute();
}

function mainTableOf(body: CgformSaveBody): string | null {
  if (body.head.tableType !== FORM_TABLE_TYPES.sub) return null;
  return body.fields.find((f) => f.mainTable)?.mainTable ?? null;
}

/**
 * addAll: a new form (not synced), in the caller's transaction. Answers the new head's id. `adoptExisting`:
 * the form describes a table already in the database (从数据库导入, cgform/dbimport).
 */
export async function addForm(db: Db, dialect: DialectName, body: CgformSaveBody, actor: Actor, now: Date, adoptExisting = false): Promise<string> {
  await checkTableName(db, dialect, body.head.tableName, undefined, adoptExisting);
  await checkDefinition(db, body);
  const stamp = formatDateTime(now);
  const id = newId();
  await db
    .insertInto('onlCgformHead')
    .values({ id, ...headValues(body), tableVersion: 1, copyType: 0, isDbSynch: 'N', tenantId: actor.tenantId, createBy: actor.username, createTime: stamp })
    .execute();
  for (const [i, f] of body.fields.entries()) {
    await db.insertInto('onlCgformField').values({ id: newId(), cgformHeadId: id, ...fieldValues(f, i), createBy: actor.username, createTime: stamp }).execute();
  }
  for (const ix of body.indexs) {
    await db
      .insertInto('onlCgformIndex')
      .values({ id: newId(), cgformHeadId: id, indexName: ix.indexName, indexField: normaliseIndexField(ix.indexField), indexType: ix.indexType, isDbSynch: 'N', createBy: actor.username, createTime: stamp })
      .execute();
  }
  if (body.head.tableType === FORM_TABLE_TYPES.sub) await linkSub(db, body.head.tableName, mainTableOf(body));
  return id;
}

const normaliseIndexField = (s: string) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)
    .join(',');

export interface EditOutcome {
  headId: string;
  renamedFrom: string | null;
}

/**
 * editAll: the whole definition replaces the stored one (fields and indexes missing from the body are
 * removed). A renamed field remembers the name its column has in the table (db_field_name_old) until the
 * next sync; a renamed table is renamed in the database at once, data kept, and so are the rights of the form
 * and of its copy views. The form is marked not synced
 * when its table no longer matches.
 */
export async function editForm(db: Db, dialect: DialectName, body: CgformSaveBody, actor: Actor, now: Date): Promise<EditOutcome> {
  if (!body.head.id) throw new BizError('缺少表单ID');
  const head = await headById(db, body.head.id);
  if (head.copyType === 1) {
    if (body.head.tableName !== head.tableName) throw new BizError('复制视图不能修改表名');
    const stored = new Map((await fieldsOf(db, head.id)).map((f) => [f.id, f]));
    for (const f of body.fields) {
      const old = f.id ? stored.get(f.id) : undefined;
      if (!old) throw new BizError('复制视图与原表共用数据库表，不能新增字段');
      const same =
        old.dbFieldName === f.dbFieldName && old.dbType === f.dbType && (f.dbLength === undefined || old.dbLength === f.dbLength) && (f.dbPointLength === undefined || (old.dbPointLength ?? 0) === f.dbPointLength) && (old.dbIsPersist ?? 1) === (f.dbIsPersist ?? 1);
      if (!same) throw new BizError(`复制视图与原表共用数据库表，不能修改字段 ${old.dbFieldName} 的数据库属性`);
    }
  }
  if (head.copyType !== 1 && head.tableType === FORM_TABLE_TYPES.main && body.head.tableType !== FORM_TABLE_TYPES.main) {
    const subs = (head.subTableStr ?? '').split(',').filter(Boolean);
    if (subs.length) throw new BizError(`表单还有附表 ${subs.join('、')}，不能改为非主表`);
  }
  if (head.copyType !== 1 && body.head.tableName !== head.tableName) {
    await checkTableName(db, dialect, body.head.tableName, head.id);
    if (head.tableType === FORM_TABLE_TYPES.main) {
      const subs = (head.subTableStr ?? '').split(',').filter(Boolean);
      if (subs.length) {
        // subs keep pointing at their main by name
        await db.updateTable('onlCgformField').set({ mainTable: body.head.tableName }).where('mainTable', '=', head.tableName).execute();
      }
    }
  }
  await checkDefinition(db, body);
  const stamp = formatDateTime(now);
  const stored = await fieldsOf(db, head.id);
  const byId = new Map(stored.map((f) => [f.id, f]));
  const byName = new Map(stored.map((f) => [f.dbFieldName, f]));
  const kept = new Set<string>();
  for (const [i, f] of body.fields.entries()) {
    const old = (f.id && byId.get(f.id)) || byName.get(f.dbFieldName);
    if (old && !kept.has(old.id)) {
      kept.add(old.id);
      const renamedFrom = old.dbFieldName !== f.dbFieldName ? (old.dbFieldNameOld ?? old.dbFieldName) : old.dbFieldNameOld;
      await db
        .updateTable('onlCgformField')
        .set({ ...fieldValues(f, i), dbFieldNameOld: renamedFrom && renamedFrom !== f.dbFieldName ? renamedFrom : null, updateBy: actor.username, updateTime: stamp })
        .where('id', '=', old.id)
        .execute();
    } else {
      await db.insertInto('onlCgformField').values({ id: newId(), cgformHeadId: head.id, ...fieldValues(f, i), createBy: actor.username, createTime: stamp }).execute();
    }
  }
  const gone = stored.filter((f) => !kept.has(f.id)).map((f) => f.id);
  if (gone.length) await db.deleteFrom('onlCgformField').where('cgformHeadId', '=', head.id).where('id', 'in', gone).execute();

  const storedIndexes = await indexesOf(db, head.id);
  const ixById = new Map(storedIndexes.map((x) => [x.id, x]));
  const keptIx = new Set<string>();
  for (const ix of body.indexs) {
    const old = ix.id ? ixById.get(ix.id) : undefined;
    const values = { indexName: ix.indexName, indexField: normaliseIndexField(ix.indexField), indexType: ix.indexType };
    if (old) {
      keptIx.add(old.id);
      const changed = old.indexName !== values.indexName || old.indexField !== values.indexField || old.indexType !== values.indexType;
      await db
        .updateTable('onlCgformIndex')
        .set({ ...values, ...(changed ? { isDbSynch: 'N', indexNameOld: old.indexName } : {}), updateBy: actor.username, updateTime: stamp })
        .where('id', '=', old.id)
        .execute();
    } else {
      await db.insertInto('onlCgformIndex').values({ id: newId(), cgformHeadId: head.id, ...values, isDbSynch: 'N', createBy: actor.username, createTime: stamp }).execute();
    }
  }
  const goneIx = storedIndexes.filter((x) => !keptIx.has(x.id)).map((x) => x.id);
  if (goneIx.length) await db.deleteFrom('onlCgformIndex').where('id', 'in', goneIx).execute();

  let renamedFrom: string | null = null;
  if (head.copyType === 1 || body.head.tableName === head.tableName) {
    await renameFormPermissions(db, head.tableName, head.tableName, body.head.tableTxt); // the buttons' names follow the description
  } else {
    renamedFrom = head.tableName;
    if (await tableExists(db, dialect, head.tableName)) {
      await sql`alter table ${sql.id(head.tableName)} rename to ${sql.id(body.head.tableName)}`.execute(db);
    }
    if (head.tableType === FORM_TABLE_TYPES.sub) await linkSub(db, head.tableName, null);
    // copy views are named after their original
    await renameFormPermissions(db, head.tableName, body.head.tableName, body.head.tableTxt);
    await renameFormButtons(db, head.id, head.tableName, body.head.tableName, body.head.tableTxt);
    const copies = await db.selectFrom('onlCgformHead').select(['id', 'tableName', 'tableTxt']).where('physicId', '=', head.id).execute();
    for (const c of copies) {
      const copyName = `${body.head.tableName}${c.tableName.slice(head.tableName.length)}`;
      await db.updateTable('onlCgformHead').set({ tableName: copyName }).where('id', '=', c.id).execute();
      await renameFormPermissions(db, c.tableName, copyName, c.tableTxt);
      await renameFormButtons(db, c.id, c.tableName, copyName, c.tableTxt);
    }
  }
  const values = headValues(body);
  await db
    .updateTable('onlCgformHead')
    .set({ ...values, ...(head.copyType === 1 ? { tableType: head.tableType } : {}), tableVersion: (head.tableVersion ?? 1) + 1, updateBy: actor.username, updateTime: stamp })
    .where('id', '=', head.id)
    .execute();
  if (head.copyType !== 1) {
    if (body.head.tableType === FORM_TABLE_TYPES.sub) await linkSub(db, body.head.tableName, mainTableOf(body));
    else if (head.tableType === FORM_TABLE_TYPES.sub) await linkSub(db, head.tableName, null);
    await db.updateTable('onlCgformHead').set({ isDbSynch: (await inSync(db, dialect, head.id)) ? 'Y' : 'N' }).where('id', '=', head.id).execute();
  }
  return { headId: head.id, renamedFrom };
}

/** True when the form's table exists and matches its fields and indexes. */
export async function inSync(db: Db, dialect: DialectName, headId: string): Promise<boolean> {
  const head = await headById(db, headId);
  const plan = await planSync(db, dialect, head.tableName, desiredColumns(await fieldsOf(db, headId)));
  if (plan.create || plan.steps.length) return false;
  const pending = await db.selectFrom('onlCgformIndex').select('id').where('cgformHeadId', '=', headId).where('isDbSynch', '=', 'N').where('delFlag', '=', 0).executeTakeFirst();
  return !pending;
}

export type { FieldRow as CgformFieldRow };
