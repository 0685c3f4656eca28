import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { graphSaveBody, type GraphSaveBody } from '@anxue/shared/online-extras';
import { currentUser } from '../../../core/access';
import { callerOf, registerResource, type ResourceDef } from '../../../core/crud';
import type { Db } from '../../../core/db';
import { writeXlsx } from '../../../core/excel';
import { BizError } from '../../../core/errors';
import { ok } from '../../../core/http';
import { designerSaves } from '../cgreport/designer-save';
import { parseReportSql, type RunOptions } from '../cgreport/report-sql';
import { chartQuery, chartsData, loadGraph, asSqlReport } from './graph-data';
import { createGraphPermission, demandGraph, removeGraphPermissions, renameGraphPermission } from './graph-permission';
import { sqlReportRows } from '../cgreport/report-sql';

// Online图表 (issue 15), on the original client's calls (graphreport.api.ts, GraphreportModal.vue,
// GraphreportAutoChart.vue): list / delete / deleteBatch / exportXls / importExcel through the resource
// framework, add and edit with the fields and parameters in one transaction, parseField, and the chart's
// data. Only SQL data: the SELECT is checked by the report SQL guard before it is stored and runs read-only
// as online reports do. Designer codes online:graphreport:<action>; a chart's data needs online:graph:<code>.

const tags = ['Online图表'];
const P = 'online:graphreport';
const idParam = z.string({ error: '缺少图表ID' }).regex(/^[A-Za-z0-9_-]{1,64}$/, '图表ID格式不正确');
/** A checked chart id from a query the right was checked for first. */
function graphIdOf(raw: string): string {
  const r = idParam.safeParse(raw);
  if (!r.success) throw new BizError(r.error.issues[0]?.message ?? '图表ID格式不正确');
  return r.data;
}
const value = z.string().max(2000, '查询条件过长');
const chartQuerySchema = z.record(z.string().max(100, '查询参数名过长'), z.union([value, z.array(value).max(20)]));

