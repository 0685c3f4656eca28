import type { Db } from '../../core/db';
import { formatDateTime, seedId } from '../../core/db';
import { JOB_STATUS, nextFireAfter } from '../../core/scheduler';
import { JOB_CLASS } from './handlers';

const MARKER = 'seeded:job.cleanup';
const CLEANUP_CRON = '0 0 3 * * ? *';

/**
 * A fresh install's clean-up job (expired sessions, captchas, failed-login records, logs and run records
 * older than 30 days), started, every night at 3. Inserted once per install: an administrator who stops
 * or deletes it keeps it that way. Seeded on start only (main.ts), so test apps run no job of their own.
 */
export async function seedDefaultJobs(db: Db, now: Date): Promise<boolean> {
  const time = formatDateTime(now);
  return db.transaction().execute(async (trx) => {
    const claimed = await trx.insertInto('sysInstall').values({ key: MARKER, value: '1', createTime: time }).onConflict((oc) => oc.column('key').doNothing()).executeTakeFirst();
    if (!Number(claimed.numInsertedOrUpdatedRows ?? 0)) return false;
    await trx
      .insertInto('sysQuartzJob')
      .values({
        id: seedId('job.cleanup'),
        jobClassName: JOB_CLASS.cleanup,
        cronExpression: CLEANUP_CRON,
        parameter: '30',
        description: '每天 3 点清理过期会话、验证码、登录失败记录，以及 30 天前的日志和执行记录',
        status: JOB_STATUS.running,
        nextFireTime: nextFireAfter(CLEANUP_CRON, now),
        createBy: 'system',
        createTime: time,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    return true;
  });
}
