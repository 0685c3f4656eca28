import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const ANTD_STATIC_CSS = fileURLToPath(new URL('src/generated/antd-static.css', import.meta.url));

/** The emitted antd stylesheet's name, for the page's list of assets (appAssets). */
let antdCssFile: string | undefined;

/**
 * The default theme's antd styles written by scripts/antd-static-css.tsx (run by `npm run build` first):
 * emitted as a long-cached asset. Not linked by the page: the sign-in page uses no antd, and these are
 * 90 KB in gzip. The screens that use antd link it first in the head before their first render
 * (src/lib/appAssets.ts, AntdProvider), so the app's own rules still come after it. Without the file the
 * page makes them all, as before.
 */
function antdStaticCss(): Plugin {
  return {
    name: 'antd-static-css',
    apply: 'build',
    buildStart() {
      antdCssFile = undefined;
      if (!existsSync(ANTD_STATIC_CSS)) return;
      const source = readFileSync(ANTD_STATIC_CSS);
      antdCssFile = `assets/antd-static-${createHash('sha256').update(source).digest('hex').slice(0, 10)}.css`;
      this.emitFile({ type: 'asset', fileName: antdCssFile, source });
    },
  };
}

/**
 * Names the signed-in shell's chunks and styles, and antd's stylesheet, in a JSON data block of the page
 * (id app-assets; the page's CSP runs no inline script). The entry links them when a signed-in user opens a
 * back-office page, so the browser fetches them while the permissions are on their way (src/lib/appAssets.ts);
 * the sign-in page and the student area never fetch them. Linked at once rather than by Vite's loader, one
 * link per chunk (62) inside the task that rendered the guard, some 50 ms of that task. (Vite's per-import
 * preloading stays on for the other pages: turned off, a confirm dialog's button lost a click now and then
 * on a loaded machine, in the student area's browser test.)
 */
function preloadShell(entry: string): Plugin {
  return {
    name: 'preload-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle || !ctx.filename.endsWith('index.html')) return;
        const chunks = Object.values(ctx.bundle).filter((c) => c.type === 'chunk');
        // in strict execution order a lazy page's chunk may have no facade: found by its modules then
        const shell = chunks.find((c) => c.facadeModuleId?.endsWith(entry)) ?? chunks.find((c) => c.moduleIds.some((m) => m.endsWith(entry)));
        if (!shell) throw new Error(`preload-shell: no chunk for ${entry}`);
        const byName = new Map(chunks.map((c) => [c.fileName, c]));
        const js = new Set<string>();
        const css = new Set<string>();
        const visit = (name: string) => {
          const chunk = byName.get(name);
          if (!chunk || js.has(name)) return;
          js.add(name);
          for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(file);
          chunk.imports.forEach(visit);
        };
        visit(shell.fileName);
        const linked = (file: string) => html.includes(`/${file}"`);
        const assets = {
          antdCss: antdCssFile ? `/${antdCssFile}` : undefined,
          shellCss: [...css].filter((f) => !linked(f)).map((f) => `/${f}`),
          shellJs: [...js].filter((f) => !linked(f)).map((f) => `/${f}`),
        };
        return [{ tag: 'script', attrs: { type: 'application/json', id: 'app-assets' }, children: JSON.stringify(assets), injectTo: 'head' as const }];
      },
    },
  };
}

/**
 * antd's inputs import the form library for one small thing each: the form context (every input) asks
 * rc-field-form's index for FormProvider, and the radio group asks antd's useForm module for a name helper.
 * Both modules load the whole form library (some 14 KB in gzip), whose index sets properties at load so
 * nothing of it can be dropped. They are pointed at the module that defines FormProvider and at the helper
 * alone; a page with a form still loads the library through the form.
 */
const NAME_PATH_HELPER = '\0antd-form-name-path';
// antd's Modal draws a Skeleton for its `loading` prop (3.4 KB gzip on every page with a dialog); no dialog
// of ours passes it: nothing is drawn instead
const MODAL_LOADING = '\0antd-modal-loading';
function formLibraryOnlyWithForms(): Plugin {
  return {
    name: 'form-library-only-with-forms',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer) return;
      if (source === 'rc-field-form' && /antd[\\/]es[\\/]form[\\/]context\.js$/.test(importer)) {
        return this.resolve('rc-field-form/es/FormContext', importer, { skipSelf: true });
      }
      if (source === '../form/hooks/useForm' && /antd[\\/]es[\\/]radio[\\/]group\.js$/.test(importer)) return NAME_PATH_HELPER;
      if (source === '../skeleton' && /antd[\\/]es[\\/]modal[\\/]Modal\.js$/.test(importer)) return MODAL_LOADING;
    },
    load(id) {
      // antd's toNamePathStr (antd/es/form/hooks/useForm.js), on its own
      if (id === MODAL_LOADING) return `export default function ModalLoading() { return null; }\n`;
      if (id === NAME_PATH_HELPER) return `import { toArray } from 'antd/es/form/util';\nexport const toNamePathStr = (name) => toArray(name).join('_');\n`;
    },
  };
}