export const graphreportRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const { db } = ctx;

  const headResource: ResourceDef = {
    label: 'Online图表',
    table: 'onlGraphreportHead',
    path: '/online/graphreport/head',
    permission: P,
    without: ['add', 'edit'],
    fields: [
      { name: 'id', type: 'string', title: 'ID', writable: false },
      { name: 'name', type: 'string', title: '图表名称', query: true, required: true },
      { name: 'code', type: 'string', title: '编码', query: true, required: true, unique: true },
      { name: 'cgrSql', type: 'string', title: '查询SQL', required: true },
      { name: 'xaxisField', type: 'string', title: 'X轴字段', required: true },
      { name: 'yaxisField', type: 'string', title: 'Y轴字段', required: true },
      { name: 'yaxisText', type: 'string', title: 'Y轴文字' },
      { name: 'content', type: 'string', title: '描述' },
      { name: 'graphType', type: 'string', title: '图表类型' },
      { name: 'displayTemplate', type: 'string', title: '展示模板' },
      { name: 'dataType', type: 'string', title: '数据类型' },
      { name: 'dbSource', type: 'string', title: '数据源' },
      { name: 'createBy', type: 'string', title: '创建人', writable: false },
      { name: 'createTime', type: 'datetime', title: '创建时间', writable: false },
      { name: 'updateBy', type: 'string', title: '更新人', writable: false },
      { name: 'updateTime', type: 'datetime', title: '更新时间', writable: false },
    ],
    defaultSort: [{ field: 'createTime', order: 'desc' }],
    hooks: {
      async beforeSave(row, rc, mode) {
        if (mode !== 'import') return;
        // an imported chart is checked as one saved in the editor (its fields come from parseField later)
        const parsed = graphSaveBody.safeParse({ ...row, onlGraphreportItemList: [], paramsList: [] });
        if (!parsed.success) throw new BizError(parsed.error.issues[0]?.message ?? '图表数据不正确');
        await parseReportSql(ctx, parsed.data.cgrSql, parsed.data.dbSource || null, { caller: rc.caller, query: {} });
        Object.assign(row, { graphType: parsed.data.graphType.join(','), yaxisField: parsed.data.yaxisField.join(','), dataType: 'sql', displayTemplate: parsed.data.displayTemplate });
      },
      afterImportReads: ['code', 'name'],
      async afterImport(rows, rc) {
        for (const r of rows) await createGraphPermission(rc.db as Db, { code: String(r.code), name: String(r.name) }, rc.userId, new Date());
      },
      async beforeDelete(ids, rc) {
        const heads = await rc.db.selectFrom('onlGraphreportHead').select('code').where('id', 'in', ids).execute();
        await removeGraphPermissions(rc.db as Db, heads.map((h) => h.code));
        await rc.db.deleteFrom('onlGraphreportItem').where('graphreportHeadId', 'in', ids).execute();
        await rc.db.deleteFrom('onlGraphreportParams').where('graphreportHeadId', 'in', ids).execute();
      },
    },
  };
  registerResource(app, headResource, { db, storage: ctx.storage });

  const saves = designerSaves<GraphSaveBody>(ctx, {
    head: 'onlGraphreportHead',
    children: { items: 'onlGraphreportItem', params: 'onlGraphreportParams', headKey: 'graphreportHeadId' },
    messages: { codeTaken: '编码已存在!', missingId: '缺少图表ID', notFound: '图表不存在或已被删除' },
    identity: (b) => ({ id: b.id, code: b.code, name: b.name, sql: b.cgrSql, dbSource: b.dbSource }),
    check(b) {
      const fields = b.onlGraphreportItemList.map((i) => i.fieldName);
      if (!fields.length) return;
      for (const f of [b.xaxisField, ...b.yaxisField]) if (!fields.includes(f)) throw new BizError(`X轴或Y轴字段“${f}”不是图表的字段`);
    },
    headValues: (b) => ({
      name: b.name,
      code: b.code,
      cgrSql: b.cgrSql,
      xaxisField: b.xaxisField,
      yaxisField: b.yaxisField.join(','),
      yaxisText: b.yaxisText ?? null,
      content: b.content ?? null,
      graphType: b.graphType.join(','),
      isCombination: b.isCombination ?? null,
      displayTemplate: b.displayTemplate,
      dataType: 'sql',
      dbSource: b.dbSource || null,
    }),
    items: (b) => b.onlGraphreportItemList.map((it) => ({ ...it, fieldTxt: it.fieldTxt ?? null, dictCode: it.dictCode || null })),
    params: (b) => b.paramsList,
    createRight: createGraphPermission,
    renameRight: renameGraphPermission,
  });

  app.post('/online/graphreport/head/add', { config: { permission: `${P}:add` }, schema: { tags, summary: '新增图表（字段、参数）', body: graphSaveBody } }, async (req) =>
    ok(await saves.add(req, req.body), '添加成功！'),
  );

  const edit = async (req: { body: GraphSaveBody } & Parameters<typeof callerOf>[0]) => {
    await saves.edit(req, req.body);
    return ok(null, '编辑成功!');
  };
  app.put('/online/graphreport/head/edit', { config: { permission: `${P}:edit` }, schema: { tags, summary: '编辑图表（字段、参数）', body: graphSaveBody } }, edit);
  app.post('/online/graphreport/head/edit', { config: { permission: `${P}:edit` }, schema: { tags, summary: '编辑图表（同 PUT）', body: graphSaveBody } }, edit);

  app.get(
    '/online/graphreport/head/queryOnlGraphreportItemByMainId',
    { config: { permission: `${P}:list` }, schema: { tags, summary: '图表的字段', querystring: z.object({ id: idParam }) } },
    async (req) => ok((await loadGraph(db, req.query.id)).items),
  );
  app.get(
    '/online/graphreport/params/listByHeadId',
    // the chart page reads its parameters too: the designer's list right or the chart's own
    { config: { auth: true }, schema: { tags, summary: '图表的参数', querystring: z.object({ headId: z.string().max(64).optional() }) } },
    async (req) => {
      const headId = req.query.headId ?? '';
      // the right first, so a caller without it learns nothing from the parameters
      if (!(await currentUser(req).permissions()).has(`${P}:list`)) await demandGraph(db, req, headId);
      return ok((await loadGraph(db, graphIdOf(headId))).params);
    },
  );

  // parseField: type SQL runs the SELECT once (as the report designer's parseSql); JSON and API data are not offered
  const parseFieldInput = z.object({ type: z.string().max(10).optional(), data: z.string().max(20000, 'SQL过长').optional(), dbSource: z.string().max(100).optional() });
  app.post(
    '/online/graphreport/head/parseField',
    { config: { permission: [`${P}:add`, `${P}:edit`] }, schema: { tags, summary: '解析SQL的字段与参数', querystring: parseFieldInput, body: parseFieldInput.nullish() } },
    async (req) => {
      const input = { ...req.query, ...(req.body ?? {}) };
      if (input.type && input.type.toUpperCase() !== 'SQL') throw new BizError('只支持 SQL 数据（不支持 JSON 或 API 数据）');
      if (!input.data?.trim()) throw new BizError('请输入查询SQL');
      const user = currentUser(req);
      return ok(await parseReportSql(ctx, input.data, input.dbSource || null, { caller: callerOf(req), realname: user.realname, now: ctx.clock.now(), query: {} }), '解析成功');
    },
  );

  const runOptions = (req: Parameters<typeof callerOf>[0], query: Record<string, string | string[] | undefined>): RunOptions => ({
    caller: callerOf(req),
    realname: currentUser(req).realname ?? null,
    now: ctx.clock.now(),
    query: chartQuery(query),
  });

  app.get(
    '/online/graphreport/api/getChartsData',
    { config: { auth: true }, schema: { tags, summary: '图表数据（只读执行）：head、data、items、dictOptions', querystring: chartQuerySchema } },
    async (req) => {
      const id = typeof req.query.id === 'string' ? req.query.id : '';
      await demandGraph(db, req, id);
      return ok(await chartsData(ctx, await loadGraph(db, graphIdOf(id)), runOptions(req, req.query)));
    },
  );

  app.get(
    '/online/graphreport/api/exportXlsById',
    { config: { auth: true }, schema: { tags, summary: '导出图表数据', querystring: chartQuerySchema } },
    async (req, reply) => {
      const id = typeof req.query.id === 'string' ? req.query.id : '';
      await demandGraph(db, req, id);
      const graph = await loadGraph(db, graphIdOf(id));
      const rows = await sqlReportRows(ctx, asSqlReport(graph), runOptions(req, req.query));
      const columns = graph.items.filter((i) => i.isShow === 'Y').map((i) => ({ field: i.dictCode ? `${i.fieldName}_dictText` : i.fieldName, title: i.fieldTxt || i.fieldName }));
      const body = new PassThrough();
      reply
        .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(`${graph.head.name}.xlsx`)}`);
      void writeXlsx(body, columns, rows, graph.head.name.slice(0, 31).replace(/[\\/?*[\]:]/g, '_')).catch((e) => body.destroy(e));
      return reply.send(body);
    },
  );
};
