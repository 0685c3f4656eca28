import { spawn } from 'node:child_process';
import { join } from 'node:path';

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
