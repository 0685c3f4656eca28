import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API server serves the built app from dist/ and the API under API_BASE (/api).
export default defineConfig({
  plugins: [react()],
  base: '/',
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', ws: true },
    },
  },
});
