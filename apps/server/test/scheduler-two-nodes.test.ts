import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, formatDateTime, migrateToLatest, newId, seedDatabase, type DbHandle } from '../src/core/db';
import { JOB_STATUS, nextFireAfter } from '../src/core/scheduler';
import { JOB_CLASS } from '../src/modules/quartz/handlers';
import { TEST_POSTGRES_URL } from './helpers/databases';

// Issue 14's proof of the claim: two server processes share one PostgreSQL database; a job due every
// second fires exactly once per second across both of them for ten seconds.
const url = TEST_POSTGRES_URL;
const SERVER = resolve(import.meta.dirname, '..');
const RUN_MS = 10_000;
const schema = `t_sched_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
let admin: pg.Client;
let handle: DbHandle;

describe.skipIf(!url)('scheduler on two processes (PostgreSQL)', () => {
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    handle = connectDatabase({ databaseUrl: url!, pgSearchPath: schema, poolSize: 2 });
    await migrateToLatest(handle.db);
    await seedDatabase(handle.db, { adminPassword: 'Two#nodes-2026' });
  });
  afterAll(async () => {
    await handle?.close();
    await admin?.query(`drop schema if exists ${schema} cascade`);
    await admin?.end();
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
        env: { ...process.env, DATABASE_URL: url, PG_SEARCH_PATH: schema, NODE_NAME: name, RUN_MS: String(RUN_MS + 15_000) },
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
