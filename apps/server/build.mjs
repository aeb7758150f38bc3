// Compiles the server for `npm start`: esbuild bundles src/main.ts and src/migrate.cli.ts with the
// workspace packages (@bp/contract, @bp/games, @bp/test-gateway are TypeScript sources) into dist/,
// leaving every npm dependency to Node's own resolution; the migrations are copied beside them. No
// code splitting: each entry is one file directly in dist/, at the depth of src/, so the paths the code
// takes from its own location (the repository root, the migrations) hold in both.
// Production runs plain JavaScript: no TypeScript loader, no transform at start or in memory.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, 'dist');

/** Bare imports stay external except the workspace's own TypeScript packages. */
const externalNpm = {
  name: 'external-npm',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@bp/') ? undefined : { path: args.path, external: true },
    );
  },
};

const started = performance.now();
fs.rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: { main: 'src/main.ts', migrate: 'src/migrate.cli.ts' },
  absWorkingDir: here,
  outdir: dist,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  plugins: [externalNpm],
  logLevel: 'warning',
});
fs.cpSync(path.join(here, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
console.log(`server built into dist/ in ${Math.round(performance.now() - started)} ms`);
