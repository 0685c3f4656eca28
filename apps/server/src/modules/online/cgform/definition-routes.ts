import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cgformSaveBody, FORM_SYNC_METHODS, formNameProblem, type FormSyncMethod } from '@anxue/shared';
import { currentUser } from '../../../core/access';
import { formatDateTime } from '../../../core/db/time';
import { BizError } from '../../../core/errors';
import { ok } from '../../../core/http';
import { applyFilters, applySort, fetchPage, parseListQuery, type FieldDef } from '../../../core/query';
import { addForm, editForm, fieldsOf, headById, indexesOf } from './definition';
import { createFormPermissions, renameFormPermissions } from './form-permission';
import { copyTable, copyView, removeForms } from './lifecycle';
import { syncForm } from './sync-service';
import { tableExists } from './sync/introspect';

// Online表单开发 (issue 15): the original client's calls to define forms (cgform.api.ts) and sync them to the
// database. Form definitions are install-wide, as the original's (their tables are).

const tags = ['Online表单开发'];
const P = 'online:cgform';

const id = z.string({ error: '缺少表单ID' }).regex(/^[A-Za-z0-9_-]{1,64}$/, '表单ID格式不正确');
const idQuery = z.object({ id });
const headIdQuery = z.object({ headId: id });
const listQuery = z.record(z.string().max(100, '查询参数名过长'), z.union([z.string().max(500, '查询条件过长'), z.array(z.string().max(500)).max(20)]));

const LIST_FIELDS: FieldDef[] = [
  { name: 'tableName', type: 'string' },
  { name: 'tableTxt', type: 'string' },
  { name: 'tableType', type: 'int' },
  { name: 'isDbSynch', type: 'string' },
  { name: 'isTree', type: 'string' },
  { name: 'copyType', type: 'int' },
  { name: 'physicId', type: 'string' },
  { name: 'tableVersion', type: 'int' },
  { name: 'createTime', type: 'datetime' },
  { name: 'updateTime', type: 'datetime' },
];

/** The head's settings that do not change the table (head/edit, e.g. the extended JSON). */
const headEditBody = z.object({
  id,
  tableTxt: z.string().trim().min(1, '请输入表描述').max(200, '表描述最长200个字').optional(),
  extConfigJson: z.string().max(4000).nullish(),
  isCheckbox: z.enum(['Y', 'N']).optional(),
  isPage: z.enum(['Y', 'N']).optional(),
  queryMode: z.string().max(10).nullish(),
  formTemplate: z.string().max(50).nullish(),
  formTemplateMobile: z.string().max(50).nullish(),
  themeTemplate: z.string().max(50).nullish(),
  scroll: z.coerce.number().int().min(0).max(1).nullish(),
  tabOrderNum: z.coerce.number().int().min(0).max(100000).nullish(),
  isDesForm: z.string().max(2).nullish(),
  desFormCode: z.string().max(50).nullish(),
});

