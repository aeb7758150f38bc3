import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import fs from 'node:fs';

// The player site's features (apps/web/src/features/<f>): one never imports another. What two of
// them use lives in apps/web/src/shared/ (or the contract); app/ is the composition root and may
// import every feature. Core no-restricted-imports matches the import text, so there is one block
// per feature and per folder depth: from a file k folders below features/, `../` k times lands in
// features/, and whatever name follows must be the file's own feature.
const webFeatures = fs
  .readdirSync(new URL('apps/web/src/features/', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const webFeatureBoundaries = webFeatures.flatMap((feature) =>
  [1, 2, 3, 4, 5].map((depth) => ({
    files: [`apps/web/src/features/${feature}/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./){${depth}}(?!${feature}(/|$))[^./]|^(\\.\\./){${depth + 1}}features/(?!${feature}(/|$))`,
              message: `features/${feature} must not import another feature: move what both use into apps/web/src/shared/.`,
            },
          ],
        },
      ],
    },
  })),
);

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
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  ...webFeatureBoundaries,
);