/**
 * Every page renders the app's root (src/app/App.tsx, with the sign-in page), which the entry imports only
 * once the interface language is in: linked as module preloads, its chunks arrive with the entry's instead
 * of one round trip after it, some 150 ms each on a phone's network. Fetched, not run, before their turn.
 */
function preloadAppRoot(entry: string): Plugin {
  return {
    name: 'preload-app-root',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle || !ctx.filename.endsWith('index.html')) return;
        const chunks = Object.values(ctx.bundle).filter((c) => c.type === 'chunk');
        const root = chunks.find((c) => c.facadeModuleId?.endsWith(entry)) ?? chunks.find((c) => c.moduleIds.some((m) => m.endsWith(entry)));
        if (!root) throw new Error(`preload-app-root: no chunk for ${entry}`);
        const byName = new Map(chunks.map((c) => [c.fileName, c]));
        const files: string[] = [];
        const visit = (name: string) => {
          const chunk = byName.get(name);
          if (!chunk || files.includes(name)) return;
          files.push(name);
          chunk.imports.forEach(visit);
        };
        visit(root.fileName);
        const missing = (f: string) => !html.includes(`href="/${f}"`) && !html.includes(`src="/${f}"`);
        // their styles too: Vite's loader would ask for them only once the entry has run, a round trip later
        const css = [...new Set(files.flatMap((f) => [...(byName.get(f)?.viteMetadata?.importedCss ?? [])]))].filter(missing);
        return [
          ...css.map((f) => ({ tag: 'link', attrs: { rel: 'stylesheet', crossorigin: true, href: `/${f}` }, injectTo: 'head' as const })),
          ...files.filter(missing).map((f) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f}` }, injectTo: 'head' as const })),
        ];
      },
    },
  };
}

/** Where a module belongs, by its path under src/: the back office, the student area, or neither (shared). */
function sideOf(id: string): 'backOffice' | 'studentArea' | undefined {
  const m = /[\\/]apps[\\/]web[\\/]src[\\/](.*)$/.exec(id);
  if (!m) return;
  const path = m[1].replace(/\\/g, '/');
  // the area's route table sits in the app's (its pages load lazily)
  if (path.startsWith('features/students/area/')) return path.endsWith('area/routes.tsx') ? undefined : 'studentArea';
  // the sign-in page's frame and the notice bell, which the student area shows too, are shared
  if (path.startsWith('layouts/UserLayout') || path.startsWith('layouts/user-layout') || path.startsWith('layouts/header/NoticeBell')) return;
  if (path.startsWith('layouts/') || (path.startsWith('features/') && !path.startsWith('features/auth/'))) return 'backOffice';
}

/**
 * Lists the chunks holding back-office code and those holding the student area's, with those modules, in
 * .vite/sides.json of the build (not served: the server leaves dot paths out). The bundle bench checks that
 * a student's phone fetches none of the first and the back-office shell none of the second.
 */
function chunkSides(): Plugin {
  return {
    name: 'chunk-sides',
    apply: 'build',
    generateBundle(_options, bundle) {
      const sides: Record<'backOffice' | 'studentArea', Record<string, string[]>> = { backOffice: {}, studentArea: {} };
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const id of chunk.moduleIds) {
          const side = sideOf(id);
          if (side) (sides[side][chunk.fileName] ??= []).push(id.replace(/^.*[\\/]apps[\\/]web[\\/]/, ''));
        }
      }
      this.emitFile({ type: 'asset', fileName: '.vite/sides.json', source: JSON.stringify(sides) });
    },
  };
}

// The API server serves the built app from dist/ and the API under API_BASE (/api).
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|wasm|txt|map|bcmap)$/;

/**
 * Brotli and gzip copies of the larger built assets, written beside them: the server sends one to a
 * browser that takes it (the stylesheet of antd's styles is 960 kB, 88 kB in gzip), whatever stands in front.
 */
function precompressAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const dir = join(outDir, 'assets');
      if (!existsSync(dir)) return;
      for (const name of readdirSync(dir)) {
        const file = join(dir, name);
        if (!COMPRESSIBLE.test(name) || statSync(file).size < 1024) continue;
        const body = readFileSync(file);
        // the best brotli (7% smaller than 9 on the first screens' files) where it costs little time; the
        // large files (the editor, charts, pdf.js: no first screen's) at 9, as the whole would take 10 s more
        const quality = body.length <= 256 * 1024 ? 11 : 9;
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: quality, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }));
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

/**
 * The student area's first screen in few files. Left to itself the build splits the frame and the home page
 * into some 65 chunks (each set of pages sharing a module gets its own), and a phone's browser asks for six
 * at a time over HTTP/1.1, each a round trip on a school network: about a second of waiting in all. The
 * frame's modules that the back-office shell also loads form one chunk (the shell loads them all anyway),
 * the area's own another, the rest (libraries and the app's shared code the shell does not load at once: a
 * back-office page may fetch it, never the area's code) a third, and the home page's a fourth.
 * The sign-in page's modules stay in the entry's chunks: grouped into two, they came no sooner (the phone's
 * bandwidth, not its requests, sets the time), and the PDF viewer page would load them all.
 */
function studentFirstScreenChunks() {
  const AREA = /[\\/]apps[\\/]web[\\/]src[\\/](features[\\/]students[\\/]area|app[\\/]static-pages[\\/]StudentsLayout)/;
  // barrels re-export every component; an importer's own names say which it uses (the bundle keeps those only)
  const BARRELS: Record<string, (name: string) => string> = {
    antd: (name) => `/antd/es/${name.replace(/[A-Z]/g, (c, i) => (i ? '-' : '') + c.toLowerCase())}/index.js`,
    '@ant-design/icons': (name) => `/@ant-design/icons/es/icons/${name}.js`,
  };
  type Info = { id: string; code: string | null; importedIds: readonly string[] } | null;
  let groups: Map<string, string> | undefined;
  const ids: string[] = [];
  const slash = (id: string) => id.replace(/\\/g, '/');
  const plan = (info: (id: string) => Info) => {
    const find = (end: string) => ids.find((m) => slash(m).endsWith(end));
    const named = (code: string, from: string) =>
      [...code.matchAll(new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*['"]${from.replace('/', '\\/')}['"]`, 'g'))].flatMap((m) =>
        m[1]!
          .split(',')
          .map((n) => n.trim())
          .filter((n) => n && !n.startsWith('type '))
          .map((n) => n.split(/\s+as\s+/)[0]!),
      );
    const closure = (roots: string[]) => {
      const seen = new Set<string>();
      const stack = [...roots];
      while (stack.length) {
        const id = stack.pop()!;
        if (seen.has(id)) continue;
        seen.add(id);
        const m = info(id);
        for (const dep of m?.importedIds ?? []) {
          const barrel = Object.keys(BARRELS).find((b) => slash(dep).endsWith(`/node_modules/${b}/es/index.js`));
          if (!barrel) stack.push(dep);
          else
            for (const name of named(m?.code ?? '', barrel)) {
              const target = find(BARRELS[barrel]!(name));
              if (target) stack.push(target);
            }
        }
      }
      return seen;
    };
    const id = (end: string) => {
      const found = find(end);
      if (!found) throw new Error(`student chunks: no module ${end}`);
      return found;
    };
    const entry = closure([id('src/main.tsx'), id('src/app/App.tsx')]);
    const shell = closure([id('src/layouts/BasicLayout.tsx')]);
    const frame = closure([id('src/app/static-pages/StudentsLayout.tsx')]);
    const home = closure([id('src/features/students/area/pages/StudentsHome.tsx')]);
    const out = new Map<string, string>();
    for (const m of frame) {
      if (entry.has(m)) continue;
      if (shell.has(m)) out.set(m, 'antd-core');
      else if (AREA.test(m)) out.set(m, 'student-frame');
      else out.set(m, 'student-frame-libs');
    }
    for (const m of home) if (!entry.has(m) && !frame.has(m) && !shell.has(m)) out.set(m, AREA.test(m) ? 'student-home' : 'student-frame-libs');
    return out;
  };
  return {
    collect: (id: string) => void ids.push(id),
    name(id: string, ctx: { getModuleInfo(id: string): Info }) {
      groups ??= plan((m) => ctx.getModuleInfo(m));
      return groups.get(id) ?? null;
    },
  };
}