export const cgformDefinitionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, dialect, clock } = app.ctx;
  const actorOf = (req: Parameters<typeof currentUser>[0]) => {
    const u = currentUser(req);
    return { username: u.username, tenantId: u.tenantId, userId: u.id };
  };

  app.get(
    '/online/cgform/head/list',
    { config: { permission: `${P}:list` }, schema: { tags, summary: '表单列表（分页）', querystring: listQuery } },
    async (req) => {
      const params: Record<string, unknown> = { ...req.query };
      const types = params.tableType_MultiString;
      delete params.tableType_MultiString;
      if (params.copyType === undefined || params.copyType === '') params.copyType = '0';
      const q = parseListQuery(params, LIST_FIELDS, { defaultSort: [{ field: 'createTime', order: 'desc' }] });
      let qb = applyFilters(db.selectFrom('onlCgformHead').selectAll(), LIST_FIELDS, q);
      const typeList = String(Array.isArray(types) ? types[0] : (types ?? ''))
        .split(',')
        .map((s) => Number(s.trim()))
        .filter((n) => [1, 2, 3].includes(n));
      if (typeList.length) qb = qb.where('tableType', 'in', typeList);
      qb = applySort(qb, q).orderBy('id');
      return ok(await fetchPage(qb, q.pageNo, q.pageSize));
    },
  );

  app.get('/online/cgform/head/queryById', { config: { permission: `${P}:list` }, schema: { tags, summary: '表单配置', querystring: idQuery } }, async (req) =>
    ok(await headById(db, req.query.id)),
  );

  app.put(
    '/online/cgform/head/edit',
    { config: { permission: `${P}:edit` }, schema: { tags, summary: '只修改表配置（不改字段）', body: headEditBody } },
    async (req) => {
      const { id: headId, ...values } = req.body;
      const head = await headById(db, headId);
      const set = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
      await db
        .updateTable('onlCgformHead')
        .set({ ...set, updateBy: currentUser(req).username, updateTime: formatDateTime(clock.now()) })
        .where('id', '=', head.id)
        .execute();
      if (values.tableTxt) await renameFormPermissions(db, head.tableName, head.tableName, values.tableTxt);
      return ok(null, '编辑成功!');
    },
  );

  app.get('/online/cgform/field/listByHeadId', { config: { permission: `${P}:list` }, schema: { tags, summary: '表单的字段', querystring: headIdQuery } }, async (req) => {
    await headById(db, req.query.headId);
    return ok(await fieldsOf(db, req.query.headId));
  });

  app.get('/online/cgform/index/listByHeadId', { config: { permission: `${P}:list` }, schema: { tags, summary: '表单的索引', querystring: headIdQuery } }, async (req) => {
    await headById(db, req.query.headId);
    return ok(await indexesOf(db, req.query.headId));
  });

  app.post(
    '/online/cgform/api/addAll',
    { config: { permission: `${P}:add` }, schema: { tags, summary: '新增表单（表、字段、索引）', body: cgformSaveBody } },
    async (req) => {
      const actor = actorOf(req);
      const now = clock.now();
      const headId = await db.transaction().execute(async (trx) => {
        const created = await addForm(trx, dialect, req.body, actor, now);
        await createFormPermissions(trx, { tableName: req.body.head.tableName, tableTxt: req.body.head.tableTxt }, actor.userId, now);
        return created;
      });
      return ok(headId, '添加成功');
    },
  );

  app.put(
    '/online/cgform/api/editAll',
    { config: { permission: `${P}:edit` }, schema: { tags, summary: '修改表单（表、字段、索引）', body: cgformSaveBody } },
    async (req) => {
      const actor = actorOf(req);
      await db.transaction().execute((trx) => editForm(trx, dialect, req.body, actor, clock.now()));
      return ok(null, '全部修改成功');
    },
  );

  // Not called by the original client (the designer checks names as it saves); answers 1 when the name
  // can be used and -1 when it cannot, with the reason as message.
  const checkQuery = z.object({ tbname: z.string().max(100).optional(), tableName: z.string().max(100).optional(), id: z.string().max(64).optional() });
  const checkOnlyTable = async (q: z.infer<typeof checkQuery>) => {
    const name = (q.tbname ?? q.tableName ?? '').trim().toLowerCase();
    if (!name) throw new BizError('请输入表名');
    const problem = formNameProblem(name, '表名');
    if (problem) return ok(-1, problem);
    const other = await db.selectFrom('onlCgformHead').select('id').where('tableName', '=', name).$if(!!q.id, (x) => x.where('id', '<>', q.id!)).executeTakeFirst();
    if (other) return ok(-1, '表名已存在');
    const self = q.id ? await db.selectFrom('onlCgformHead').select('tableName').where('id', '=', q.id).executeTakeFirst() : undefined;
    if (self?.tableName !== name && (await tableExists(db, dialect, name))) return ok(-1, '数据库中已存在该表');
    return ok(1, '表名可用');
  };
  app.get('/online/cgform/api/checkOnlyTable', { config: { permission: `${P}:list` }, schema: { tags, summary: '表名是否可用', querystring: checkQuery } }, async (req) =>
    checkOnlyTable(req.query),
  );
  app.post('/online/cgform/api/checkOnlyTable', { config: { permission: `${P}:list` }, schema: { tags, summary: '表名是否可用', querystring: checkQuery, body: checkQuery.nullish() } }, async (req) =>
    checkOnlyTable({ ...req.query, ...(req.body ?? {}) }),
  );

  const confirmQuery = z.object({ confirm: z.enum(['0', '1', 'true', 'false']).optional() });
  const doSync = async (headId: string, method: FormSyncMethod, confirmFlag: string | undefined) => {
    const outcome = await syncForm(db, dialect, headId, method, confirmFlag === '1' || confirmFlag === 'true');
    if (!outcome.done) {
      return {
        success: false,
        code: 500,
        message: `以下变更会丢失数据，请确认后再同步：${outcome.changes.join('；')}`,
        result: { needConfirm: true, changes: outcome.changes },
        timestamp: Date.now(),
      };
    }
    return { ...ok({ changes: outcome.changes }), message: '同步数据库成功' };
  };
  app.post(
    '/online/cgform/api/doDbSynch/:id/:method',
    {
      config: { permission: `${P}:sync` },
      schema: {
        tags,
        summary: '同步数据库（normal 保留数据；force 删表重建）；会丢失数据的变更需 confirm=1',
        params: z.object({ id, method: z.enum(FORM_SYNC_METHODS, { error: '同步方式应为 normal 或 force' }) }),
        querystring: confirmQuery,
      },
    },
    async (req) => doSync(req.params.id, req.params.method, req.query.confirm),
  );
  // the same without a method: a normal sync
  app.post(
    '/online/cgform/api/doDbSynch/:id',
    { config: { permission: `${P}:sync` }, schema: { tags, summary: '同步数据库（普通同步）', params: z.object({ id }), querystring: confirmQuery } },
    async (req) => doSync(req.params.id, 'normal', req.query.confirm),
  );

  const removeOne = (dropTables: boolean) => async (req: { query: { id: string } }) => {
    await db.transaction().execute((trx) => removeForms(trx, dialect, [req.query.id], dropTables));
    return ok(null, dropTables ? '删除成功' : '移除成功');
  };
  app.delete('/online/cgform/head/removeRecord', { config: { permission: `${P}:delete` }, schema: { tags, summary: '移除表单（只删配置，保留数据库表）', querystring: idQuery } }, removeOne(false));
  app.delete('/online/cgform/head/delete', { config: { permission: `${P}:delete` }, schema: { tags, summary: '删除表单与数据库表', querystring: idQuery } }, removeOne(true));

  app.delete(
    '/online/cgform/head/deleteBatch',
    {
      config: { permission: `${P}:delete` },
      schema: {
        tags,
        summary: '批量移除（flag=0）或删除（flag=1，连同数据库表）',
        querystring: z.object({ ids: z.string({ error: '缺少ids' }).min(1, '请选择表单').max(10000), flag: z.enum(['0', '1']).default('0') }),
      },
    },
    async (req) => {
      const ids = req.query.ids.split(',').map((s) => s.trim()).filter(Boolean);
      if (ids.some((x) => !/^[A-Za-z0-9_-]{1,64}$/.test(x))) throw new BizError('表单ID格式不正确');
      const drop = req.query.flag === '1';
      await db.transaction().execute((trx) => removeForms(trx, dialect, ids, drop));
      return ok(null, drop ? '删除成功' : '移除成功');
    },
  );

  app.post(
    '/online/cgform/head/copyOnline',
    { config: { permission: `${P}:copy` }, schema: { tags, summary: '复制视图（共用原表）', querystring: z.object({ code: id }) } },
    async (req) => {
      const copyId = await db.transaction().execute((trx) => copyView(trx, req.query.code, actorOf(req), clock.now()));
      return ok(copyId, '复制成功');
    },
  );

  app.get(
    '/online/cgform/head/copyOnlineTable/:id',
    {
      config: { permission: `${P}:copy` },
      schema: { tags, summary: '复制表（同样的字段，新表名，未同步）', params: z.object({ id }), querystring: z.object({ tableName: z.string({ error: '请输入新表名' }).trim().min(1, '请输入新表名').max(64, '表名最长64个字符') }) },
    },
    async (req) => {
      const copyId = await db.transaction().execute((trx) => copyTable(trx, dialect, req.params.id, req.query.tableName, actorOf(req), clock.now()));
      return ok(copyId, '复制成功');
    },
  );
};

