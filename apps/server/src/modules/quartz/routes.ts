// 定时任务 on the original's /sys/quartzJob/* calls, plus the run records of a job and the job classes
// the scheduler knows (ours, for the page).
import { pageNoParam, pageSizeParam } from '@anxue/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../core/context';
import { callerOf, registerResource, ResourceError } from '../../core/crud';
import { formatDateTime } from '../../core/db';
import { ok } from '../../core/http';
import { fetchPage } from '../../core/query';
import { JOB_STATUS, JobBusyError, nextFireAfter, Scheduler } from '../../core/scheduler';
import { shippedJobs } from './handlers';
import { QUARTZ_PERMISSION, quartzResource } from './resource';

const tags = ['定时任务'];
/** How long 执行一次 waits for the run before answering that it goes on. */
const EXECUTE_WAIT_MS = 10_000;

const schedulers = new WeakMap<AppContext, Scheduler>();
/** The scheduler of an app (tests tick it at a time of their choosing). */
export function schedulerOf(ctx: AppContext): Scheduler {
  const s = schedulers.get(ctx);
  if (!s) throw new Error('quartz module not registered');
  return s;
}

const idQuery = z.object({ id: z.string({ error: '缺少id' }).min(1, '缺少id').max(64) });
const runsQuery = z.object({
  jobId: z.string({ error: '缺少jobId' }).min(1, '缺少jobId').max(64),
  pageNo: pageNoParam(),
  pageSize: pageSizeParam(10),
});

export async function quartzRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const { db, clock } = ctx;
  const scheduler = new Scheduler(ctx, shippedJobs(), app.log);
  schedulers.set(ctx, scheduler);
  app.addHook('onReady', async () => scheduler.start());
  app.addHook('onClose', async () => scheduler.stop());

  const jobs = registerResource(app, quartzResource(scheduler.registry, clock), { db, storage: ctx.storage });
  const api = app.withTypeProvider<ZodTypeProvider>();

  async function jobOf(id: string, caller: ReturnType<typeof callerOf>) {
    const job = await (await jobs.scoped(db, caller)).clearSelect().selectAll().where('id', '=', id).executeTakeFirst();
    if (!job) throw new ResourceError('定时任务不存在！');
    return job as { id: string; cronExpression: string; status: number };
  }

  api.get('/sys/quartzJob/pause', { config: { permission: `${QUARTZ_PERMISSION}:pause` }, schema: { tags, summary: '停止定时任务', querystring: idQuery } }, async (req) => {
    const job = await jobOf(req.query.id, callerOf(req));
    await db.updateTable('sysQuartzJob').set({ status: JOB_STATUS.stopped, nextFireTime: null, updateBy: callerOf(req).username, updateTime: formatDateTime(clock.now()) }).where('id', '=', job.id).execute();
    return ok(null, '停止定时任务成功');
  });

  api.get('/sys/quartzJob/resume', { config: { permission: `${QUARTZ_PERMISSION}:resume` }, schema: { tags, summary: '启动定时任务', querystring: idQuery } }, async (req) => {
    const job = await jobOf(req.query.id, callerOf(req));
    const next = nextFireAfter(job.cronExpression, clock.now());
    if (!next) throw new ResourceError('该Cron表达式之后不会再触发，无法启动');
    await db.updateTable('sysQuartzJob').set({ status: JOB_STATUS.running, nextFireTime: next, updateBy: callerOf(req).username, updateTime: formatDateTime(clock.now()) }).where('id', '=', job.id).execute();
    return ok(null, '启动定时任务成功');
  });

  api.get('/sys/quartzJob/execute', { config: { permission: `${QUARTZ_PERMISSION}:execute` }, schema: { tags, summary: '立即执行一次', querystring: idQuery } }, async (req) => {
    const job = await jobOf(req.query.id, callerOf(req));
    let timer: NodeJS.Timeout | undefined;
    let waited;
    try {
      waited = await Promise.race([scheduler.runNow(job.id), new Promise<null>((r) => (timer = setTimeout(() => r(null), EXECUTE_WAIT_MS)))]);
    } catch (err) {
      if (err instanceof JobBusyError) throw new ResourceError(err.message);
      throw err;
    } finally {
      clearTimeout(timer);
    }
    if (!waited) return ok(null, '任务已开始执行，结果见执行记录');
    if (waited.status === 'failure') throw new ResourceError(`执行失败：${waited.error}`);
    return ok({ logId: waited.logId }, '执行成功!');
  });

  api.get('/sys/quartzJob/jobClasses', { config: { permission: `${QUARTZ_PERMISSION}:list` }, schema: { tags, summary: '可选的任务类' } }, async () =>
    ok(scheduler.registry.list().map((h) => ({ value: h.name, text: h.title, parameterHint: h.parameterHint ?? null }))),
  );

  api.get('/sys/quartzJob/runs', { config: { permission: `${QUARTZ_PERMISSION}:list` }, schema: { tags, summary: '任务的执行记录', querystring: runsQuery } }, async (req) => {
    const job = await jobOf(req.query.jobId, callerOf(req));
    const qb = db.selectFrom('sysQuartzJobLog').selectAll().where('jobId', '=', job.id).orderBy('startTime', 'desc').orderBy('id');
    return ok(await fetchPage(qb, req.query.pageNo, req.query.pageSize));
  });
}
