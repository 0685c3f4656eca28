import { cgformSaveBody, FORM_TABLE_TYPES } from '@anxue/shared';
import type { Db, DialectName } from '../../../core/db';
import { formatDateTime, newId } from '../../../core/db/time';
import { BizError } from '../../../core/errors';
import { addForm, checkTableName, fieldsOf, headById, indexesOf, linkSub, type Actor, type HeadRow } from './definition';
import { createFormPermissions, removeFormPermissions } from './form-permission';
import { removeFormButtons } from './buttons/button-permission';
import { dropTable } from './sync/engine';
import { tableExists } from './sync/introspect';

// Removing and copying forms (issue 15).

/**
 * Removes forms by id: their definitions, copy views and per-form rights, and with `dropTables` their
 * physical tables (a copy view never drops the table it shares). A main form whose sub forms stay is
 * refused: remove the subs first or with it.
 */
export async function removeForms(db: Db, dialect: DialectName, ids: string[], dropTables: boolean): Promise<number> {
  const heads: HeadRow[] = [];
  for (const id of new Set(ids)) heads.push(await headById(db, id));
  const leaving = new Set(heads.filter((h) => h.copyType !== 1).map((h) => h.tableName));
  for (const h of heads) {
    if (h.copyType === 1 || h.tableType !== FORM_TABLE_TYPES.main) continue;
    const subs = await db.selectFrom('onlCgformField as f').innerJoin('onlCgformHead as h', 'h.id', 'f.cgformHeadId').select('h.tableName').where('f.mainTable', '=', h.tableName).where('h.copyType', '=', 0).execute();
    const staying = [...new Set(subs.map((s) => s.tableName))].filter((s) => !leaving.has(s));
    if (staying.length) throw new BizError(`主表 ${h.tableName} 还有附表 ${staying.join('、')}，请先删除附表或一并删除`);
  }
  for (const h of heads) {
    const copies = h.copyType === 1 ? [] : await db.selectFrom('onlCgformHead').selectAll().where('physicId', '=', h.id).execute();
    for (const form of [...copies, h]) {
      await db.deleteFrom('onlCgformField').where('cgformHeadId', '=', form.id).execute();
      await db.deleteFrom('onlCgformIndex').where('cgformHeadId', '=', form.id).execute();
      await db.deleteFrom('onlCgformHead').where('id', '=', form.id).execute();
      await removeFormPermissions(db, form.tableName);
      await removeFormButtons(db, form.id, form.tableName);
    }
    if (h.copyType === 1) continue;
    if (h.tableType === FORM_TABLE_TYPES.sub) await linkSub(db, h.tableName, null);
    if (dropTables && (await tableExists(db, dialect, h.tableName))) await dropTable(db, h.tableName);
  }
  return heads.length;
}

/** copyOnline: a copy view of an original form, sharing its table (copy_type 1, physic_id), named <table>$<n>. */
export async function copyView(db: Db, id: string, actor: Actor & { userId: string }, now: Date): Promise<string> {
  const head = await headById(db, id);
  if (head.copyType === 1) throw new BizError('只能复制原表，不能复制视图');
  const last = await db.selectFrom('onlCgformHead').select((eb) => eb.fn.max('copyVersion').as('v')).where('physicId', '=', head.id).executeTakeFirst();
  const version = Number(last?.v ?? 0) + 1;
  const stamp = formatDateTime(now);
  const copyId = newId();
  const { id: _id, createBy: _cb, createTime: _ct, updateBy: _ub, updateTime: _ut, ...rest } = head;
  const tableName = `${head.tableName}$${version}`;
  await db
    .insertInto('onlCgformHead')
    .values({ ...rest, id: copyId, tableName, copyType: 1, physicId: head.id, copyVersion: version, tableVersion: 1, subTableStr: null, tenantId: actor.tenantId, createBy: actor.username, createTime: stamp })
    .execute();
  for (const f of await fieldsOf(db, head.id)) {
    const { id: _fid, cgformHeadId: _h, createBy: _a, createTime: _b, updateBy: _c, updateTime: _d, ...fr } = f;
    await db.insertInto('onlCgformField').values({ ...fr, id: newId(), cgformHeadId: copyId, dbFieldNameOld: null, createBy: actor.username, createTime: stamp }).execute();
  }
  await createFormPermissions(db, { tableName, tableTxt: head.tableTxt }, actor.userId, now);
  return copyId;
}

/** copyOnlineTable: a new form with the same definition under a new table name, not synced. */
export async function copyTable(db: Db, dialect: DialectName, id: string, tableName: string, actor: Actor & { userId: string }, now: Date): Promise<string> {
  const head = await headById(db, id);
  const name = tableName.trim().toLowerCase();
  if (name === head.tableName) throw new BizError('新表名和旧表名不能一致');
  await checkTableName(db, dialect, name);
  const fields = await fieldsOf(db, head.id);
  const indexes = await indexesOf(db, head.id);
  const body = cgformSaveBody.parse({
    head: { ...head, id: undefined, tableName: name, subTableStr: undefined },
    fields: fields.map((f) => ({ ...f, id: undefined, dbFieldNameOld: undefined })),
    indexs: indexes.map((x) => ({ indexName: x.indexName, indexField: x.indexField, indexType: x.indexType ?? 'normal' })),
  });
  // a copied main form has no subs yet; a copied sub joins the same main
  const created = await addForm(db, dialect, body, actor, now);
  await createFormPermissions(db, { tableName: name, tableTxt: head.tableTxt }, actor.userId, now);
  return created;
}
