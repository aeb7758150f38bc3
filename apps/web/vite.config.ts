import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { leanContract } from './build-tools/lean-contract.ts';
import { paintFirst } from './build-tools/paint-first.ts';
import { precompress } from './build-tools/precompress.ts';

const api = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), leanContract(), paintFirst(), precompress()],
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
    chunkSizeWarningLimit: 480,
    // every browser the site supports knows <link rel="modulepreload">: no polyfill in the entry
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // The entry and all it imports statically in one file: a phone on mobile data fetched them as
        // some 35 small scripts, six at a time over HTTP/1.1, before anything ran. Dependencies are
        // not pulled in on their own: zod, imported by the contract but unused once the production
        // build strips its schemas (build-tools/lean-contract.ts), stays out of the entry.
        codeSplitting: {
          groups: [{ name: 'index', tags: ['$initial'], includeDependenciesRecursively: false }],
        },
      },
    },
  },
});
