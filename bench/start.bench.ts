// `npm start` on an unchanged tree: time from spawning it to the first 200 of GET / (the web app) and to
// the first successful sign-in through the API. Baseline in the same run: the first start, on a fresh
// DATA_DIR (migrations, seeding, demo data). Also timed alone: the build check `npm start` runs first
// (scripts/build.mjs with nothing to build) and the compiled server without it; and the CPU time each start
// spent (Linux), which other work on the machine does not stretch as it does the wall time. Builds first, untimed.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../e2e/support/server';
import { npmStartLine } from './lib/npm-start';
import { percentile, report } from './lib/report';

const ROOT = resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ADMIN_PASSWORD = 'Bench#2026-pass';
const median = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 50);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Start {
  page: number;
  signIn: number;
  /** CPU time (user + system) of the started process group when both answered: what load does not stretch. */
  cpu: number;
}

/** Linux: the CPU time spent so far by the live processes of process group `group`, in ms (NaN elsewhere). */
function cpuOfGroup(group: number): number {
  if (process.platform !== 'linux') return NaN;
  let ticks = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      // after "(name)": state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').pop()!.split(' ');
      if (Number(fields[2]) === group) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}

/** Spawns `cmd` (a process group of its own), polls until GET / and a sign-in both answer; stops it. */
async function timeStart(cmd: string, args: string[], dataDir: string, extraEnv: Record<string, string> = {}): Promise<Start> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  const child = spawn(cmd, args, {
    cwd: ROOT,
    detached: true,
    env: { ...process.env, ...extraEnv, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_PASSWORD, LOGIN_CAPTCHA: 'off', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  let page = NaN;
  let signIn = NaN;
  try {
    while (Number.isNaN(page) || Number.isNaN(signIn)) {
      if (child.exitCode !== null) throw new Error(`${cmd} exited (${child.exitCode}):\n${log}`);
      if (performance.now() - t0 > 180_000) throw new Error(`no answer in 180 s:\n${log}`);
      const checks: Promise<void>[] = [];
      if (Number.isNaN(page))
        checks.push(
          fetch(`${base}/`).then(
            (r) => void (r.status === 200 && (page = performance.now() - t0)),
            () => {},
          ),
        );
      if (Number.isNaN(signIn))
        checks.push(
          fetch(`${base}/api/sys/userLogin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }) })
            .then((r) => r.json())
            .then(
              (env: { success: boolean }) => void (env.success && (signIn = performance.now() - t0)),
              () => {},
            ),
        );
      await Promise.all(checks);
      await sleep(10);
    }
    return { page, signIn, cpu: cpuOfGroup(child.pid!) };
  } finally {
    // npm, its shell and the server: the whole group
    if (child.exitCode === null) {
      process.kill(-child.pid!, 'SIGTERM');
      await new Promise((r) => child.once('exit', r));
      await sleep(300);
    }
  }
}

function timeCommand(cmd: string, args: string[]): number {
  const t0 = performance.now();
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed`);
  return performance.now() - t0;
}

console.log('building (untimed) …');
timeCommand(process.execPath, ['scripts/build.mjs']);

const dataDir = mkdtempSync(join(tmpdir(), 'bench-start-'));
try {
  const first = await timeStart('npm', ['start'], dataDir);
  const again: Start[] = [];
  for (let i = 0; i < RUNS; i++) again.push(await timeStart('npm', ['start'], dataDir));
  const check: number[] = [];
  for (let i = 0; i < RUNS; i++) check.push(timeCommand(process.execPath, ['scripts/build.mjs']));
  const bare: Start[] = [];
  // the compiled server with npm start's memory settings, without npm and the build check
  const asStarted = npmStartLine();
  for (let i = 0; i < RUNS; i++) bare.push(await timeStart(process.execPath, [...asStarted.flags, 'apps/server/dist/main.js'], dataDir, asStarted.env));
  const secondPage = median(again.map((s) => s.page));
  const secondSignIn = median(again.map((s) => s.signIn));
  report('start', [
    { name: `second npm start (unchanged tree, same DATA_DIR): spawn to the first 200 of GET /, median of ${RUNS}`, value: secondPage, unit: 'ms', baseline: first.page, aim: '< 3000 ms' },
    { name: `the same, to the first successful sign-in (POST /api/sys/userLogin), median of ${RUNS}`, value: secondSignIn, unit: 'ms', baseline: first.signIn, aim: '< 3000 ms' },
    { name: 'first npm start (fresh DATA_DIR): to the first 200 of GET /', value: first.page, unit: 'ms' },
    { name: 'first npm start: to the first successful sign-in', value: first.signIn, unit: 'ms' },
    { name: `the build check alone, as a script with nothing to build (node scripts/build.mjs; npm start runs it in the server's process), median of ${RUNS}`, value: median(check), unit: 'ms' },
    { name: `the compiled server alone (node apps/server/dist/main.js), to the first sign-in, median of ${RUNS}`, value: median(bare.map((s) => s.signIn)), unit: 'ms' },
    // CPU, not wall: the same on a quiet machine and under other work's load
    { name: `CPU time of a second npm start (npm, build check, server) until both answered, median of ${RUNS}`, value: median(again.map((s) => s.cpu)), unit: 'ms', baseline: first.cpu },
    { name: `CPU time of the compiled server alone until both answered, median of ${RUNS}`, value: median(bare.map((s) => s.cpu)), unit: 'ms' },
  ]);
  if (Math.max(secondPage, secondSignIn) >= 3000) {
    console.error(`OVER AIM: a second npm start answers after ${Math.max(secondPage, secondSignIn).toFixed(0)} ms`);
    process.exitCode = 1;
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
