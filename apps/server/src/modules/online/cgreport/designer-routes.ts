import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportSaveBody } from '@anxue/shared/online-report';
import type { z } from 'zod';
import { currentUser } from '../../../core/access';
import { callerOf, registerResource, type ResourceDef } from '../../../core/crud';
import type { Db } from '../../../core/db';
import { formatDateTime, newId } from '../../../core/db/time';
import { BizError } from '../../../core/errors';
import { ok } from '../../../core/http';
import { parseReportSql } from './report-sql';
import { reportTarget } from './report-runner';
import { createReportPermission, removeReportPermission, renameReportPermission } from './report-permission';
import { headIdQuery, parseSqlQuery } from './schema';
import { checkReportSql } from './sql-guard';

// Online报表配置, the report designer (issue 15), on the original client's calls (cgreport.api.ts):
// list / delete / deleteBatch through the resource framework, add and editAll with the head, its columns
// and its parameters in one transaction, parseSql, and the columns and parameters of one report.
// Codes online:cgreport:<list|add|edit|delete>.

type SaveBody = z.output<typeof reportSaveBody>;

const headResource: ResourceDef = {
  label: 'Online报表',
  table: 'onlCgreportHead',
  path: '/online/cgreport/head',
  permission: 'online:cgreport',
  without: ['add', 'edit', 'exportXls', 'importExcel'],
  fields: [
    { name: 'id', type: 'string', title: 'ID', writable: false },
    { name: 'code', type: 'string', title: '报表编码', query: true },
    { name: 'name', type: 'string', title: '报表名字', query: true },
    { name: 'cgrSql', type: 'string', title: '报表SQL' },
    { name: 'dbSource', type: 'string', title: '数据源' },
    { name: 'sourceTable', type: 'string', title: '数据表（白名单报表）' },
    { name: 'returnValField', type: 'string', title: '返回值字段' },
    { name: 'returnTxtField', type: 'string', title: '返回文本字段' },
    { name: 'returnType', type: 'string', title: '返回类型' },
    { name: 'content', type: 'string', title: '描述' },
    { name: 'chartType', type: 'string', title: '图表类型' },
    { name: 'chartFieldX', type: 'string', title: '图表分类字段' },
    { name: 'chartFieldsY', type: 'string', title: '图表数值字段' },
    { name: 'createBy', type: 'string', title: '创建人', writable: false },
    { name: 'createTime', type: 'datetime', title: '创建时间', writable: false },
    { name: 'updateBy', type: 'string', title: '更新人', writable: false },
    { name: 'updateTime', type: 'datetime', title: '更新时间', writable: false },
  ],
  defaultSort: [{ field: 'createTime', order: 'desc' }],
  hooks: {
    async beforeDelete(ids, ctx) {
      const heads = await ctx.db.selectFrom('onlCgreportHead').select('code').where('id', 'in', ids).execute();
      for (const h of heads) await removeReportPermission(ctx.db as Db, h.code);
      await ctx.db.deleteFrom('onlCgreportItem').where('cgrheadId', 'in', ids).execute();
      await ctx.db.deleteFrom('onlCgreportParam').where('cgrheadId', 'in', ids).execute();
    },
  },
};

