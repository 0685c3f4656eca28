// 数据日志 on the original's calls: /sys/dataLog/list (filters dataTable, dataId, createBy),
// /sys/dataLog/queryDataVerList?dataTable=&dataId= (versions of one row, newest first) and
// /sys/dataLog/queryCompareList?dataId1=&dataId2= (two log entries by their ids). Versions are written by
// the resource framework for resources with `dataLog: true` (core/crud/data-log.ts). Rows are the caller's tenant's.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, registerResource, ResourceError, type ResourceDef } from '../../core/crud';
import { ok } from '../../core/http';

export const DATA_LOG_PERMISSION = 'system:dataLog';
const TAG = '数据日志';

export const dataLogResource: ResourceDef = {
  label: '数据日志',
  table: 'sysDataLog',
  path: '/sys/dataLog',
  permission: DATA_LOG_PERMISSION,
  tenant: true,
  without: ['add', 'edit', 'delete', 'deleteBatch', 'importExcel', 'exportXls'],
  fields: [
    { name: 'id', type: 'string', title: 'ID', writable: false },
    { name: 'dataTable', type: 'string', title: '表名', writable: false },
    { name: 'dataId', type: 'string', title: '数据ID', writable: false },
    { name: 'dataVersion', type: 'int', title: '版本号', writable: false },
    { name: 'dataContent', type: 'string', title: '数据内容', writable: false, query: false },
    { name: 'type', type: 'string', title: '类型', writable: false },
    { name: 'createBy', type: 'string', title: '创建人', writable: false },
    { name: 'createName', type: 'string', title: '创建人姓名', writable: false },
    { name: 'createTime', type: 'datetime', title: '创建时间', writable: false },
  ],
};

const listCode = `${DATA_LOG_PERMISSION}:list`;
const text = (what: string) => z.string({ error: `请提供${what}` }).trim().min(1, `请提供${what}`).max(64, `${what}过长`);

export async function dataLogRoutes(app: FastifyInstance) {
  const { db } = app.ctx;
  const svc = registerResource(app, dataLogResource, { db, storage: app.ctx.storage });
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/sys/dataLog/queryDataVerList',
    {
      config: { permission: listCode },
      schema: { tags: [TAG], summary: '一条数据的各个版本', querystring: z.object({ dataTable: text('表名'), dataId: text('数据ID'), type: z.string().max(20).optional() }) },
    },
    async (req) => {
      const { dataTable, dataId, type } = req.query;
      let qb = (await svc.scoped(db, callerOf(req))).where('dataTable', '=', dataTable).where('dataId', '=', dataId);
      if (type) qb = qb.where('type', '=', type);
      const rows = await qb.orderBy('dataVersion', 'desc').execute();
      if (!rows.length) throw new ResourceError('未找到版本信息');
      return ok(rows);
    },
  );

  api.get(
    '/sys/dataLog/queryCompareList',
    {
      config: { permission: listCode },
      schema: { tags: [TAG], summary: '对比两个版本', querystring: z.object({ dataId1: text('对比的版本'), dataId2: text('对比的版本') }) },
    },
    async (req) => {
      const ids = [req.query.dataId1, req.query.dataId2];
      const rows = await (await svc.scoped(db, callerOf(req))).where('id', 'in', ids).orderBy('dataVersion', 'asc').execute();
      // Both must be versions of one row the caller can see, else there is nothing to compare.
      if (rows.length !== new Set(ids).size || new Set(rows.map((r) => `${r.dataTable}/${r.dataId}`)).size !== 1) throw new ResourceError('未找到对比的版本');
      return ok(rows);
    },
  );
}