const studentChunks = studentFirstScreenChunks();

export default defineConfig({
  plugins: [{ name: 'student-chunks-ids', moduleParsed: (info) => studentChunks.collect(info.id) }, react(), formLibraryOnlyWithForms(), antdStaticCss(), preloadShell('src/layouts/BasicLayout.tsx'), preloadAppRoot('src/app/App.tsx'), chunkSides(), precompressAssets()],
  base: '/',
  resolve: {
    // every 'zod' of the browser app is lib/zodNoEval.ts: zod set up without its eval probe (see there)
    alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('src/lib/zodNoEval.ts', import.meta.url)) }],
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      // the schemas of @anxue/shared are built at load and unused by most pages: unused, they are dropped
      treeshake: { manualPureFunctions: ['z', 'pageSizeParam'] },
      // the app, and the PDF viewer page that /sys/common/pdf/pdfPreviewIframe answers (pdf.js bundled)
      input: {
        main: fileURLToPath(new URL('index.html', import.meta.url)),
        pdfViewer: fileURLToPath(new URL('pdf-viewer.html', import.meta.url)),
      },
      output: {
        // A group holds modules whose dependencies sit in other chunks, some of which import the group back:
        // in strict order each module runs when first needed, as in the sources (without it the page broke)
        strictExecutionOrder: true,
        codeSplitting: { groups: [{ name: (id, ctx) => studentChunks.name(id, ctx), debugName: 'student first screen', includeDependenciesRecursively: false }] },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', ws: true },
    },
  },
});
