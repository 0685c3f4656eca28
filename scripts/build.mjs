// Builds what `npm start` runs, and only what changed since the last build:
//   web    — apps/web/dist (Vite), skipped when the dist carries the stamp of the same sources
//   server — apps/server/dist (esbuild, one .js per .ts, same tree as src/ so paths beside a module —
//            worker scripts, assets, the repository root — resolve as they do from the sources)
// Usage: node scripts/build.mjs [web] [server] [--force]   (no target: both)
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const STAMP = '.build-stamp';
const SELF = fileURLToPath(import.meta.url);

/** Files under `dir` (relative to the repository), depth first, sorted, skipping what `skip` refuses. */
function filesUnder(dir, skip = () => false) {
  const out = [];
  // entries' own types: one stat less per file (a symbolic link is followed, as statSync does)
  const walk = (abs) => {
    for (const entry of readdirSync(abs, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const child = join(abs, entry.name);
      if (skip(relative(ROOT, child))) continue;
      const kind = entry.isSymbolicLink() ? statSync(child) : entry;
      if (kind.isDirectory()) walk(child);
      else if (kind.isFile()) out.push(child);
    }
  };
  const top = join(ROOT, dir);
  if (!existsSync(top)) return out;
  if (statSync(top).isFile()) return skip(relative(ROOT, top)) ? out : [top];
  walk(top);
  return out;
}

const isTest = (p) => /\.test\.tsx?$/.test(p) || /(^|[\\/])(test|__tests__)([\\/]|$)/.test(p);

/** One hash of the files' paths and contents. */
function hashOf(files) {
  const h = createHash('sha256');
  for (const f of files) {
    h.update(relative(ROOT, f).split(sep).join('/'));
    h.update('\0');
    h.update(readFileSync(f));
    h.update('\0');
  }
  return h.digest('hex');
}

/**
 * Each file's path, size, inode and change times: read without opening a file. The same as the stamp's
 * means the sources are as they were built; otherwise their contents are hashed again, and only a
 * different hash builds (a touched but unchanged file costs one hash, not a build).
 */
function statsOf(files) {
  const h = createHash('sha256');
  for (const f of files) {
    const s = statSync(f);
    h.update(`${relative(ROOT, f).split(sep).join('/')}\0${s.size}\0${s.ino}\0${s.mtimeMs}\0${s.ctimeMs}\0`);
  }
  return h.digest('hex');
}

const common = () => [
  join(ROOT, 'package-lock.json'),
  join(ROOT, 'package.json'),
  join(ROOT, 'tsconfig.base.json'),
  SELF,
  ...filesUnder('packages/shared', isTest),
];

const TARGETS = {
  web: {
    dist: join(ROOT, 'apps/web/dist'),
    // src/generated is written by the build itself
    sources: () => [...common(), ...filesUnder('apps/web', (p) => isTest(p) || p.startsWith(`apps${sep}web${sep}src${sep}generated`) || /vitest\.config/.test(p))],
    build() {
      run(process.execPath, ['--import', 'tsx', 'scripts/antd-static-css.tsx'], join(ROOT, 'apps/web'));
      run(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build'], join(ROOT, 'apps/web'));
    },
  },
  server: {
    dist: join(ROOT, 'apps/server/dist'),
    sources: () => [...common(), join(ROOT, 'apps/server/package.json'), ...filesUnder('apps/server/src', isTest)],
    build: buildServer,
  },
};

function run(cmd, args, cwd) {
  const r = spawnSync(cmd, args, { cwd, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (r.status !== 0) {
    process.stderr.write(`构建失败 (build failed): ${[cmd, ...args].join(' ')}\n`);
    process.exit(r.status ?? 1);
  }
}

/**
 * The server's TypeScript, one output file per source, the tree kept: imports between them point at the
 * emitted .js files; @anxue/shared is emitted under dist/_shared; packages stay imports.
 */
async function buildServer() {
  const { build } = await import('esbuild');
  const serverSrc = join(ROOT, 'apps/server/src');
  const sharedSrc = join(ROOT, 'packages/shared/src');
  const out = join(ROOT, 'apps/server/dist');
  const sharedOut = join(out, '_shared');
  const outFileOf = (src) => {
    const [base, dir] = src.startsWith(sharedSrc + sep) ? [sharedSrc, sharedOut] : [serverSrc, out];
    return join(dir, relative(base, src)).replace(/\.tsx?$/, '.js');
  };
  const resolveSource = (spec, fromDir) => {
    const base = resolve(fromDir, spec);
    for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
      if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
    }
    return undefined;
  };
  const entries = [...filesUnder('apps/server/src', isTest), ...filesUnder('packages/shared/src', isTest)].filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'));
  rmSync(out, { recursive: true, force: true });
  const linkFiles = {
    name: 'one-file-per-source',
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        let target;
        if (args.path.startsWith('.')) target = resolveSource(args.path, args.resolveDir);
        else if (args.path === '@anxue/shared' || args.path.startsWith('@anxue/shared/')) target = resolveSource(args.path.slice('@anxue/shared'.length).replace(/^\/?/, './') || './index', sharedSrc);
        else return { path: args.path, external: true };
        if (!target) return { errors: [{ text: `cannot resolve ${args.path} from ${args.importer}` }] };
        const importerOut = outFileOf(args.importer);
        const targetOut = /\.tsx?$/.test(target) ? outFileOf(target) : join(dirname(importerOut), relative(dirname(args.importer), target));
        let rel = relative(dirname(importerOut), targetOut).split(sep).join('/');
        if (!rel.startsWith('.')) rel = `./${rel}`;
        return { path: rel, external: true };
      });
    },
  };
  const common = { bundle: true, platform: 'node', format: 'esm', target: 'node20', sourcemap: true, logLevel: 'warning', plugins: [linkFiles] };
  await build({ ...common, entryPoints: entries.filter((f) => f.startsWith(serverSrc + sep)), outbase: serverSrc, outdir: out });
  await build({ ...common, entryPoints: entries.filter((f) => f.startsWith(sharedSrc + sep)), outbase: sharedSrc, outdir: sharedOut });
  // worker scripts and other files read beside their module
  for (const f of filesUnder('apps/server/src', isTest)) {
    if (/\.tsx?$/.test(f)) continue;
    const to = join(out, relative(serverSrc, f));
    mkdirSync(dirname(to), { recursive: true });
    copyFileSync(f, to);
  }
}

const args = process.argv.slice(2);
const force = args.includes('--force');
const wanted = args.filter((a) => !a.startsWith('--'));
for (const name of wanted.length ? wanted : Object.keys(TARGETS)) {
  const target = TARGETS[name];
  if (!target) {
    process.stderr.write(`unknown target ${name} (web, server)\n`);
    process.exit(2);
  }
  const stampFile = join(target.dist, STAMP);
  const sources = target.sources();
  const stats = statsOf(sources);
  // the stamp: the sources' hash, then their stats (a stamp without them is read as stale stats)
  const [builtHash, builtStats] = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').split('\n') : [];
  if (!force && builtHash && builtStats === stats) continue;
  const before = hashOf(sources);
  if (!force && builtHash === before) {
    writeFileSync(stampFile, `${before}\n${stats}\n`);
    continue;
  }
  const started = Date.now();
  process.stdout.write(`Building ${name} (its sources changed since the last build)…\n`);
  await target.build();
  // the sources as they were when the build began: an edit made meanwhile builds again next time
  writeFileSync(stampFile, `${before}\n${stats}\n`);
  process.stdout.write(`Built ${name} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}
