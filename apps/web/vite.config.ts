import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { leanContract } from './build-tools/lean-contract.ts';
import { precompress } from './build-tools/precompress.ts';

const api = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), leanContract(), precompress()],
  // Plain JS objects, not JSON.parse strings: named imports of a locale's namespaces are then
  // tree-shaken (the home route carries only the namespaces it reads; shared/i18n/catalogues.ts).
  json: { stringify: false },
  server: {
    port: 5173,
    proxy: {
      '/wps': { target: api, changeOrigin: false, ws: true },
      '/lgw': api,
      '/admin': api,
      '/docs': api,
      '/healthz': api,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Routes are lazy (see src/app/router.tsx); the entry chunk holds the shell only.
    chunkSizeWarningLimit: 400,
    // every browser the site supports knows <link rel="modulepreload">: no polyfill in the entry
    modulePreload: { polyfill: false },
  },
});