/** The columns and parameters named in the body are each named once; chart fields are columns. */
function checkBody(body: SaveBody): void {
  const fields = body.items.map((i) => i.fieldName);
  const dupField = fields.find((f, i) => fields.indexOf(f) !== i);
  if (dupField) throw new BizError(`字段“${dupField}”重复`);
  const params = body.params.map((p) => p.paramName);
  const dupParam = params.find((p, i) => params.indexOf(p) !== i);
  if (dupParam) throw new BizError(`参数“${dupParam}”重复`);
  const h = body.head;
  if (h.chartType) {
    const ys = (h.chartFieldsY ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    if (!h.chartFieldX || !ys.length) throw new BizError('请选择图表的分类字段和数值字段');
    for (const f of [h.chartFieldX, ...ys]) if (!fields.includes(f)) throw new BizError(`图表字段“${f}”不是报表的字段`);
  }
}

export const designerRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const { db } = ctx;
  const tags = ['Online报表配置'];
  registerResource(app, headResource, { db, storage: ctx.storage });

  /** The SQL is checked for the database it will run on before anything is stored. */
  async function checkSql(req: Parameters<typeof callerOf>[0], body: SaveBody) {
    const target = await reportTarget(ctx, body.head.dbSource || null, callerOf(req));
    checkReportSql(body.head.cgrSql, target.dialect);
  }

  async function writeChildren(trx: Db, headId: string, body: SaveBody, audit: { createBy: string; createTime: string }) {
    await trx.deleteFrom('onlCgreportItem').where('cgrheadId', '=', headId).execute();
    await trx.deleteFrom('onlCgreportParam').where('cgrheadId', '=', headId).execute();
    for (const [i, it] of body.items.entries()) {
      await trx
        .insertInto('onlCgreportItem')
        .values({
          id: newId(),
          cgrheadId: headId,
          fieldName: it.fieldName,
          fieldTxt: it.fieldTxt ?? null,
          fieldWidth: it.fieldWidth,
          fieldType: it.fieldType,
          isShow: it.isShow,
          isSearch: it.isSearch,
          searchMode: it.searchMode,
          dictCode: it.dictCode || null,
          isTotal: String(it.isTotal),
          fieldHref: it.fieldHref || null,
          replaceVal: it.replaceVal || null,
          groupTitle: it.groupTitle || null,
          orderNum: it.orderNum || i + 1,
          ...audit,
        })
        .execute();
    }
    for (const [i, p] of body.params.entries()) {
      await trx
        .insertInto('onlCgreportParam')
        .values({ id: newId(), cgrheadId: headId, paramName: p.paramName, paramTxt: p.paramTxt ?? null, paramValue: p.paramValue ?? null, orderNum: p.orderNum || i + 1, ...audit })
        .execute();
    }
  }

  const headValues = (h: SaveBody['head']) => ({
    code: h.code,
    name: h.name,
    cgrSql: h.cgrSql,
    dbSource: h.dbSource || null,
    returnValField: h.returnValField ?? null,
    returnTxtField: h.returnTxtField ?? null,
    returnType: h.returnType || '1',
    content: h.content ?? null,
    chartType: h.chartType ?? null,
    chartFieldX: h.chartType ? (h.chartFieldX ?? null) : null,
    chartFieldsY: h.chartType ? (h.chartFieldsY ?? null) : null,
  });

  async function codeTaken(code: string, exceptId: string | null): Promise<boolean> {
    let q = db.selectFrom('onlCgreportHead').select('id').where('code', '=', code);
    if (exceptId) q = q.where('id', '<>', exceptId);
    return !!(await q.executeTakeFirst());
  }

  app.post(
    '/online/cgreport/head/add',
    { config: { permission: 'online:cgreport:add' }, schema: { tags, summary: '新增报表（主表、字段、参数）', body: reportSaveBody } },
    async (req) => {
      const body = req.body;
      checkBody(body);
      if (await codeTaken(body.head.code, null)) throw new BizError('报表编码已存在!');
      await checkSql(req, body);
      const user = currentUser(req);
      const audit = { createBy: user.username, createTime: formatDateTime(ctx.clock.now()) };
      const id = newId();
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('onlCgreportHead').values({ id, sourceTable: '', sourceFilter: null, ...headValues(body.head), ...audit }).execute();
        await writeChildren(trx, id, body, audit);
        await createReportPermission(trx, { code: body.head.code, name: body.head.name }, user.id, ctx.clock.now());
      });
      return ok({ id }, '添加成功！');
    },
  );

  app.put(
    '/online/cgreport/head/editAll',
    { config: { permission: 'online:cgreport:edit' }, schema: { tags, summary: '编辑报表（主表、字段、参数）', body: reportSaveBody } },
    async (req) => {
      const body = req.body;
      const id = body.head.id;
      if (!id) throw new BizError('缺少报表ID');
      const stored = await db.selectFrom('onlCgreportHead').select(['id', 'code', 'name']).where('id', '=', id).executeTakeFirst();
      if (!stored) throw new BizError('报表不存在或已被删除');
      checkBody(body);
      if (await codeTaken(body.head.code, id)) throw new BizError('报表编码已存在!');
      await checkSql(req, body);
      const user = currentUser(req);
      const now = formatDateTime(ctx.clock.now());
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('onlCgreportHead')
          .set({ ...headValues(body.head), sourceTable: '', sourceFilter: null, updateBy: user.username, updateTime: now })
          .where('id', '=', id)
          .execute();
        await writeChildren(trx, id, body, { createBy: user.username, createTime: now });
        if (stored.code !== body.head.code || stored.name !== body.head.name) await renameReportPermission(trx, stored.code, { code: body.head.code, name: body.head.name });
      });
      return ok(null, '编辑成功!');
    },
  );

  app.get(
    '/online/cgreport/head/parseSql',
    { config: { permission: ['online:cgreport:add', 'online:cgreport:edit'] }, schema: { tags, summary: '解析报表SQL的列与参数', querystring: parseSqlQuery } },
    async (req) => {
      const user = currentUser(req);
      const parsed = await parseReportSql(ctx, req.query.sql, req.query.dbKey || null, { caller: callerOf(req), realname: user.realname, now: ctx.clock.now(), query: {} });
      return ok(parsed, '解析成功');
    },
  );

  for (const [path, table] of [
    ['/online/cgreport/item/listByHeadId', 'onlCgreportItem'],
    ['/online/cgreport/param/listByHeadId', 'onlCgreportParam'],
  ] as const) {
    app.get(path, { config: { permission: 'online:cgreport:list' }, schema: { tags, summary: '报表的字段或参数', querystring: headIdQuery } }, async (req) => {
      const rows = await db.selectFrom(table).selectAll().where('cgrheadId', '=', req.query.headId).orderBy('orderNum').execute();
      return ok(rows);
    });
  }
};
