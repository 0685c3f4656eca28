import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime, migrateToLatest, newId, seedDatabase, type DbHandle } from '../src/core/db';
import { JOB_STATUS, nextFireAfter } from '../src/core/scheduler';
import { JOB_CLASS } from '../src/modules/quartz/handlers';
import { serverTestDatabases, type TestDatabase } from './helpers/databases';

// Issue 14's proof of the claim: two server processes share one database (PostgreSQL, and MySQL/MariaDB);
// a job due every second fires exactly once per second across both of them for ten seconds.
const SERVER = resolve(import.meta.dirname, '..');
const RUN_MS = 10_000;
const databases = serverTestDatabases('t_sched');

// on SQLite alone there is no database two processes could share
if (!databases.length) it.skip('scheduler on two processes: needs TEST_DATABASE_URL or TEST_MYSQL_URL', () => {});

describe.each(databases)('scheduler on two processes (%s)', (_name, open) => {
  let database: TestDatabase;
  let handle: DbHandle;
  beforeAll(async () => {
    database = await open();
    handle = database.handle;
    await migrateToLatest(handle.db);
    await seedDatabase(handle.db, { adminPassword: 'Two#nodes-2026' });
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('runs each firing of an every-second job once, whichever node claims it', async () => {
    const cron = '* * * * * ? *';
    const jobId = newId();
    // stopped until both nodes are up, so neither start-up is counted as a missed second
    await handle.db
      .insertInto('sysQuartzJob')
      .values({ id: jobId, jobClassName: JOB_CLASS.sampleParam, cronExpression: cron, parameter: 'two-nodes', status: JOB_STATUS.stopped, nextFireTime: null, createTime: formatDateTime(new Date()) })
      .execute();

    const node = (name: string) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'test/helpers/scheduler-node.ts'], {
        cwd: SERVER,
        env: { ...process.env, ...database.serverEnv, NODE_NAME: name, RUN_MS: String(RUN_MS + 15_000) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      const ready = new Promise<void>((ok, fail) => {
        child.stdout.on('data', (d) => {
          out += d;
          if (out.includes('ready')) ok();
        });
        child.stderr.on('data', (d) => (out += d));
        child.on('exit', (code) => fail(new Error(`${name} exited ${code} before it was ready: ${out}`)));
      });
      const exited = new Promise<string>((done, fail) => child.on('exit', (code) => (code === 0 ? done(out) : fail(new Error(`${name} exited ${code}: ${out}`)))));
      return { ready, exited, child };
    };
    const nodes = [node('node-a'), node('node-b')];
    await Promise.all(nodes.map((n) => n.ready));
    const from = new Date();
    await handle.db.updateTable('sysQuartzJob').set({ status: JOB_STATUS.running, nextFireTime: nextFireAfter(cron, from) }).where('id', '=', jobId).execute();
    await new Promise((r) => setTimeout(r, RUN_MS));
    await handle.db.updateTable('sysQuartzJob').set({ status: JOB_STATUS.stopped, nextFireTime: null }).where('id', '=', jobId).execute();
    for (const n of nodes) n.child.kill('SIGTERM');
    await Promise.allSettled(nodes.map((n) => n.exited));

    const runs = await handle.db.selectFrom('sysQuartzJobLog').select(['fireTime', 'node', 'status']).where('jobId', '=', jobId).orderBy('fireTime').execute();
    const fireTimes = runs.map((r) => r.fireTime);
    // exactly once per firing: no second appears twice
    expect(new Set(fireTimes).size).toBe(fireTimes.length);
    // one a second for the ten seconds the job was on
    expect(runs.length).toBeGreaterThanOrEqual(9);
    expect(runs.length).toBeLessThanOrEqual(11);
    // consecutive firings one second apart: none skipped while both nodes were up
    const seconds = fireTimes.map((t) => new Date(t.replace(' ', 'T')).getTime() / 1000);
    for (let i = 1; i < seconds.length; i++) expect(seconds[i]! - seconds[i - 1]!, `${fireTimes[i - 1]} → ${fireTimes[i]}`).toBe(1);
    expect(runs.every((r) => r.status === 'success')).toBe(true);
    expect(new Set(runs.map((r) => r.node)).size).toBeGreaterThanOrEqual(1);
  }, 60_000);
});
