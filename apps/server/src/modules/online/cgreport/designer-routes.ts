import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportSaveBody } from '@anxue/shared/online-report';
import type { z } from 'zod';
import { currentUser } from '../../../core/access';
import { callerOf, registerResource, type ResourceDef } from '../../../core/crud';
import type { Db } from '../../../core/db';
import { BizError } from '../../../core/errors';
import { ok } from '../../../core/http';
import { parseReportSql } from './report-sql';
import { designerSaves } from './designer-save';
import { createReportPermission, removeReportPermission, renameReportPermission } from './report-permission';
import { headIdQuery, parseSqlQuery } from './schema';

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

/** The chart's fields are columns of the report. */
function checkChart(body: SaveBody): void {
  const h = body.head;
  if (!h.chartType) return;
  const fields = body.items.map((i) => i.fieldName);
  const ys = (h.chartFieldsY ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (!h.chartFieldX || !ys.length) throw new BizError('请选择图表的分类字段和数值字段');
  for (const f of [h.chartFieldX, ...ys]) if (!fields.includes(f)) throw new BizError(`图表字段“${f}”不是报表的字段`);
}

export const designerRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const { db } = ctx;
  const tags = ['Online报表配置'];
  registerResource(app, headResource, { db, storage: ctx.storage });

  const saves = designerSaves<SaveBody>(ctx, {
    head: 'onlCgreportHead',
    children: { items: 'onlCgreportItem', params: 'onlCgreportParam', headKey: 'cgrheadId' },
    messages: { codeTaken: '报表编码已存在!', missingId: '缺少报表ID', notFound: '报表不存在或已被删除' },
    identity: ({ head }) => ({ id: head.id, code: head.code, name: head.name, sql: head.cgrSql, dbSource: head.dbSource }),
    check: checkChart,
    headValues: ({ head: h }) => ({
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
      // SQL reports only: the whitelist form of a report is not made here
      sourceTable: '',
      sourceFilter: null,
    }),
    items: (body) =>
      body.items.map((it) => ({
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
        orderNum: it.orderNum,
      })),
    params: (body) => body.params,
    createRight: (trx, who, userId, now) => createReportPermission(trx, who, userId, now),
    renameRight: renameReportPermission,
  });

  app.post(
    '/online/cgreport/head/add',
    { config: { permission: 'online:cgreport:add' }, schema: { tags, summary: '新增报表（主表、字段、参数）', body: reportSaveBody } },
    async (req) => ok({ id: await saves.add(req, req.body) }, '添加成功！'),
  );

  app.put(
    '/online/cgreport/head/editAll',
    { config: { permission: 'online:cgreport:edit' }, schema: { tags, summary: '编辑报表（主表、字段、参数）', body: reportSaveBody } },
    async (req) => {
      await saves.edit(req, req.body);
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
