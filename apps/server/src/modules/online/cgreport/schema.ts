import { z } from 'zod';

export const reportCodeParams = z.object({
  code: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, '报表编码格式不正确'),
});

export const reportIdParams = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, '报表ID格式不正确'),
});

const value = z.string().max(500, '查询条件过长');

/** Query fields, self_<param> values and the list conventions; each name is checked against the report later. */
export const reportDataQuery = z.record(z.string().max(100, '查询参数名过长'), z.union([value, z.array(value).max(20, '查询参数重复过多')]));

/** Everything optional here: the report's permission is checked first, then the values (routes.ts). */
export const dataPackageQuery = z.object({
  code: z.string().max(100, '报表编码格式不正确').default(''),
  dictCode: z.string().max(64, '字段名过长').default(''),
  dictText: z.string().max(64, '字段名过长').default(''),
  dataList: z.string().max(5000, '查询值过多').default(''),
});

export const headIdQuery = z.object({ headId: z.string({ error: '缺少报表ID' }).regex(/^[A-Za-z0-9_-]{1,64}$/, '报表ID格式不正确') });

export const parseSqlQuery = z.object({
  sql: z.string({ error: '请填写报表SQL' }).min(1, '请填写报表SQL').max(20000, '报表SQL过长'),
  dbKey: z.string().max(100).optional(),
});
