import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../../core/crud';
import { ok } from '../../../core/http';
import { reportById, reportByCode } from './report-config';
import { reportColumns, reportData, reportQueryInfo } from './report-data';
import { demandReport } from './report-permission';
import { reportCodeParams, reportDataQuery, reportIdParams } from './schema';

/** The three online-report calls the popup picker makes; each needs the report's own code, online:report:<code> (report-permission.ts). */
export const cgreportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const tags = ['Online报表'];

  app.get(
    '/online/cgreport/api/getRpColumns/:code',
    { config: { auth: true }, schema: { tags, summary: '报表的列与字典', params: reportCodeParams } },
    async (req) => {
      await demandReport(db, req, { code: req.params.code });
      return ok(await reportColumns(db, await reportByCode(db, req.params.code)));
    },
  );

  app.get(
    '/online/cgreport/api/getQueryInfo/:id',
    { config: { auth: true }, schema: { tags, summary: '报表的查询条件', params: reportIdParams } },
    async (req) => {
      await demandReport(db, req, { id: req.params.id });
      return ok(reportQueryInfo(await reportById(db, req.params.id)));
    },
  );

  app.get(
    '/online/cgreport/api/getData/:id',
    { config: { auth: true }, schema: { tags, summary: '报表数据（分页）', params: reportIdParams, querystring: reportDataQuery } },
    async (req) => {
      await demandReport(db, req, { id: req.params.id });
      const report = await reportById(db, req.params.id);
      return ok(await reportData(db, report, req.query, callerOf(req)));
    },
  );
};
