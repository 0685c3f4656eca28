import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const ANTD_STATIC_CSS = fileURLToPath(new URL('src/generated/antd-static.css', import.meta.url));

/**
 * The default theme's antd styles written by scripts/antd-static-css.tsx (run by `npm run build` first):
 * emitted as a long-cached asset and linked first in the page's head, where antd puts the styles it makes,
 * so the app's own rules still come after them. Without the file the page makes them all, as before.
 */
function antdStaticCss(): Plugin {
  let fileName: string | undefined;
  return {
    name: 'antd-static-css',
    apply: 'build',
    buildStart() {
      if (!existsSync(ANTD_STATIC_CSS)) return;
      const source = readFileSync(ANTD_STATIC_CSS);
      fileName = `assets/antd-static-${createHash('sha256').update(source).digest('hex').slice(0, 10)}.css`;
      this.emitFile({ type: 'asset', fileName, source });
    },
    transformIndexHtml(_html, ctx) {
      if (!fileName || !ctx.filename.endsWith('index.html')) return;
      return [{ tag: 'link', attrs: { rel: 'stylesheet', href: `/${fileName}` }, injectTo: 'head-prepend' }];
    },
  };
}

// The API server serves the built app from dist/ and the API under API_BASE (/api).
export default defineConfig({
  plugins: [react(), antdStaticCss()],
  base: '/',
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
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
