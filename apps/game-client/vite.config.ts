import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = 'http://127.0.0.1:8080';

// Served by the API server under /gs/ (index.html for /gs/play/ and /gs/verify/, assets beside it).
export default defineConfig({
  base: '/gs/',
  plugins: [react()],
  server: { port: 5174, proxy: { '/gs/api': api, '/vendor': api } },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
});
