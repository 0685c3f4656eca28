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
        const shell = chunks.find((c) => c.facadeModuleId?.endsWith(entry));
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
    },
    load(id) {
      // antd's toNamePathStr (antd/es/form/hooks/useForm.js), on its own
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
        const root = chunks.find((c) => c.facadeModuleId?.endsWith(entry));
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
        return files
          .filter((f) => !html.includes(`href="/${f}"`) && !html.includes(`src="/${f}"`))
          .map((f) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f}` }, injectTo: 'head' as const }));
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
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }));
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), formLibraryOnlyWithForms(), antdStaticCss(), preloadShell('src/layouts/BasicLayout.tsx'), preloadAppRoot('src/app/App.tsx'), chunkSides(), precompressAssets()],
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
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', ws: true },
    },
  },
});
