import { z } from 'zod';
import { validateCron } from '@anxue/shared/cron/index';
import type { ResourceDef } from '../../core/crud';
import { ResourceError } from '../../core/crud';
import type { Clock } from '../../core/db';
import { JOB_STATUS, nextFireAfter, type JobRegistry } from '../../core/scheduler';

export const QUARTZ_PERMISSION = 'system:quartzJob';

/** The job list of 定时任务 (the original's sys_quartz_job): platform-wide, not per tenant. */
export function quartzResource(registry: JobRegistry, clock: Clock): ResourceDef {
  return {
    label: '定时任务',
    table: 'sysQuartzJob',
    path: '/sys/quartzJob',
    permission: QUARTZ_PERMISSION,
    fields: [
      { name: 'id', type: 'string', title: 'ID', writable: false, excel: false },
      { name: 'jobClassName', type: 'string', title: '任务类名', required: true, max: 255 },
      { name: 'cronExpression', type: 'string', title: 'cron表达式', required: true, max: 255 },
      { name: 'parameter', type: 'string', title: '参数', max: 2000 },
      { name: 'description', type: 'string', title: '描述', max: 255 },
      { name: 'status', type: 'int', title: '状态', dictCode: 'quartz_status', check: z.union([z.literal(JOB_STATUS.running), z.literal(JOB_STATUS.stopped)], { error: '状态只能是正常(0)或停止(-1)' }) },
      { name: 'nextFireTime', type: 'datetime', title: '下次执行时间', writable: false, excel: false },
      { name: 'createBy', type: 'string', title: '创建人', writable: false, excel: false },
      { name: 'createTime', type: 'datetime', title: '创建时间', writable: false, excel: false },
      { name: 'updateBy', type: 'string', title: '更新人', writable: false, excel: false },
      { name: 'updateTime', type: 'datetime', title: '更新时间', writable: false, excel: false },
    ],
    hooks: {
      beforeSave(row, _ctx, mode) {
        if (typeof row.jobClassName === 'string') {
          const name = row.jobClassName.trim();
          if (!registry.get(name)) throw new ResourceError(`后台找不到该类名：${name}`);
          row.jobClassName = name;
        }
        if (typeof row.cronExpression === 'string') {
          const cron = row.cronExpression.trim().replace(/\s+/g, ' ');
          const error = validateCron(cron);
          if (error) throw new ResourceError(error);
          row.cronExpression = cron;
        }
        // Imported jobs wait to be started by hand, as in the original.
        if (mode === 'import' || (mode === 'add' && row.status == null)) row.status = JOB_STATUS.stopped;
      },
      // The next firing follows the saved cron and status (edit hands beforeSave a copy, so it is set here).
      async afterSave(row, _input, ctx) {
        const job = await ctx.db.selectFrom('sysQuartzJob').select(['cronExpression', 'status']).where('id', '=', row.id as string).executeTakeFirstOrThrow();
        const next = job.status === JOB_STATUS.running ? nextFireAfter(job.cronExpression, clock.now()) : null;
        await ctx.db.updateTable('sysQuartzJob').set({ nextFireTime: next }).where('id', '=', row.id as string).execute();
      },
    },
  };
}
