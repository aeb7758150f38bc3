import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The repository's own ESLint config decides: a module reaching into another module's files fails
 * `npm run lint`, the same import through the module's public entry (index.ts) passes, and platform/
 * and db/ import no module at all. The probe files need not exist, so type-aware parsing (the
 * promise rules, tested by lint over the real files) is off here; every other rule is the real one.
 */
const root = fileURLToPath(new URL('../../../..', import.meta.url));
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
  const [result] = await eslint.lintText(code, { filePath: `${root}/apps/server/src/${filePath}` });
  return result!.messages.map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
}

const INTERNALS =
  "boundaries/dependencies: another module's internals: import it through its public entry (../<module>/index.js)";
const BELOW =
  'boundaries/dependencies: platform/ and db/ sit below the modules: they never import a module or the game server';

// Loading the config and the TypeScript parser takes seconds on a busy two-core machine.
describe('server module boundaries', { timeout: 60_000 }, () => {
  it("a module importing another module's internals fails lint; the same import through its entry passes", async () => {
    expect(
      await lint(
        'modules/withdraw/probe.ts',
        "import { walletRepo } from '../wallet/wallet.repo.js';\nexport const probe = walletRepo;\n",
      ),
    ).toEqual([INTERNALS]);
    expect(
      await lint(
        'modules/withdraw/probe.ts',
        "import { walletRepo } from '../wallet/index.js';\nexport const probe = walletRepo;\n",
      ),
    ).toEqual([]);
  });

  it("every way into another room's files is caught: register, routes, services, re-exports, the game server, from the app", async () => {
    const cases: Array<[string, string]> = [
      [
        'modules/sms/probe.ts',
        "import { memberServiceFor } from '../member/register.js';\nexport const p = memberServiceFor;\n",
      ],
      ['modules/social/probe.ts', "export { passwordRoutes } from '../password/password.routes.js';\n"],
      [
        'modules/game/probe.ts',
        "import { gameKindOf } from '../../games/game-kind.js';\nexport const p = gameKindOf;\n",
      ],
      [
        'games/probe.ts',
        "import type { LedgerService } from '../modules/ledger/ledger.service.js';\nexport type P = LedgerService;\n",
      ],
      [
        'seed/probe.ts',
        "import { depositRepo } from '../modules/deposit/deposit.repo.js';\nexport const p = depositRepo;\n",
      ],
      [
        'probe.ts',
        "import { registerWallet } from './modules/wallet/register.js';\nexport const p = registerWallet;\n",
      ],
      [
        'modules/probe.ts',
        "import { registerWallet } from './wallet/register.js';\nexport const p = registerWallet;\n",
      ],
    ];
    for (const [file, code] of cases) expect(await lint(file, code), file).toEqual([INTERNALS]);
  });

  it('platform/ and db/ import no module, not even through its entry', async () => {
    expect(
      await lint(
        'platform/probe.ts',
        "import type { MemberService } from '../modules/member/index.js';\nexport type P = MemberService;\n",
      ),
    ).toEqual([BELOW]);
    expect(
      await lint(
        'db/probe.ts',
        "import { RECOVERY_JOB } from '../games/index.js';\nexport const p = RECOVERY_JOB;\n",
      ),
    ).toEqual([BELOW]);
  });

  it("tests keep the doors: another module's test helpers or internals fail, the test library and entries pass", async () => {
    const cases: Array<[string, string]> = [
      [
        'modules/sms/probe.int.test.ts',
        "import { testFeed } from '../catalogue/catalogue.test-support.js';\nexport const p = testFeed;\n",
      ],
      [
        'games/probe.int.test.ts',
        "import { createLedgerService } from '../modules/ledger/ledger.service.js';\nexport const p = createLedgerService;\n",
      ],
      [
        'test/probe.ts',
        "import { operatorRepo } from '../modules/operator/operator.repo.js';\nexport const p = operatorRepo;\n",
      ],
    ];
    for (const [file, code] of cases) expect(await lint(file, code), file).toEqual([INTERNALS]);
    const fine = [
      "import { testFeed } from './catalogue.test-support.js';",
      "import { createCatalogueService } from './catalogue.service.js';",
      "import { newMember, operatorToken } from '../../test/factories.js';",
      "import { ledgerServiceFor } from '../ledger/index.js';",
      'export const probe = [testFeed, createCatalogueService, newMember, operatorToken, ledgerServiceFor];',
      '',
    ].join('\n');
    expect(await lint('modules/catalogue/probe.int.test.ts', fine)).toEqual([]);
  });

  it("a module's own files, platform/, db/ and other entries pass", async () => {
    const code = [
      "import { createWithdrawService } from './withdraw.service.js';",
      "import { rows } from '../../platform/sql.js';",
      "import type { Db } from '../../db/client.js';",
      "import { ledgerServiceFor, type LedgerService } from '../ledger/index.js';",
      "import { gameKindOf } from '../../games/index.js';",
      'export type P = [Db, LedgerService];',
      'export const probe = [createWithdrawService, rows, ledgerServiceFor, gameKindOf];',
      '',
    ].join('\n');
    expect(await lint('modules/withdraw/probe.ts', code)).toEqual([]);
  });
});
