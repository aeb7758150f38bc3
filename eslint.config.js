import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    // Type-aware promise rules for all TypeScript in a workspace tsconfig (a config file outside
    // every tsconfig is left to the untyped rules). A promise nobody awaits loses its rejection; a
    // promise handed where a void callback is expected runs unobserved. React handlers may return one.
    files: ['**/*.{ts,tsx}'],
    ignores: ['packages/games/vitest.config.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  // Server rooms (DESIGN "Modules"): a module, and the built-in game server, is entered only through
  // its index.ts; platform/ and db/ sit below the modules and never import one. Tests keep the same
  // doors: a test reaches its own module's files, and everything else through public entries or the
  // one test library (src/test), which itself uses only public entries.
  {
    files: ['apps/server/src/**/*.ts'],
    plugins: { boundaries },
    settings: {
      // anchored at the repository: the unit test lints from apps/server, npm run lint from the root
      'boundaries/root-path': import.meta.dirname,
      'import/resolver': { typescript: { project: `${import.meta.dirname}/apps/server/tsconfig.json` } },
      'boundaries/include': ['apps/server/src/**/*.ts'],
      'boundaries/elements': [
        { type: 'module', pattern: 'apps/server/src/modules/*', capture: ['name'] },
        { type: 'games', pattern: 'apps/server/src/games' },
        { type: 'platform', pattern: 'apps/server/src/platform' },
        { type: 'db', pattern: 'apps/server/src/db' },
        { type: 'seed', pattern: 'apps/server/src/seed' },
        { type: 'jobs', pattern: 'apps/server/src/jobs' },
        { type: 'module-list', pattern: 'apps/server/src/modules' },
        { type: 'app', pattern: 'apps/server/src' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { types: ['platform', 'db'] } },
              disallow: { to: { element: { types: ['module', 'games'] } } },
              message:
                'platform/ and db/ sit below the modules: they never import a module or the game server',
            },
            {
              to: { element: { types: ['module', 'games'] } },
              disallow: { to: { element: { fileInternalPath: '!index.ts' } } },
              message:
                "another module's internals: import it through its public entry (../<module>/index.js)",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  // Player site features (DESIGN "Web"): apps/web/src/features/<f> never imports another feature,
  // statically or lazily. What two features use lives in apps/web/src/shared/ (or the contract when
  // the server uses it too); app/ is the composition root and may import every feature.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      // anchored at the repository: the unit test lints from apps/web, npm run lint from the root
      'boundaries/root-path': import.meta.dirname,
      'import/resolver': { typescript: { project: `${import.meta.dirname}/apps/web/tsconfig.json` } },
      'boundaries/include': ['apps/web/src/**/*'],
      'boundaries/elements': [
        { type: 'web-feature', pattern: 'apps/web/src/features/*', capture: ['name'] },
        { type: 'web-shared', pattern: 'apps/web/src/shared' },
        { type: 'web-app', pattern: 'apps/web/src/app' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'web-feature' } },
              disallow: {
                to: {
                  element: { type: 'web-feature', captured: { name: '!{{ from.element.captured.name }}' } },
                },
              },
              message:
                'features/{{ from.element.captured.name }} must not import features/{{ to.element.captured.name }}: move what both use into apps/web/src/shared/',
            },
          ],
        },
      ],
    },
  },
);
