// Runs every benchmark in turn (npm run bench). Each prints its figures and its ratio to a baseline.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { npmStartLine } from './lib/npm-start';

const only = process.argv.slice(2);
const files = readdirSync(import.meta.dirname)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();
let failed = 0;
for (const f of files) {
  console.log(`\n# ${f}`);
  // npm start's memory settings (a bench may run the server in its own process), which the memory figures
  // depend on; the soak runs 30 minutes alone (npx tsx soak.bench.ts): here a short one unless SOAK_MINUTES says
  const asStarted = npmStartLine();
  const env = { ...process.env, ...asStarted.env, SOAK_MINUTES: process.env.SOAK_MINUTES ?? '3' };
  const r = spawnSync(process.execPath, [...asStarted.flags, '--expose-gc', '--import', 'tsx', f], { cwd: import.meta.dirname, stdio: 'inherit', env });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
