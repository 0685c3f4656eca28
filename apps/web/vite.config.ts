import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API server serves the built app from dist/ and the API under API_BASE (/api).
export default defineConfig({
  plugins: [react()],
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
