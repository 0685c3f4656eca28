#!/usr/bin/env node
// Lists the backend calls in a checkout of the original Vue 3 client (jeecgboot-vue3) that
// docs/compatibility.md does not have a row for. The client is a peer we test against; nothing of it is
// kept here, so its path is an argument:
//   node scripts/client-calls.mjs /path/to/jeecgboot-vue3 [--all]
// A call is a path in an `Api`-like enum or a `url:` literal of a defHttp call; its method comes from the
// defHttp call that uses it (ANY when only a helper such as an upload or export uses it).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = process.argv[2];
if (!root) {
  console.error('usage: node scripts/client-calls.mjs <jeecgboot-vue3 checkout> [--all]');
  process.exit(2);
}
const src = join(root, 'src');
const files = [];
(function walk(dir) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p);
    else if (/\.(ts|vue|tsx|js)$/.test(name)) files.push(p);
  }
})(src);

const PATH = String.raw`\/?(?:sys|online|api|actuator|test|openapi|mock|joa|eoa|drag|act|airag|jmreport|bigscreen|desform|message|error)\/[A-Za-z0-9_\-./{}$:]*`;
const METHOD = { get: 'GET', post: 'POST', put: 'PUT', delete: 'DELETE' };
const calls = new Map();
const add = (method, path, file) => {
  const norm = ('/' + path.replace(/^\//, '')).replace(/\/+$/, '');
  const key = `${method} ${norm}`;
  if (!calls.has(key)) calls.set(key, { method, path: norm, files: new Set() });
  calls.get(key).files.add(relative(root, file));
};

for (const file of files) {
  const text = readFileSync(file, 'utf8');
  // enum members and constants: Name = '/sys/…' or name: '/sys/…'
  const named = new Map();
  for (const m of text.matchAll(new RegExp(String.raw`([A-Za-z_$][\w$]*)\s*[=:]\s*['"\`](${PATH})['"\`]`, 'g'))) named.set(m[1], m[2]);
  const used = new Set();
  // defHttp.get({ url: Api.list … }) / defHttp.post({ url: '/sys/…' }) / url: `${Api.x}/…`
  for (const m of text.matchAll(/defHttp\.(get|post|put|delete)\s*(?:<[^>]*>)?\(\s*\{[^}]*?url\s*:\s*([^,}\n]+)/g)) {
    const method = METHOD[m[1]];
    const expr = m[2].trim();
    const literal = new RegExp(`^['"\`](${PATH})['"\`]$`).exec(expr);
    if (literal) {
      add(method, literal[1], file);
      continue;
    }
    const ref = /^\`?\$?\{?\s*(?:[A-Za-z_$][\w$]*\.)?([A-Za-z_$][\w$]*)\s*\}?(.*?)\`?$/.exec(expr);
    if (ref && named.has(ref[1])) {
      const rest = ref[2].replace(/\$\{[^}]*\}/g, '${x}');
      add(method, named.get(ref[1]) + rest, file);
      used.add(ref[1]);
    }
  }
  for (const [name, path] of named) if (!used.has(name)) add('ANY', path, file);
}

const here = fileURLToPath(new URL('..', import.meta.url));
const table = readFileSync(join(here, 'docs/compatibility.md'), 'utf8');
const listed = new Set();
for (const m of table.matchAll(/^\| (GET|POST|PUT|DELETE|ANY) \| `([^`]+)` \|/gm)) listed.add(`${m[1]} ${m[2].replace(/\$\{[^}]*\}/g, '${x}').replace(/\/+$/, '')}`);
const known = (c) => listed.has(`${c.method} ${c.path}`) || [...listed].some((l) => l.endsWith(` ${c.path}`));
const all = process.argv.includes('--all');
const rows = [...calls.values()].filter((c) => all || !known(c)).sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
for (const c of rows) console.log(`${c.method}\t${c.path}\t${[...c.files].slice(0, 2).join(' ')}`);
console.error(`${calls.size} calls in the client, ${rows.length} ${all ? 'listed' : 'without a row in docs/compatibility.md'}`);
