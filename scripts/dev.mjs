// `npm run dev`: the server under tsx watch (restarts on a change) and Vite's dev server (live reload,
// /api proxied to the server). Open http://localhost:5173. Ctrl-C stops both.
import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const children = [
  spawn(npm, ['run', 'dev', '-w', '@anxue/server'], { cwd: ROOT, stdio: 'inherit' }),
  spawn(npm, ['run', 'dev', '-w', '@anxue/web'], { cwd: ROOT, stdio: 'inherit' }),
];
let stopping = false;
const stop = (code) => {
  if (stopping) return;
  stopping = true;
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  process.exitCode = code;
};
for (const c of children) c.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
