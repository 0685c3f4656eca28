// 日志管理 on the original's /sys/log/list and /sys/log/exportXls (login log type 1, operation log type 2,
// filters logType, keyWord, createTime_begin/_end, operateType), and the home dashboard's figures
// /sys/loginfo and /sys/visitInfo (the tenant's figures: the home menu's button dashboard:analysis:view).
// Rows are the caller's tenant's.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { whereTenant } from '../../core/access';
import { callerOf, registerResource, type ResourceDef } from '../../core/crud';
import { formatDateTime } from '../../core/db';
import { ok } from '../../core/http';
import { DASHBOARD_FIGURES_PERMISSION } from '@anxue/shared/dashboard';
import { LOG_TYPE } from './operation-log';

export const LOG_PERMISSION = 'system:log';
const DAY_MS = 24 * 3600_000;

const logResource: ResourceDef = {
  label: '日志',
  table: 'sysLog',
  path: '/sys/log',
  permission: LOG_PERMISSION,
  tenant: true,
  without: ['add', 'edit', 'delete', 'deleteBatch', 'importExcel'],
  fields: [
    { name: 'id', type: 'string', title: 'ID', writable: false, excel: false },
    { name: 'logType', type: 'int', title: '日志类型', dictCode: 'log_type', writable: false },
    { name: 'logContent', type: 'string', title: '日志内容', writable: false },
    { name: 'operateType', type: 'int', title: '操作类型', dictCode: 'operate_type', writable: false },
    { name: 'userid', type: 'string', title: '操作人ID', writable: false },
    { name: 'username', type: 'string', title: '操作人', writable: false },
    { name: 'ip', type: 'string', title: 'IP', writable: false },
    { name: 'method', type: 'string', title: '请求方法', writable: false },
    { name: 'requestUrl', type: 'string', title: '请求路径', writable: false },
    { name: 'requestParam', type: 'string', title: '请求参数', writable: false, query: false },
    { name: 'requestType', type: 'string', title: '请求类型', writable: false },
    { name: 'costTime', type: 'int', title: '耗时(毫秒)', writable: false },
    { name: 'clientType', type: 'string', title: '客户端类型', writable: false },
    { name: 'userAgent', type: 'string', title: '客户端', writable: false, query: false },
    { name: 'outcome', type: 'string', title: '结果', writable: false },
    { name: 'createTime', type: 'datetime', title: '创建时间', writable: false },
  ],
};

/** Sign-ins that succeeded: the visits of the dashboard (sign-outs and failures are login logs too). */
function signIns<Q extends { where: (...a: any[]) => Q }>(qb: Q): Q {
  return qb.where('logType', '=', LOG_TYPE.login).where('outcome', '=', '成功').where('requestUrl', 'not like', '%/logout');
}

const dayStart = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate());

export async function logRoutes(app: FastifyInstance) {
  const { db, clock } = app.ctx;

  // The original client's search field keyWord looks into the log's content.
  await app.register(async (scope) => {
    scope.addHook('preHandler', async (req) => {
      const q = req.query as Record<string, unknown>;
      if (typeof q.keyWord === 'string' && q.keyWord.trim()) q.logContent = `*${q.keyWord.trim().replace(/\*/g, '')}*`;
      delete q.keyWord;
    });
    registerResource(scope, logResource, { db, storage: app.ctx.storage });
  });

  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/sys/loginfo', { config: { permission: DASHBOARD_FIGURES_PERMISSION, scope: 'tenant' }, schema: { tags: ['首页'], summary: '今日与累计访问量' } }, async (req) => {
    const caller = callerOf(req);
    const today = dayStart(clock.now());
    const [from, to] = [formatDateTime(today), formatDateTime(new Date(today.getTime() + DAY_MS))];
    const base = () => signIns(whereTenant(db.selectFrom('sysLog'), caller));
    const total = await base().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const day = await base()
      .where('createTime', '>=', from)
      .where('createTime', '<', to)
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.count<number>('ip').distinct().as('ips')])
      .executeTakeFirstOrThrow();
    return ok({ totalVisitCount: Number(total.n), todayVisitCount: Number(day.n), todayIp: Number(day.ips) }, '登录成功');
  });

  // Last 7 days, today included, one entry per day (days without visits answer 0): visit, ip, tian (YYYY-MM-DD), type (MM-DD).
  api.get('/sys/visitInfo', { config: { permission: DASHBOARD_FIGURES_PERMISSION, scope: 'tenant' }, schema: { tags: ['首页'], summary: '近7日访问量' } }, async (req) => {
    const caller = callerOf(req);
    const end = new Date(dayStart(clock.now()).getTime() + DAY_MS);
    const start = new Date(end.getTime() - 7 * DAY_MS);
    const dayOf = sql<string>`substr(create_time, 1, 10)`;
    const rows = await signIns(whereTenant(db.selectFrom('sysLog'), caller))
      .where('createTime', '>=', formatDateTime(start))
      .where('createTime', '<', formatDateTime(end))
      .select((eb) => [dayOf.as('tian'), eb.fn.countAll<number>().as('visit'), eb.fn.count<number>('ip').distinct().as('ip')])
      .groupBy(dayOf)
      .execute();
    const byDay = new Map(rows.map((r) => [r.tian, r]));
    const days = Array.from({ length: 7 }, (_, i) => formatDateTime(new Date(start.getTime() + i * DAY_MS + 12 * 3600_000)).slice(0, 10));
    return ok(days.map((tian) => ({ tian, type: tian.slice(5), visit: Number(byDay.get(tian)?.visit ?? 0), ip: Number(byDay.get(tian)?.ip ?? 0) })));
  });
}
