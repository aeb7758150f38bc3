/**
 * Proof, on a small team, that the generator (team-data.ts) writes what real play writes: the
 * ledger invariants hold (checkLedgerInvariants: balances equal their lines, entries balance, no
 * key twice, nothing orphaned) and the contract invariants hold; the generated rows have the shape
 * of the rows the seamless wallet writes for a real round played here over HTTP (which columns are
 * set, entry types, keys, memos, lines); the roll-up's figures equal a plain reading of the rows;
 * and settling the day pays every contract, the invariants still holding. Throws on any difference.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../apps/server/src/config.js';
import { buildApp } from '../../apps/server/src/app.js';
import { createTestDatabase } from '../../apps/server/src/test/harness.js';
import { openVendorSession } from '../../apps/server/src/test/factories.js';
import { signBody } from '../../apps/server/src/platform/vendor-signature.js';
import { rows } from '../../apps/server/src/platform/sql.js';
import { checkLedgerInvariants } from '../../apps/server/src/modules/ledger/ledger.invariants.js';
import { createLedgerService } from '../../apps/server/src/modules/ledger/ledger.service.js';
import {
  checkContractInvariants,
  createContractSettlement,
} from '../../apps/server/src/modules/agent-contract/index.js';
import { activeMembers, rollUpNow, teamFigures } from '../../apps/server/src/modules/team-figure/index.js';
import { buildTeam, settledRoundsOfDay, type TeamSpec } from './team-data.js';

export const SAMPLE: TeamSpec = {
  members: 600,
  branching: 3,
  agentLevels: 4,
  settledBets: 20_000,
  historyDays: 2,
};

export async function checkSample(log: (s: string) => void) {
  process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = await createTestDatabase({ content: 'seeded' });
  try {
    const db = database.db;
    const team = await buildTeam(db, database.url!, SAMPLE);
    const fail = (what: string, detail: unknown) => {
      throw new Error(
        `generated sample: ${what}: ${JSON.stringify(detail, (_k, v) => (typeof v === 'bigint' ? String(v) : v))}`,
      );
    };
    const ledger = await checkLedgerInvariants(db);
    if (ledger.length) fail('ledger invariants', ledger);
    const contracts = await checkContractInvariants(db, team.merchantId);
    if (contracts.length) fail('contract invariants', contracts);

    // one real round won and one lost, through the wallet's HTTP callbacks, by a generated player
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', WEB_DIST: '' }),
      database,
    });
    try {
      const [player] = await rows<{ id: number }>(
        db,
        sql`select id from member where merchant_id = ${team.merchantId} and type = 0 order by id limit 1`,
      );
      const [secret] = await rows<{ api_secret: string }>(
        db,
        sql`select api_secret from merchant_vendor where merchant_id = ${team.merchantId} and vendor_code = ${team.vendor}`,
      );
      const session = await openVendorSession(db, team.merchantId, player!.id, team.vendor);
      const call = async (op: 'debit' | 'credit', body: Record<string, unknown>) => {
        const raw = JSON.stringify({ currency: 'BDT', playerId: String(player!.id), ...body });
        const res = await app.inject({
          method: 'POST',
          url: `/vendor/${team.vendor}/wallet/${op}`,
          headers: {
            merchant: team.merchantCode,
            'content-type': 'application/json',
            'x-signature': signBody(secret!.api_secret, raw),
          },
          payload: raw,
        });
        if (res.statusCode !== 200) fail(`real ${op}`, res.body);
      };
      for (const win of ['3.00', '0']) {
        const roundId = `real-${randomBytes(4).toString('hex')}`;
        await call('debit', {
          token: session.token,
          txnId: `real-d-${roundId}`,
          roundId,
          amount: '2.00',
          gameCode: 'benchslot1',
        });
        await call('credit', { txnId: `real-c-${roundId}`, roundId, amount: win, gameCode: 'benchslot1' });
      }
    } finally {
      await app.close();
    }
    const shape = (real: boolean) =>
      rows<{ shape: string }>(
        db,
        sql`select distinct concat_ws('|', v.op, v.status, v.amount > 0, v.entry_id is null, v.ref_txn_id is null,
                   v.game_code is null, v.balance_after is null, v.rolled_back, e.type, e.ref_type,
                   v.first_bet_id = (select min(b.id) from vendor_txn b where b.merchant_id = v.merchant_id
                                     and b.vendor_code = v.vendor_code and b.member_id = v.member_id
                                     and b.round_id = v.round_id and b.op = 'debit' and b.status = 'ok'),
                   regexp_replace(e.idem_key, ':[^:]+:(debit|credit)$', ':*:\\1'), e.member_id = v.member_id,
                   (select string_agg(k, ',' order by k) from jsonb_object_keys(e.memo) k),
                   (select string_agg(a.code || ':' || (a.member_id is null) || ':' || sign(l.amount), ',' order by a.code)
                    from ledger_line l join ledger_account a on a.id = l.account_id where l.entry_id = e.id),
                   v.balance_after = (select l.balance_after from ledger_line l join ledger_account a on a.id = l.account_id
                                      where l.entry_id = e.id and a.member_id = v.member_id)) as shape
          from vendor_txn v left join ledger_entry e on e.id = v.entry_id
          where v.merchant_id = ${team.merchantId} and v.op in ('debit', 'credit')
            and ${real ? sql`v.txn_id like 'real-%'` : sql`v.txn_id not like 'real-%' and not v.rolled_back`}
          order by 1`,
      );
    const want = (await shape(true)).map((r) => r.shape);
    const got = (await shape(false)).map((r) => r.shape);
    if (want.length !== 3 || JSON.stringify(want) !== JSON.stringify(got))
      fail('rows shaped unlike the wallet', { wallet: want, generated: got });

    await rollUpNow(db);
    const raw = await settledRoundsOfDay(db, team);
    const period = { merchantId: team.merchantId, from: team.day.from, to: team.day.to };
    const { total } = await teamFigures(db, { ...period, agentId: team.topId, includeSelf: true });
    if (raw.n !== SAMPLE.settledBets || total.validBet !== raw.stake || total.win !== raw.win)
      fail('figures differ from the rows', { raw, total });
    // every member plays on the day, each well above the default 1.00 of valid bets
    const active = await activeMembers(db, { ...period, agentId: team.topId, includeSelf: true });
    if (active !== SAMPLE.members) fail('active members', { active, members: SAMPLE.members });

    const settlement = createContractSettlement({ db, ledger: createLedgerService({ db }) });
    const paid = [
      await settlement.settle(team.merchantId, 'dailySalary', 'daily', team.day, new Date()),
      await settlement.settle(team.merchantId, 'dividend', 'daily', team.day, new Date()),
    ];
    if (paid[0]!.settled + paid[1]!.settled !== team.contracts || paid.some((s) => s.paid === 0n))
      fail('settlement', paid);
    const after = await checkLedgerInvariants(db, team.merchantId);
    if (after.length) fail('ledger invariants after settling', after);
    log(
      `sample team (${SAMPLE.members} members, ${SAMPLE.settledBets} bets): ledger and contract invariants hold, ` +
        `rows shaped as the wallet writes them, figures equal the rows, ${team.contracts} contracts settled`,
    );
  } finally {
    await database.close();
  }
}
