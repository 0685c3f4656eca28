import { reportRoleReady, reportRoleStatements } from './report-role';
import { closeReportAccount, reportAccountReady } from './report-account';
import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../../core/access';
import { callerOf } from '../../../core/crud';
import { writeXlsx } from '../../../core/excel';
import { BizError } from '../../../core/errors';
import { ok } from '../../../core/http';
import { anyReportByCode, anyReportById, type AnyReport } from './report-config';
import { reportColumns, reportData, reportQueryInfo } from './report-data';
import { demandReport } from './report-permission';
import { designerRoutes } from './designer-routes';
import {
  dictOptionsOf,
  shownColumns,
  sqlReportChart,
  sqlReportColumns,
  sqlReportData,
  sqlReportQueryInfo,
  sqlReportRows,
  sqlReportTotals,
  type RunOptions,
} from './report-sql';
import { dataPackageQuery, reportCodeParams, reportDataQuery, reportIdParams } from './schema';

type Query = Record<string, string | string[] | undefined>;

/**
 * The report calls of the original client (popup picker, report page, dictionary util): each needs the
 * report's own code, online:report:<code> (report-permission.ts). The designer's calls are in
 * designer-routes.ts.
 */
export const cgreportRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const { db } = ctx;
  const tags = ['Online报表'];

  // PostgreSQL runs report SQL as a role of its own: made (or found missing) at start, with what to grant
  if (ctx.dialect === 'postgres') {
    app.addHook('onReady', async () => {
      const missing = await reportRoleReady(db).catch(() => ({ user: 'the application user' }));
      if (missing) app.log.warn(`SQL reports are refused until a database superuser runs: ${reportRoleStatements(missing.user)}`);
    });
  }
  // MySQL/MariaDB runs it on an account of its own, likewise
  if (ctx.dialect === 'mysql') {
    app.addHook('onReady', async () => {
      const missing = await reportAccountReady(db).catch((e: Error) => ({ statements: `(the check failed: ${e.message})` }));
      if (missing) app.log.warn(`SQL reports are refused until a database administrator runs: ${missing.statements}`);
    });
    app.addHook('onClose', () => closeReportAccount(db));
  }

  async function runOptions(req: FastifyRequest, query: Query): Promise<RunOptions> {
    const caller = callerOf(req);
    return { caller, realname: currentUser(req).realname ?? null, now: ctx.clock.now(), query };
  }

  async function page(req: FastifyRequest, report: AnyReport, query: Query) {
    if (report.kind === 'table') return reportData(db, report, query, callerOf(req));
    const opts = await runOptions(req, query);
    const data = await sqlReportData(ctx, report, opts);
    return { ...data, totals: await sqlReportTotals(ctx, report, opts) };
  }

  await app.register(designerRoutes);

  app.get(
    '/online/cgreport/api/getRpColumns/:code',
    { config: { auth: true }, schema: { tags, summary: '报表的列与字典', params: reportCodeParams } },
    async (req) => {
      await demandReport(db, req, { code: req.params.code });
      const report = await anyReportByCode(db, req.params.code);
      return ok(report.kind === 'table' ? await reportColumns(db, report) : await sqlReportColumns(db, report));
    },
  );

  app.get(
    '/online/cgreport/api/getQueryInfo/:id',
    { config: { auth: true }, schema: { tags, summary: '报表的查询条件', params: reportIdParams } },
    async (req) => {
      await demandReport(db, req, { id: req.params.id });
      const report = await anyReportById(db, req.params.id);
      return ok(report.kind === 'table' ? reportQueryInfo(report) : sqlReportQueryInfo(report));
    },
  );

  app.get(
    '/online/cgreport/api/getData/:id',
    { config: { auth: true }, schema: { tags, summary: '报表数据（分页）', params: reportIdParams, querystring: reportDataQuery } },
    async (req) => {
      await demandReport(db, req, { id: req.params.id });
      return ok(await page(req, await anyReportById(db, req.params.id), req.query));
    },
  );

  app.get(
    '/online/cgreport/api/getColumnsAndData/:id',
    { config: { auth: true }, schema: { tags, summary: '报表的列、字典与第一页数据', params: reportIdParams, querystring: reportDataQuery } },
    async (req) => {
      await demandReport(db, req, { id: req.params.id });
      const report = await anyReportById(db, req.params.id);
      const data = await page(req, report, req.query);
      if (report.kind === 'table') {
        const cols = await reportColumns(db, report);
        return ok({ cgreportHeadName: report.name, columns: cols.columns, dictOptions: cols.dictOptions, fieldHrefSlots: [], isGroupTitle: false, data });
      }
      return ok({
        cgreportHeadName: report.name,
        columns: shownColumns(report),
        dictOptions: await dictOptionsOf(db, report),
        fieldHrefSlots: report.items.filter((i) => i.href).map((i) => ({ slotName: `fieldHref_${i.field}`, field: i.field, href: i.href })),
        isGroupTitle: report.items.some((i) => i.groupTitle),
        data,
      });
    },
  );

  app.get(
    '/online/cgreport/api/getParamsInfo/:id',
    { config: { permission: 'online:cgreport:list' }, schema: { tags, summary: '报表参数（菜单地址用）', params: reportIdParams } },
    async (req) => {
      const rows = await db.selectFrom('onlCgreportParam').selectAll().where('cgrheadId', '=', req.params.id).orderBy('orderNum').execute();
      return ok(rows);
    },
  );

  app.get(
    '/online/cgreport/api/getChartData/:id',
    { config: { auth: true }, schema: { tags, summary: '报表图表数据', params: reportIdParams, querystring: reportDataQuery } },
    async (req) => {
      await demandReport(db, req, { id: req.params.id });
      const report = await anyReportById(db, req.params.id);
      if (report.kind === 'table') return ok({ chartType: null, xField: null, yFields: [], categories: [], series: [] });
      return ok(await sqlReportChart(ctx, report, await runOptions(req, req.query)));
    },
  );

  async function exportXls(req: FastifyRequest<{ Params: { id: string }; Querystring: Query }>, reply: FastifyReply) {
    await demandReport(db, req, { id: req.params.id });
    const report = await anyReportById(db, req.params.id);
    let columns: Array<{ field: string; title: string }>;
    let rows: Array<Record<string, unknown>>;
    if (report.kind === 'table') {
      const data = await reportData(db, report, { ...req.query, pageNo: '1', pageSize: '500' }, callerOf(req));
      columns = report.items.filter((i) => i.show).map((i) => ({ field: i.dictCode ? `${i.field}_dictText` : i.field, title: i.title }));
      rows = data.records;
    } else {
      const opts = await runOptions(req, req.query);
      rows = await sqlReportRows(ctx, report, opts);
      columns = report.items.filter((i) => i.show).map((i) => ({ field: i.dictCode ? `${i.field}_dictText` : i.field, title: i.title }));
      const totals = await sqlReportTotals(ctx, report, opts);
      if (totals && columns.length) rows.push({ [columns[0].field]: '合计', ...totals });
    }
    const body = new PassThrough();
    reply
      .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(`${report.name}.xlsx`)}`);
    void writeXlsx(body, columns, rows, report.name.slice(0, 31).replace(/[\\/?*[\]:]/g, '_')).catch((e) => body.destroy(e));
    return reply.send(body);
  }

  for (const path of ['/online/cgreport/api/exportXls/:id', '/online/cgreport/api/exportManySheetXls/:id']) {
    app.get(path, { config: { auth: true }, schema: { tags, summary: '导出报表数据', params: reportIdParams, querystring: reportDataQuery } }, exportXls);
  }

  // The original's dictionary util (utils/dict getPopDictByCode): the texts of some values of a report's
  // column, `dictCode` the value column, `dictText` the text column, `dataList` the values.
  app.get(
    '/online/api/cgreportGetDataPackage',
    { config: { auth: true }, schema: { tags, summary: '报表字典翻译', querystring: dataPackageQuery } },
    async (req) => {
      const { code, dictCode, dictText, dataList } = req.query;
      await demandReport(db, req, { code });
      if (!reportCodeParams.safeParse({ code }).success) throw new BizError('报表编码格式不正确');
      const report = await anyReportByCode(db, code);
      const values = dataList.split(',').map((s) => s.trim()).filter(Boolean).slice(0, 200);
      if (!values.length) return ok([]);
      const known = report.kind === 'table' ? report.items.map((i) => i.field) : report.items.map((i) => i.field);
      if (!known.includes(dictCode) || !known.includes(dictText)) return ok([]);
      let rows: Array<Record<string, unknown>>;
      if (report.kind === 'table') rows = (await reportData(db, report, { pageSize: '500' }, callerOf(req))).records;
      else rows = await sqlReportRows(ctx, report, await runOptions(req, { [`force_${dictCode}`]: values.join(',') }), 500);
      return ok(rows.filter((r) => values.includes(String(r[dictCode]))).map((r) => ({ value: String(r[dictCode]), text: String(r[dictText] ?? ''), [dictCode]: r[dictCode], [dictText]: r[dictText] })));
    },
  );
};
