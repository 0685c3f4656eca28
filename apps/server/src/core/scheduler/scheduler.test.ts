import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { formatDateTime, newId } from '../db';
import { JobRegistry } from './registry';
import { JOB_STATUS, nextFireAfter, Scheduler } from './scheduler';

// The scheduler on the app's database, moved by a hand-driven clock. The app itself is never made ready,
// so its own scheduler does not tick beside the ones built here.
let t: TestApp;
const quiet = { error: () => undefined, warn: () => undefined };
const fired: Array<{ job: string; at: string; node: string }> = [];
let gate: Promise<void> | null = null;

function registry(node: string) {
  return new JobRegistry()
    .register({ name: 'test.Record', title: '记录', run: async ({ parameter, fireTime }) => void fired.push({ job: parameter ?? '', at: formatDateTime(fireTime), node }) })
    .register({
      name: 'test.Slow',
      title: '慢任务',
      run: async ({ fireTime }) => {
        fired.push({ job: 'slow', at: formatDateTime(fireTime), node });
        await gate;
      },
    })
    .register({ name: 'test.Fail', title: '失败', run: async () => Promise.reject(new Error('磁盘已满')) });
}

async function addJob(jobClassName: string, cron: string, opts: { status?: number; parameter?: string } = {}) {
  const id = newId();
  const status = opts.status ?? JOB_STATUS.running;
  await t.db
    .insertInto('sysQuartzJob')
    .values({ id, jobClassName, cronExpression: cron, parameter: opts.parameter ?? null, status, nextFireTime: status === JOB_STATUS.running ? nextFireAfter(cron, t.clock.now()) : null, createTime: formatDateTime(t.clock.now()) })
    .execute();
  return id;
}

/** Moves the clock one second and lets each scheduler look for due jobs and finish its runs. */
async function second(...schedulers: Scheduler[]) {
  t.clock.advance(1000);
  await Promise.all(schedulers.map((s) => s.tick()));
  await Promise.all(schedulers.map((s) => s.idle()));
}

beforeAll(async () => {
  t = await createTestApp();
  // start on a whole second, as a real timer does
  t.clock.advance(1000 - (t.clock.now().getTime() % 1000));
});
afterAll(() => t.close());
beforeEach(async () => {
  fired.length = 0;
  gate = null;
  await t.db.deleteFrom('sysQuartzJob').execute();
  await t.db.deleteFrom('sysQuartzJobLog').execute();
});

describe('scheduler', () => {
  it('fires a job on each second its cron names, and not before', async () => {
    const s = new Scheduler(t.app.ctx, registry('a'), quiet, 'a');
    const start = t.clock.now().getTime();
    await addJob('test.Record', '* * * * * ? *', { parameter: 'every' });
    await addJob('test.Record', '*/5 * * * * ? *', { parameter: 'five' });
    await s.tick();
    await s.idle();
    expect(fired).toEqual([]);
    for (let i = 0; i < 10; i++) await second(s);
    const every = fired.filter((f) => f.job === 'every').map((f) => f.at);
    expect(every).toEqual(Array.from({ length: 10 }, (_, i) => formatDateTime(new Date(start + (i + 1) * 1000))));
    const five = fired.filter((f) => f.job === 'five');
    expect(five).toHaveLength(2);
    for (const f of five) expect(Number(f.at.slice(-2)) % 5).toBe(0);
    const logs = await t.db.selectFrom('sysQuartzJobLog').selectAll().execute();
    expect(logs).toHaveLength(12);
    expect(logs.every((l) => l.status === 'success' && l.triggerType === 'cron' && l.endTime !== null && l.node === 'a')).toBe(true);
  });

  it('does not start a job again while its run is still going', async () => {
    const s = new Scheduler(t.app.ctx, registry('a'), quiet, 'a');
    const id = await addJob('test.Slow', '* * * * * ? *');
    let release!: () => void;
    gate = new Promise((r) => (release = r));
    t.clock.advance(1000);
    await s.tick();
    await vi.waitFor(() => expect(fired).toHaveLength(1));
    // two more firings come while the first run waits
    t.clock.advance(1000);
    await s.tick();
    t.clock.advance(1000);
    await s.tick();
    expect(fired).toHaveLength(1);
    await expect(s.runNow(id)).rejects.toThrow('任务正在执行中');
    release();
    await s.idle();
    await second(s);
    expect(fired).toHaveLength(2);
    const runs = await t.db.selectFrom('sysQuartzJobLog').select('status').where('jobId', '=', id).execute();
    expect(runs.map((r) => r.status)).toEqual(['success', 'success']);
  });

  it('does not fire a stopped job; running it once by hand still works and is logged', async () => {
    const s = new Scheduler(t.app.ctx, registry('a'), quiet, 'a');
    const id = await addJob('test.Record', '* * * * * ? *', { status: JOB_STATUS.stopped, parameter: 'paused' });
    for (let i = 0; i < 3; i++) await second(s);
    expect(fired).toEqual([]);
    const outcome = await s.runNow(id);
    expect(outcome.status).toBe('success');
    expect(fired.map((f) => f.job)).toEqual(['paused']);
    const log = await t.db.selectFrom('sysQuartzJobLog').selectAll().where('id', '=', outcome.logId).executeTakeFirstOrThrow();
    expect(log).toMatchObject({ triggerType: 'manual', status: 'success', jobId: id });
  });

  it('records a failing run with its error', async () => {
    const s = new Scheduler(t.app.ctx, registry('a'), quiet, 'a');
    const id = await addJob('test.Fail', '* * * * * ? *');
    await second(s);
    const [log] = await t.db.selectFrom('sysQuartzJobLog').selectAll().where('jobId', '=', id).execute();
    expect(log).toMatchObject({ status: 'failure', error: '磁盘已满' });
    expect(log.durationMs).toBeGreaterThanOrEqual(0);
    // a failure frees the job for its next firing
    await second(s);
    expect(await t.db.selectFrom('sysQuartzJobLog').select('id').where('jobId', '=', id).execute()).toHaveLength(2);
  });

  it('runs each firing once when two schedulers share the database', async () => {
    const a = new Scheduler(t.app.ctx, registry('a'), quiet, 'a');
    const b = new Scheduler(t.app.ctx, registry('b'), quiet, 'b');
    const start = t.clock.now().getTime();
    await addJob('test.Record', '* * * * * ? *', { parameter: 'shared' });
    for (let i = 0; i < 10; i++) await second(a, b);
    expect(fired.map((f) => f.at)).toEqual(Array.from({ length: 10 }, (_, i) => formatDateTime(new Date(start + (i + 1) * 1000))));
    expect(await t.db.selectFrom('sysQuartzJobLog').select('id').execute()).toHaveLength(10);
  });
});
