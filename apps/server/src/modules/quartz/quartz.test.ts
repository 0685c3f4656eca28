import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createTestApp, createUser, login, type TestApp } from '../../../test/helpers/test-app';
import { formatDateTime, newId } from '../../core/db';
import { JOB_CLASS, schedulerOf } from './index';

let t: TestApp;
let admin: string;

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) {
  const res = await t.app.inject({ method, url: `/api${url}`, headers: auth(token), payload: payload as object });
  return { status: res.statusCode, body: res.json() };
}

async function jobNamed(description: string) {
  const { body } = await call('GET', `/sys/quartzJob/list?description=${encodeURIComponent(description)}`);
  return body.result.records[0];
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app);
  // whole seconds, as the scheduler's timer sees them
  t.clock.advance(1000 - (t.clock.now().getTime() % 1000));
});
afterAll(() => t.close());

describe('/sys/quartzJob', () => {
  it('offers the shipped job classes', async () => {
    const { body } = await call('GET', '/sys/quartzJob/jobClasses');
    expect(body.result.map((c: any) => c.value)).toEqual([JOB_CLASS.sampleParam, JOB_CLASS.cleanup, JOB_CLASS.messageSend]);
    expect(body.result[0].text).toBe('示例任务（带参数）');
  });

  it('refuses an unknown job class, a wrong cron and a missing cron', async () => {
    expect(await call('POST', '/sys/quartzJob/add', { jobClassName: 'org.jeecg.Evil', cronExpression: '* * * * * ? *' })).toEqual({
      status: 200,
      body: expect.objectContaining({ success: false, message: '后台找不到该类名：org.jeecg.Evil' }),
    });
    const wrong = await call('POST', '/sys/quartzJob/add', { jobClassName: JOB_CLASS.sampleParam, cronExpression: '* * * * *' });
    expect(wrong.body).toMatchObject({ success: false, message: 'Cron表达式应包含6或7个字段（秒 分 时 日 月 周 [年]），当前为5个' });
    const both = await call('POST', '/sys/quartzJob/add', { jobClassName: JOB_CLASS.sampleParam, cronExpression: '0 0 1 1 * 1 *' });
    expect(both.body).toMatchObject({ success: false, message: '日和周字段不能同时指定，其中一个必须为「?」' });
    const missing = await call('POST', '/sys/quartzJob/add', { jobClassName: JOB_CLASS.sampleParam });
    expect(missing.body).toMatchObject({ success: false, message: 'cron表达式不能为空' });
    const status = await call('POST', '/sys/quartzJob/add', { jobClassName: JOB_CLASS.sampleParam, cronExpression: '* * * * * ? *', status: 3 });
    expect(status.body).toMatchObject({ success: false, message: '状态只能是正常(0)或停止(-1)' });
  });

  it('adds a job that fires each second, runs it once now with its parameter in the run log, pauses and resumes it', async () => {
    const add = await call('POST', '/sys/quartzJob/add', { jobClassName: JOB_CLASS.sampleParam, cronExpression: '* * * * * ? *', parameter: '你好', description: '每秒示例', status: 0 });
    expect(add.body.success).toBe(true);
    const job = await jobNamed('每秒示例');
    expect(job).toMatchObject({ status: 0, status_dictText: '正常', nextFireTime: formatDateTime(new Date(t.clock.now().getTime() + 1000)) });

    const run = await call('GET', `/sys/quartzJob/execute?id=${job.id}`);
    expect(run.body).toMatchObject({ success: true, message: '执行成功!' });
    let runs = (await call('GET', `/sys/quartzJob/runs?jobId=${job.id}`)).body.result;
    expect(runs.total).toBe(1);
    expect(runs.records[0]).toMatchObject({ triggerType: 'manual', status: 'success', error: null });
    expect(runs.records[0].runLog).toContain('参数：你好');

    const scheduler = schedulerOf(t.app.ctx);
    t.clock.advance(1000);
    await scheduler.tick();
    await scheduler.idle();
    runs = (await call('GET', `/sys/quartzJob/runs?jobId=${job.id}`)).body.result;
    expect(runs.records.map((r: any) => r.triggerType).sort()).toEqual(['cron', 'manual']);

    expect((await call('GET', `/sys/quartzJob/pause?id=${job.id}`)).body).toMatchObject({ success: true, message: '停止定时任务成功' });
    expect(await jobNamed('每秒示例')).toMatchObject({ status: -1, nextFireTime: null });
    t.clock.advance(3000);
    await scheduler.tick();
    await scheduler.idle();
    expect((await call('GET', `/sys/quartzJob/runs?jobId=${job.id}`)).body.result.total).toBe(2);

    expect((await call('GET', `/sys/quartzJob/resume?id=${job.id}`)).body).toMatchObject({ success: true, message: '启动定时任务成功' });
    expect(await jobNamed('每秒示例')).toMatchObject({ status: 0, nextFireTime: formatDateTime(new Date(t.clock.now().getTime() + 1000)) });

    // an edit to a stopped status stops the schedule too
    expect((await call('PUT', '/sys/quartzJob/edit', { id: job.id, status: -1 })).body.success).toBe(true);
    expect(await jobNamed('每秒示例')).toMatchObject({ status: -1, nextFireTime: null });
  });

  it('cleans up expired sessions and logs older than the days of its parameter, and reports a wrong parameter', async () => {
    const old = formatDateTime(new Date(t.clock.now().getTime() - 40 * 24 * 3600_000));
    const recent = formatDateTime(new Date(t.clock.now().getTime() - 5 * 24 * 3600_000));
    await t.db.insertInto('sysLog').values([
      { id: newId(), logType: 2, logContent: '很久以前', createTime: old, tenantId: 1000 },
      { id: newId(), logType: 2, logContent: '最近', createTime: recent, tenantId: 1000 },
    ]).execute();
    await t.db.insertInto('sysCaptcha').values({ checkKey: 'old-key', answerHash: 'x', expiresAt: old, createTime: old }).execute();
    await call('POST', '/sys/quartzJob/add', { jobClassName: JOB_CLASS.cleanup, cronExpression: '0 0 3 * * ? *', parameter: '30', description: '清理' });
    const job = await jobNamed('清理');
    expect((await call('GET', `/sys/quartzJob/execute?id=${job.id}`)).body.message).toBe('执行成功!');
    const contents = (await t.db.selectFrom('sysLog').select('logContent').where('logContent', 'in', ['很久以前', '最近']).execute()).map((r) => r.logContent);
    expect(contents).toEqual(['最近']);
    expect(await t.db.selectFrom('sysCaptcha').select('checkKey').where('checkKey', '=', 'old-key').executeTakeFirst()).toBeUndefined();
    const [run] = (await call('GET', `/sys/quartzJob/runs?jobId=${job.id}`)).body.result.records;
    expect(run.runLog).toContain('30 天前的系统日志 1 条');

    await call('PUT', '/sys/quartzJob/edit', { id: job.id, parameter: '三十' });
    expect((await call('GET', `/sys/quartzJob/execute?id=${job.id}`)).body).toMatchObject({ success: false, message: '执行失败：参数应为保留天数（正整数），当前为：三十' });
    const runs = (await call('GET', `/sys/quartzJob/runs?jobId=${job.id}`)).body.result.records;
    expect(runs.map((r: any) => r.status).sort()).toEqual(['failure', 'success']);
  });

  it('deletes jobs one by one and in a batch; a missing job is answered', async () => {
    for (const d of ['删1', '删2', '删3']) await call('POST', '/sys/quartzJob/add', { jobClassName: JOB_CLASS.sampleParam, cronExpression: '0 * * * * ? *', description: d });
    const [a, b, c] = await Promise.all(['删1', '删2', '删3'].map(jobNamed));
    expect((await call('DELETE', `/sys/quartzJob/delete?id=${a.id}`)).body.success).toBe(true);
    expect((await call('DELETE', `/sys/quartzJob/deleteBatch?ids=${b.id},${c.id}`)).body.success).toBe(true);
    expect((await call('GET', `/sys/quartzJob/execute?id=${a.id}`)).body).toMatchObject({ success: false, message: '定时任务不存在！' });
  });

  it('needs the page codes: a reader may list but not add or run (403, 510); no role may not list', async () => {
    await createUser(t.db, { username: 'jobreader', password: 'Reader#2026', menuKeys: ['monitor', 'monitor.quartz', 'monitor.quartz.list'] });
    await createUser(t.db, { username: 'nobody14', password: 'Nobody#2026' });
    const reader = await login(t.app, 'jobreader', 'Reader#2026');
    const nobody = await login(t.app, 'nobody14', 'Nobody#2026');
    expect((await call('GET', '/sys/quartzJob/list', undefined, reader)).body.success).toBe(true);
    const job = (await call('GET', '/sys/quartzJob/list', undefined, reader)).body.result.records[0];
    for (const [method, url] of [
      ['POST', '/sys/quartzJob/add'],
      ['GET', `/sys/quartzJob/execute?id=${job.id}`],
      ['GET', `/sys/quartzJob/pause?id=${job.id}`],
      ['GET', `/sys/quartzJob/resume?id=${job.id}`],
    ] as const) {
      expect(await call(method, url, method === 'POST' ? {} : undefined, reader)).toMatchObject({ status: 403, body: { code: 510 } });
    }
    expect(await call('GET', '/sys/quartzJob/list', undefined, nobody)).toMatchObject({ status: 403, body: { code: 510 } });
    expect(await call('GET', '/sys/quartzJob/jobClasses', undefined, nobody)).toMatchObject({ status: 403, body: { code: 510 } });
  });
});
