// Builds what `npm start` runs, and only what changed since the last build:
//   web    — apps/web/dist (Vite), skipped when the dist carries the stamp of the same sources
//   server — apps/server/dist (esbuild: main.js, one bundle of the server's sources, beside copies of the
//            files read next to a module — worker scripts — in the tree of src/)
// Usage: node scripts/build.mjs [web] [server] [--force]   (no target: both). `npm start` runs it through
// scripts/start.mjs.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
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
 * Packages bundled into dist/main.js: pure JavaScript ES modules that read no file beside themselves,
 * loaded at every start (kysely is some 260 files, zod about 100). zod's users come with it: one copy of
 * zod, whose schemas and registries another copy would not know.
 */
const BUNDLED_PACKAGES = ['@anxue/shared', 'kysely', 'zod', 'fastify-type-provider-zod'];

/**
 * The server's TypeScript bundled into one file, dist/main.js, with BUNDLED_PACKAGES; other packages stay
 * imports. One file instead of some 480 (and 360 of those packages' modules) takes about a quarter off the
 * start's CPU time. The files read beside a module (worker scripts, cells.cjs) are copied into dist/ in the
 * tree of src/, and each source's import.meta.url / dirname / filename is rewritten to where that source's
 * .js would be in that tree, so paths beside a module (workers, ../assets, the repository root) resolve as
 * they do from the sources.
 */
async function buildServer() {
  const { build, stop } = await import('esbuild');
  const serverSrc = join(ROOT, 'apps/server/src');
  const out = join(ROOT, 'apps/server/dist');
  rmSync(out, { recursive: true, force: true });
  const sources = {
    name: 'server-sources',
    setup(b) {
      // @anxue/shared is bundled from its sources, and the ES-module packages of hundreds of files; every
      // other package is imported at run time
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        if (BUNDLED_PACKAGES.some((name) => args.path === name || args.path.startsWith(`${name}/`))) return undefined;
        return { path: args.path, external: true };
      });
      b.onLoad({ filter: /\.tsx?$/ }, (args) => {
        const text = readFileSync(args.path, 'utf8');
        if (!text.includes('import.meta.')) return undefined;
        // where this source's own .js would be: the same tree under dist/ (shared's sources stay outside it)
        const rel = relative(serverSrc, args.path).replace(/\.tsx?$/, '.js');
        if (rel.startsWith('..')) throw new Error(`import.meta in ${args.path}: only the server's sources may resolve paths beside themselves`);
        const relDir = dirname(rel) === '.' ? '' : dirname(rel);
        const url = `new URL(${JSON.stringify(rel.split(sep).join('/'))}, import.meta.url).href`;
        const dir = relDir ? `(import.meta.dirname + ${JSON.stringify(sep + relDir)})` : 'import.meta.dirname';
        const file = `(import.meta.dirname + ${JSON.stringify(sep + rel)})`;
        const contents = text
          .replace(/\bimport\.meta\.url\b/g, url)
          .replace(/\bimport\.meta\.dirname\b/g, dir)
          .replace(/\bimport\.meta\.filename\b/g, file);
        return { contents, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
      });
    },
  };
  await build({
    entryPoints: [join(serverSrc, 'main.ts')],
    outfile: join(out, 'main.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [sources],
  });
  // esbuild's service would otherwise live on in `npm start`'s process, beside the server
  await stop();
  // worker scripts and other files read beside their module
  for (const f of filesUnder('apps/server/src', isTest)) {
    if (/\.tsx?$/.test(f)) continue;
    const to = join(out, relative(serverSrc, f));
    mkdirSync(dirname(to), { recursive: true });
    copyFileSync(f, to);
  }
}

/** Builds each of `names` (all when empty) whose sources changed since its last build, or every one with `force`. */
export async function buildChanged(names = [], { force = false } = {}) {
  for (const name of names.length ? names : Object.keys(TARGETS)) {
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
}

// run as a script (scripts/start.mjs imports it instead)
if (process.argv[1] && realpathSync(resolve(process.argv[1])) === SELF) {
  const args = process.argv.slice(2);
  await buildChanged(
    args.filter((a) => !a.startsWith('--')),
    { force: args.includes('--force') },
  );
}
