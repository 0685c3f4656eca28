// The job handlers shipped with the product: what a job's 任务类名 may name.
import type { AppContext } from '../../core/context';
import { formatDateTime } from '../../core/db';
import { JobRegistry, type JobHandler } from '../../core/scheduler';
import { messageDispatcher } from '../message';

export const JOB_CLASS = {
  sampleParam: 'anxue.job.SampleParamJob',
  cleanup: 'anxue.job.CleanupJob',
  messageSend: 'anxue.job.MessageSendJob',
} as const;

const DEFAULT_KEEP_DAYS = 30;

const sampleParamJob: JobHandler = {
  name: JOB_CLASS.sampleParam,
  title: '示例任务（带参数）',
  parameterHint: '任意文字，执行时写入执行日志',
  async run({ parameter, fireTime, log }) {
    log(`示例任务执行于 ${formatDateTime(fireTime)}，参数：${parameter ?? '（无）'}`);
  },
};

/** Days to keep from the parameter (a whole number ≥ 1), else the default. */
export function keepDaysOf(parameter: string | null): number {
  if (parameter === null) return DEFAULT_KEEP_DAYS;
  if (!/^\d{1,4}$/.test(parameter) || Number(parameter) < 1) throw new Error(`参数应为保留天数（正整数），当前为：${parameter}`);
  return Number(parameter);
}

async function cleanUp(ctx: AppContext, keepDays: number) {
  const now = ctx.clock.now();
  const nowText = formatDateTime(now);
  const before = formatDateTime(new Date(now.getTime() - keepDays * 24 * 3600_000));
  const { db } = ctx;
  const count = (r: { numDeletedRows: bigint }) => Number(r.numDeletedRows);
  return {
    sessions: count(await db.deleteFrom('sysUserToken').where('expiresAt', '<', nowText).executeTakeFirst()),
    captchas: count(await db.deleteFrom('sysCaptcha').where('expiresAt', '<', nowText).executeTakeFirst()),
    attempts: count(await db.deleteFrom('sysLoginAttempt').where('updateTime', '<', before).executeTakeFirst()),
    logs: count(await db.deleteFrom('sysLog').where('createTime', '<', before).executeTakeFirst()),
    runs: count(await db.deleteFrom('sysQuartzJobLog').where('startTime', '<', before).where('status', '<>', 'running').executeTakeFirst()),
  };
}

const cleanupJob: JobHandler = {
  name: JOB_CLASS.cleanup,
  title: '清理过期会话、验证码和旧日志',
  parameterHint: '日志保留天数，默认 30',
  async run({ ctx, parameter, log }) {
    const keepDays = keepDaysOf(parameter);
    const n = await cleanUp(ctx, keepDays);
    log(`过期会话 ${n.sessions} 个、过期验证码 ${n.captchas} 个、登录失败记录 ${n.attempts} 条已清理`);
    log(`${keepDays} 天前的系统日志 ${n.logs} 条、任务执行记录 ${n.runs} 条已删除`);
  },
};

// The message module also sends on its own timer; this job sends what is due at the job's schedule too
// (each message is claimed before sending, so the two never send one twice).
const messageSendJob: JobHandler = {
  name: JOB_CLASS.messageSend,
  title: '发送待发消息（含失败重试）',
  async run({ ctx, log }) {
    const tried = await messageDispatcher(ctx).runDue();
    log(`尝试发送到期消息 ${tried} 条`);
  },
};

/** A registry with every shipped handler. */
export function shippedJobs(): JobRegistry {
  // jobs copied from the original name its sample classes: they run our sample job
  return new JobRegistry()
    .register(sampleParamJob)
    .register(cleanupJob)
    .register(messageSendJob)
    .alias('org.jeecg.modules.quartz.job.SampleJob', JOB_CLASS.sampleParam)
    .alias('org.jeecg.modules.quartz.job.SampleParamJob', JOB_CLASS.sampleParam)
    .alias('org.jeecg.modules.quartz.job.AsyncJob', JOB_CLASS.sampleParam);
}
