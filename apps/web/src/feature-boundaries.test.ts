import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The repository's own ESLint config decides: a feature under src/features/<f> importing another
 * feature fails `npm run lint`, the same code reaching into src/shared/ passes. The files need not
 * exist, so type-aware parsing (the promise rules, tested by lint over the real files) is switched
 * off here; every other rule is the real configuration.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
const eslint = new ESLint({
  cwd: root,
  overrideConfig: {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: false } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/no-misused-promises': 'off',
    },
  },
});

async function lint(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${filePath}` });
  return result!.messages.map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
}

// Loading the config and the TypeScript parser takes seconds on a busy two-core machine.
describe('web feature boundaries', { timeout: 30_000 }, () => {
  it('a feature importing another feature fails lint, with a message that says where shared code goes', async () => {
    const messages = await lint(
      'apps/web/src/features/auth/components/Probe.tsx',
      "import { WALLET_KEY } from '../../wallet';\nexport const key = WALLET_KEY;\n",
    );
    expect(messages).toEqual([
      'boundaries/dependencies: features/auth must not import features/wallet: move what both use into apps/web/src/shared/',
    ]);
  });

  it('catches every way of reaching another feature: deeper files, the index, features/ spelt out, re-exports, lazy import()', async () => {
    const cases: Array<[string, string]> = [
      ['apps/web/src/features/lobby/index.ts', "export { useWhatever } from '../messages';\n"],
      [
        'apps/web/src/features/records/pages/deep/Probe.tsx',
        "import '../../../deposit/hooks/deposit-rules';\n",
      ],
      ['apps/web/src/features/wallet/hooks/probe.ts', "import '../../../features/withdraw';\n"],
      ['apps/web/src/features/auth/hooks/probe.ts', "export const later = () => import('../../lobby');\n"],
    ];
    for (const [file, code] of cases) {
      expect(await lint(file, code), file).toEqual([expect.stringMatching(/^boundaries\/dependencies: /)]);
    }
  });

  it('shared code, the contract and the feature’s own folders pass', async () => {
    const cases: Array<[string, string]> = [
      [
        'apps/web/src/features/auth/components/Probe.tsx',
        "import { useWhitelabel } from '../../../shared/system';\nimport { systemEndpoints } from '@bp/contract';\nimport { useLogin } from '../hooks/use-login';\nexport const probe = [useWhitelabel, systemEndpoints, useLogin];\n",
      ],
      ['apps/web/src/features/auth/index.ts', "export { LoginModal } from './components/LoginModal';\n"],
      [
        'apps/web/src/features/auth/hooks/probe.ts',
        "export { x } from '../../../features/auth/api/member';\n",
      ],
    ];
    for (const [file, code] of cases) expect(await lint(file, code), file).toEqual([]);
  });

  it('the composition root (app/) may import any feature', async () => {
    const messages = await lint(
      'apps/web/src/app/layout/Probe.tsx',
      "import { UserMenu } from '../../features/auth';\nimport { loadHeaderWallet } from '../../features/wallet';\nexport const probe = [UserMenu, loadHeaderWallet];\n",
    );
    expect(messages).toEqual([]);
  });
});
