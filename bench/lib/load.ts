import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { percentile } from './report';

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

const AUTOCANNON = join(import.meta.dirname, '..', '..', 'node_modules', 'autocannon', 'autocannon.js');

/** Loads a URL from a second process (autocannon), so the server under test has its process to itself. */
export function loadFromSecondProcess(url: string, opts: { headers?: Record<string, string>; seconds?: number; connections?: number } = {}): Promise<LoadResult> {
  const args = [AUTOCANNON, '-j', '-c', String(opts.connections ?? 10), '-d', String(opts.seconds ?? 10)];
  for (const [k, v] of Object.entries(opts.headers ?? {})) args.push('-H', `${k}=${v}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon failed (${code}): ${err}`));
      const r = JSON.parse(out);
      resolve({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx });
    });
  });
}

// The steady load: a light call from a second process (plain JavaScript, no loader needed). Open loop: a
// call is sent every 1000/rate ms whether or not the earlier ones were answered, and its latency counts
// from the moment it was due, so a stalled server shows as every call that waited (no coordinated
// omission). On "stop" it waits for the calls in flight and sends back each call's due time (epoch ms)
// and latency.
const STEADY_SCRIPT = `
const [url, token, rate, sign] = process.argv.slice(1);
const samples = [];
const pending = new Set();
let errors = 0;
let timer;
async function one(at, t0) {
  try {
    const res = await fetch(url, { headers: { 'x-access-token': token, 'x-sign': sign, 'x-timestamp': String(Date.now()) } });
    const body = await res.json();
    if (!body.success) errors++;
  } catch { errors++; }
  samples.push([at, performance.now() - t0]);
}
const start = performance.now();
const startAt = Date.now();
const every = 1000 / Number(rate);
let n = 0;
function tick() {
  const now = performance.now();
  while (start + n * every <= now) {
    const due = start + n * every;
    const p = one(startAt + n * every, due);
    pending.add(p);
    p.finally(() => pending.delete(p));
    n++;
  }
  timer = setTimeout(tick, Math.max(0, start + n * every - performance.now()));
}
process.on('message', async (m) => {
  if (m !== 'stop') return;
  clearTimeout(timer);
  await Promise.all([...pending]);
  process.send({ samples, errors }, () => process.exit(0));
});
tick();
process.send('ready');
`;

export interface Sample {
  /** When the call was due (epoch ms). */
  at: number;
  ms: number;
}

/**
 * Starts a steady load of `rate` GET calls a second on `url` from a second process, signed with `sign`
 * (the X-Sign of a call without parameters); answers a function that stops it and gives back its samples.
 */
export async function startSteadyLoad(url: string, token: string, sign: string, rate: number): Promise<() => Promise<{ samples: Sample[]; errors: number }>> {
  const child = spawn(process.execPath, ['-e', STEADY_SCRIPT, url, token, String(rate), sign], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`load process exited (${code})`)));
  });
  return () =>
    new Promise((resolve) => {
      child.once('message', (m: { samples: Array<[number, number]>; errors: number }) => resolve({ samples: m.samples.map(([at, ms]) => ({ at, ms })), errors: m.errors }));
      child.send('stop');
    });
}

/** Count, p50, p99 and worst latency of samples. */
export function latencyStats(samples: Sample[]) {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  return { count: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted[sorted.length - 1] ?? NaN };
}

/** The X-Sign of a call without parameters (getDictItems): the MD5 of "{}" and the install's secret. */
export const signOfNoParameters = (secret: string) => createHash('md5').update(`{}${secret}`).digest('hex').toUpperCase();
