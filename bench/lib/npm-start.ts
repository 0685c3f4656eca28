// How `npm start` runs the server: the environment variables and node flags of package.json's start line.
// Benches that start the server, or run it in their own process, use the same, so their memory figures are
// those of an install (malloc pools and the young generation's size change them).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');

/** `A=1 B=2 node --flag … script` of package.json's start (after any `&&`): its variables and flags. */
export function npmStartLine(): { env: Record<string, string>; flags: string[] } {
  const start = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
  const words = start.split('&&').at(-1)!.trim().split(/\s+/);
  const env: Record<string, string> = {};
  while (words[0] && /^\w+=/.test(words[0])) {
    const [k, ...v] = words.shift()!.split('=');
    env[k!] = v.join('=');
  }
  if (words.shift() !== 'node') throw new Error(`package.json's start does not end with node …: ${start}`);
  return { env, flags: words.filter((w) => w.startsWith('--')) };
}
