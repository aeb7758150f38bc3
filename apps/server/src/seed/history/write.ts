import { sql } from 'drizzle-orm';
import { LAUNCH_TOKEN_TTL_MS, RECENT_GAMES_LIMIT } from '@bp/contract';
import type { Tx } from '../../db/client.js';
import { rows } from '../../platform/sql.js';
import { betTxnId, GAME_SESSION_TTL_MS, hashToken, sha256Text, winTxnId } from '../../games/index.js';
import { HOUSE_BUCKETS } from '../../modules/ledger/index.js';
import type { HistoryPlan, PlannedRound } from './plan.js';

/**
 * Writes a history plan in a few set-based statements, each row as the real path writes it:
 *
 * - a game visit: the vendor session of the launch and the game session of the iframe (game
 *   launch + POST /gs/api/session), the game at the front of the member's recent games, the
 *   member's seed pair per vendor (nonce = rounds played); spent launch tokens are not kept;
 * - a round (round.service `place`): gs_round settled, the stake's debit and the win's credit as
 *   vendor_wallet_apply writes them: vendor_txn rows `<wallet round>:bet` and `<round>:win`, the
 *   `bet` and `win` ledger entries (key vendor:<vendor>:<txn>:<op>, ref vendor_round) with their
 *   member and house lines; a zero win is a credit without an entry; a free spin has no debit and
 *   its win is credited to the spin that awarded it;
 * - a bank deposit an operator approved (deposit.service `review`): the order SUCCESS and its
 *   `deposit` entry (house deposit -> member MAIN, key deposit:<order>);
 * - a withdrawal paid out and received (withdraw request, approve, auto-receive): the request, its
 *   hold captured by the `withdraw` entry (member MAIN -> house withdraw, key withdraw_payout:<id>).
 *
 * Ledger entries are numbered in time order and every line carries the balance after it, computed
 * here from the accounts' balances before; the balances are then set to the last ones. Messages and
 * audit records of the deposits and withdrawals are not written: they are no part of the ledger.
 * `src/seed/history/history-shape.int.test.ts` compares these rows with a bet made through the game
 * server and the seamless wallet.
 */
export interface HistoryContext {
  merchantId: number;
  /** the operator who approved the deposits and paid the withdrawals */
  operator: { id: number; name: string };
  /** the bank-transfer deposit channel */
  bankChannelId: number;
}

const json = (v: unknown) =>
  sql`${JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? x.toString() : x))}::jsonb`;
const iso = (d: Date) => d.toISOString();
const bucketOf = (spread: number) => Math.abs(spread) % HOUSE_BUCKETS;
/** The launch's vendor session outlives the game session it serves (game-launch.service). */
const VENDOR_SESSION_TTL_MS = GAME_SESSION_TTL_MS + LAUNCH_TOKEN_TTL_MS + 60_000;

interface Line {
  account: bigint;
  amount: bigint;
  after?: bigint;
}

/** One ledger-relevant happening, in time order. */
interface Movement {
  at: Date;
  /** members whose available balance a vendor transaction reports */
  member: number;
  entry?: {
    key: string;
    type: string;
    refType: string;
    refId: string;
    memo: Record<string, unknown> | null;
    lines: Line[];
    id?: bigint;
  };
  txn?: {
    op: 'debit' | 'credit';
    vendor: string;
    txnId: string;
    roundId: string;
    refTxnId: string | null;
    gameCode: string;
    amount: bigint;
    id?: bigint;
    balanceAfter?: bigint;
    /** a credit's: its round's first bet (the wallet keeps it on the credit row for the roll-up) */
    firstBetId?: bigint | null;
  };
  /** a hold taken (withdrawal request) or captured with this entry: lowers the available balance */
  held?: bigint;
  withdrawal?: number;
  deposit?: number;
}

async function reserve(tx: Tx, seq: string, n: number): Promise<bigint[]> {
  if (n === 0) return [];
  const [r] = await rows<{ ids: string[] }>(
    tx,
    sql`select array(select nextval(${seq}::regclass)::text from generate_series(1, ${n})) as ids`,
  );
  return r!.ids.map((x) => BigInt(x));
}

export async function writeHistory(tx: Tx, ctx: HistoryContext, plan: HistoryPlan): Promise<void> {
  const { merchantId } = ctx;
  const sessionIndex = new Map(plan.sessions.map((s, i) => [s, i]));
  // each visit books to a house bucket of its own, as the wallet batcher's slots do
  const gameBucket = (r: PlannedRound) => sessionIndex.get(r.session)! % HOUSE_BUCKETS;

  // 1. the accounts: every member's MAIN and the house rows the history books to
  const memberIds = [
    ...new Set([
      ...plan.rounds.map((r) => r.session.memberId),
      ...plan.deposits.map((d) => d.memberId),
      ...plan.withdrawals.map((w) => w.memberId),
    ]),
  ];
  const houses = new Map<string, { code: string; bucket: number }>();
  const house = (code: string, bucket: number) => {
    houses.set(`${code}:${bucket}`, { code, bucket });
    return `${code}:${bucket}`;
  };
  for (const r of plan.rounds) house(`game:${r.session.game.vendor}`, gameBucket(r));
  for (const d of plan.deposits) house('deposit', bucketOf(d.memberId));
  for (const w of plan.withdrawals) house('withdraw', bucketOf(w.memberId));
  // created first (an account made inside a statement is not visible to that statement's reads)
  const keys = await rows<{ key: string; id: string }>(
    tx,
    sql`select 'm:' || x as key, ledger_member_account(${merchantId}, x::integer, 'main')::text as id
        from jsonb_array_elements_text(${json(memberIds)}) x
        union all
        select x->>'code' || ':' || (x->>'bucket'),
               ledger_house_account(${merchantId}, x->>'code', (x->>'bucket')::integer)::text
        from jsonb_array_elements(${json([...houses.values()])}) x`,
  );
  const accounts = await rows<{ id: string; balance: string; held: string }>(
    tx,
    sql`select id::text, balance::text, held::text from ledger_account
        where id in (select x::bigint from jsonb_array_elements_text(${json(keys.map((k) => k.id))}) x)`,
  );
  const keyOf = new Map(keys.map((k) => [k.id, k.key]));
  const account = new Map(accounts.map((a) => [keyOf.get(a.id)!, BigInt(a.id)]));
  const balance = new Map(accounts.map((a) => [BigInt(a.id), BigInt(a.balance)]));
  const held = new Map(accounts.map((a) => [BigInt(a.id), BigInt(a.held)]));
  const mainOf = (memberId: number) => account.get(`m:${memberId}`)!;
  const houseOf = (code: string, bucket: number) => account.get(`${code}:${bucket}`)!;

  // 2. ids of the rows that others refer to
  // one after another: a transaction is one connection
  const sessionIds = await reserve(tx, 'gs_session_id_seq', plan.sessions.length);
  const seedIds = await reserve(tx, 'gs_seed_id_seq', plan.seeds.length);
  const bankIds = await reserve(tx, 'member_bank_account_id_seq', plan.banks.length);
  const depositIds = await reserve(tx, 'deposit_order_id_seq', plan.deposits.length);
  const withdrawalIds = await reserve(tx, 'withdrawal_id_seq', plan.withdrawals.length);
  const holdIds = await reserve(tx, 'ledger_hold_id_seq', plan.withdrawals.length);
  const sessionId = new Map(plan.sessions.map((s, i) => [s, sessionIds[i]!]));
  const seedId = new Map(plan.seeds.map((s, i) => [s, seedIds[i]!]));
  const bankId = new Map(plan.banks.map((b, i) => [b, bankIds[i]!]));

  // 3. the movements in time order, with their vendor transactions and ledger entries numbered so
  const moves: Movement[] = [];
  plan.deposits.forEach((d, i) => {
    const key = `deposit:${d.orderNo}`;
    moves.push({
      at: d.approvedAt,
      member: d.memberId,
      deposit: i,
      entry: {
        key,
        type: 'deposit',
        refType: 'deposit',
        refId: d.orderNo,
        memo: { channelId: ctx.bankChannelId, kind: 'bank' },
        lines: [
          { account: houseOf('deposit', bucketOf(d.memberId)), amount: -d.amount },
          { account: mainOf(d.memberId), amount: d.amount },
        ],
      },
    });
  });
  plan.withdrawals.forEach((w, i) => {
    moves.push({ at: w.requestedAt, member: w.memberId, held: w.amount });
    moves.push({
      at: w.paidAt,
      member: w.memberId,
      withdrawal: i,
      held: -w.amount,
      entry: {
        key: `withdraw_payout:${withdrawalIds[i]}`,
        type: 'withdraw',
        refType: 'withdrawal',
        refId: String(withdrawalIds[i]),
        memo: null,
        lines: [
          { account: mainOf(w.memberId), amount: -w.amount },
          { account: houseOf('withdraw', bucketOf(w.memberId)), amount: w.amount },
        ],
      },
    });
  });
  for (const r of plan.rounds) {
    const { vendor, gameCode } = r.session.game;
    const member = r.session.memberId;
    const main = mainOf(member);
    const houseAccount = houseOf(`game:${vendor}`, gameBucket(r));
    const memo = { vendor, game: gameCode, round: r.walletRoundId };
    const refId = `${vendor}:${r.walletRoundId}`;
    if (r.debitAt) {
      const txnId = betTxnId(r.walletRoundId);
      moves.push({
        at: r.debitAt,
        member,
        txn: {
          op: 'debit',
          vendor,
          txnId,
          roundId: r.walletRoundId,
          refTxnId: null,
          gameCode,
          amount: r.stake,
        },
        entry: {
          key: `vendor:${vendor}:${txnId}:debit`,
          type: 'bet',
          refType: 'vendor_round',
          refId,
          memo,
          lines: [
            { account: main, amount: -r.stake },
            { account: houseAccount, amount: r.stake },
          ],
        },
      });
    }
    const txnId = winTxnId(r.id);
    moves.push({
      at: r.creditAt,
      member,
      txn: {
        op: 'credit',
        vendor,
        txnId,
        roundId: r.walletRoundId,
        refTxnId: betTxnId(r.walletRoundId),
        gameCode,
        amount: r.win,
      },
      ...(r.win > 0n
        ? {
            entry: {
              key: `vendor:${vendor}:${txnId}:credit`,
              type: 'win',
              refType: 'vendor_round',
              refId,
              memo,
              lines: [
                { account: main, amount: r.win },
                { account: houseAccount, amount: -r.win },
              ],
            },
          }
        : {}),
    });
  }
  // stable: what happened at the same instant keeps the order it was planned in
  moves.sort((a, b) => a.at.getTime() - b.at.getTime());
  const entryIds = await reserve(tx, 'ledger_entry_id_seq', moves.filter((m) => m.entry).length);
  const txnIds = await reserve(tx, 'vendor_txn_id_seq', moves.filter((m) => m.txn).length);
  let nextEntry = 0;
  let nextTxn = 0;
  const firstBet = new Map<string, bigint>();
  for (const m of moves) {
    const main = mainOf(m.member);
    if (m.held) held.set(main, held.get(main)! + m.held);
    if (m.entry) {
      m.entry.id = entryIds[nextEntry++]!;
      for (const l of m.entry.lines) {
        l.after = balance.get(l.account)! + l.amount;
        balance.set(l.account, l.after);
      }
      if (balance.get(main)! < held.get(main)!) throw new Error(`history: member ${m.member} overdrawn`);
    }
    if (m.txn) {
      m.txn.id = txnIds[nextTxn++]!;
      m.txn.balanceAfter = balance.get(main)! - held.get(main)!;
      const round = `${m.txn.vendor}:${m.member}:${m.txn.roundId}`;
      if (m.txn.op === 'debit') {
        if (!firstBet.has(round)) firstBet.set(round, m.txn.id);
      } else m.txn.firstBetId = firstBet.get(round) ?? null;
    }
  }

  // 4. the rows: visits, seeds, rounds
  await tx.execute(
    sql`insert into vendor_session (merchant_id, member_id, vendor_code, token_hash, game_code, mode, expires_at,
                                    created_at)
        select ${merchantId}, x.member_id, x.vendor, decode(x.token_hash, 'hex'), x.game_code, 'real', x.expires_at,
               x.created_at
        from jsonb_to_recordset(${json(
          plan.sessions.map((s) => ({
            member_id: s.memberId,
            vendor: s.game.vendor,
            token_hash: hashToken(s.vendorToken).toString('hex'),
            game_code: s.game.gameCode,
            expires_at: iso(new Date(s.launchedAt.getTime() + VENDOR_SESSION_TTL_MS)),
            created_at: iso(s.launchedAt),
          })),
        )}) as x(member_id integer, vendor text, token_hash text, game_code text, expires_at timestamptz,
                 created_at timestamptz)`,
  );
  await tx.execute(
    sql`insert into gs_session (id, token_hash, merchant_id, member_id, node_id, vendor_code, game_code, kind, mode,
                                language, vendor_token, play_balance, expires_at, created_at)
        select x.id, decode(x.token_hash, 'hex'), ${merchantId}, x.member_id, x.node_id, x.vendor, x.game_code,
               x.kind, 'real', x.language, x.vendor_token, null, x.expires_at, x.created_at
        from jsonb_to_recordset(${json(
          plan.sessions.map((s) => ({
            id: sessionId.get(s),
            token_hash: hashToken(s.sessionToken).toString('hex'),
            member_id: s.memberId,
            node_id: s.game.nodeId,
            vendor: s.game.vendor,
            game_code: s.game.gameCode,
            kind: s.game.kind,
            language: s.language,
            vendor_token: s.vendorToken,
            expires_at: iso(new Date(s.openedAt.getTime() + GAME_SESSION_TTL_MS)),
            created_at: iso(s.openedAt),
          })),
        )}) as x(id bigint, token_hash text, member_id integer, node_id integer, vendor text, game_code text,
                 kind text, language text, vendor_token text, expires_at timestamptz, created_at timestamptz)`,
  );
  await tx.execute(
    sql`insert into gs_seed (id, merchant_id, owner, vendor_code, server_seed, server_seed_hash, client_seed, nonce,
                             created_at)
        select x.id, ${merchantId}, x.owner, x.vendor, x.server_seed, x.hash, x.client_seed, x.nonce, x.created_at
        from jsonb_to_recordset(${json(
          plan.seeds.map((s) => ({
            id: seedId.get(s),
            owner: `m:${s.memberId}`,
            vendor: s.vendor,
            server_seed: s.serverSeed,
            hash: sha256Text(s.serverSeed),
            client_seed: s.clientSeed,
            nonce: s.nonce,
            created_at: iso(s.createdAt),
          })),
        )}) as x(id bigint, owner text, vendor text, server_seed text, hash text, client_seed text, nonce integer,
                 created_at timestamptz)`,
  );
  await tx.execute(
    sql`insert into gs_round (id, merchant_id, session_id, member_id, vendor_code, game_code, kind, mode, seed_id,
                              nonce, params, outcome, stake, win, wallet_round_id, free_spin, request_id,
                              crash_round_id, status, created_at, updated_at)
        select x.id, ${merchantId}, x.session_id, x.member_id, x.vendor, x.game_code, x.kind, 'real', x.seed_id,
               x.nonce, x.params, x.outcome, x.stake, x.win, x.wallet_round_id, x.free_spin, x.request_id,
               null, 'settled', x.created_at, x.updated_at
        from jsonb_to_recordset(${json(
          plan.rounds.map((r) => ({
            id: r.id,
            session_id: sessionId.get(r.session),
            member_id: r.session.memberId,
            vendor: r.session.game.vendor,
            game_code: r.session.game.gameCode,
            kind: r.session.game.kind,
            seed_id: seedId.get(r.seed),
            nonce: r.nonce,
            params: r.params,
            outcome: r.outcome,
            stake: r.stake,
            win: r.win,
            wallet_round_id: r.walletRoundId,
            free_spin: r.freeSpin,
            request_id: r.requestId,
            created_at: iso(r.recordedAt),
            updated_at: iso(r.settledAt),
          })),
        )}) as x(id text, session_id bigint, member_id integer, vendor text, game_code text, kind text,
                 seed_id bigint, nonce integer, params jsonb, outcome jsonb, stake bigint, win bigint,
                 wallet_round_id text, free_spin boolean, request_id text, created_at timestamptz,
                 updated_at timestamptz)`,
  );

  // 5. the journal: vendor transactions, entries and their lines in one statement per chunk (an
  // entry with its lines in one statement is checked once, at the statement's end)
  const CHUNK = 4000;
  for (let i = 0; i < moves.length; i += CHUNK) {
    const part = moves.slice(i, i + CHUNK);
    const entries = part.filter((m) => m.entry);
    const txns = part.filter((m) => m.txn);
    await tx.execute(
      sql`with e as (
            insert into ledger_entry (id, merchant_id, idem_key, type, member_id, ref_type, ref_id, memo, created_at)
            select x.id, ${merchantId}, x.key, x.type, x.member_id, x.ref_type, x.ref_id, x.memo, x.at
            from jsonb_to_recordset(${json(
              entries.map((m) => ({
                id: m.entry!.id,
                key: m.entry!.key,
                type: m.entry!.type,
                member_id: m.member,
                ref_type: m.entry!.refType,
                ref_id: m.entry!.refId,
                memo: m.entry!.memo,
                at: iso(m.at),
              })),
            )}) as x(id bigint, key text, type text, member_id integer, ref_type text, ref_id text, memo jsonb,
                     at timestamptz)),
          l as (
            insert into ledger_line (entry_id, account_id, amount, balance_after)
            select x.entry_id, x.account_id, x.amount, x.after
            from jsonb_to_recordset(${json(
              entries.flatMap((m) =>
                m.entry!.lines.map((l) => ({
                  entry_id: m.entry!.id,
                  account_id: l.account,
                  amount: l.amount,
                  after: l.after,
                })),
              ),
            )}) as x(entry_id bigint, account_id bigint, amount bigint, after bigint))
          insert into vendor_txn (id, merchant_id, vendor_code, txn_id, op, member_id, round_id, ref_txn_id, game_code,
                                  amount, status, error_code, entry_id, balance_after, rolled_back, first_bet_id,
                                  created_at)
          select x.id, ${merchantId}, x.vendor, x.txn_id, x.op, x.member_id, x.round_id, x.ref_txn_id, x.game_code,
                 x.amount, 'ok', null, x.entry_id, x.balance_after, false, x.first_bet_id, x.at
          from jsonb_to_recordset(${json(
            txns.map((m) => ({
              id: m.txn!.id,
              vendor: m.txn!.vendor,
              txn_id: m.txn!.txnId,
              op: m.txn!.op,
              member_id: m.member,
              round_id: m.txn!.roundId,
              ref_txn_id: m.txn!.refTxnId,
              game_code: m.txn!.gameCode,
              amount: m.txn!.amount,
              entry_id: m.entry?.id ?? null,
              balance_after: m.txn!.balanceAfter,
              first_bet_id: m.txn!.firstBetId ?? null,
              at: iso(m.at),
            })),
          )}) as x(id bigint, vendor text, txn_id text, op text, member_id integer, round_id text, ref_txn_id text,
                   game_code text, amount bigint, entry_id bigint, balance_after bigint, first_bet_id bigint,
                   at timestamptz)`,
    );
  }

  // 6. deposits and withdrawals (their entries exist now), the holds they captured
  const depositEntry = new Map<number, bigint>();
  const withdrawalEntry = new Map<number, bigint>();
  for (const m of moves) {
    if (m.deposit !== undefined) depositEntry.set(m.deposit, m.entry!.id!);
    if (m.withdrawal !== undefined) withdrawalEntry.set(m.withdrawal, m.entry!.id!);
  }
  if (plan.deposits.length > 0) {
    await tx.execute(
      sql`insert into deposit_order (id, merchant_id, member_id, channel_id, order_no, kind, amount, fee, status,
                                     reference, entry_id, reviewed_by, reviewed_by_name, created_at, finished_at)
          select x.id, ${merchantId}, x.member_id, ${ctx.bankChannelId}, x.order_no, 'bank', x.amount, 0, 'SUCCESS',
                 x.reference, x.entry_id, ${ctx.operator.id}, ${ctx.operator.name}, x.created_at, x.finished_at
          from jsonb_to_recordset(${json(
            plan.deposits.map((d, i) => ({
              id: depositIds[i],
              member_id: d.memberId,
              order_no: d.orderNo,
              amount: d.amount,
              reference: d.reference,
              entry_id: depositEntry.get(i),
              created_at: iso(d.createdAt),
              finished_at: iso(d.approvedAt),
            })),
          )}) as x(id bigint, member_id integer, order_no text, amount bigint, reference text, entry_id bigint,
                   created_at timestamptz, finished_at timestamptz)`,
    );
  }
  if (plan.withdrawals.length > 0) {
    await tx.execute(
      sql`insert into member_bank_account (id, merchant_id, member_id, bank_name, account_name, account_number,
                                           created_at)
          select x.id, ${merchantId}, x.member_id, x.bank_name, x.account_name, x.account_number, x.created_at
          from jsonb_to_recordset(${json(
            plan.banks.map((b) => ({
              id: bankId.get(b),
              member_id: b.memberId,
              bank_name: b.bankName,
              account_name: b.accountName,
              account_number: b.accountNumber,
              created_at: iso(b.createdAt),
            })),
          )}) as x(id bigint, member_id integer, bank_name text, account_name text, account_number text,
                   created_at timestamptz)`,
    );
    const w = plan.withdrawals.map((x, i) => ({
      id: withdrawalIds[i],
      hold_id: holdIds[i],
      member_id: x.memberId,
      account_id: mainOf(x.memberId),
      amount: x.amount,
      bank_id: bankId.get(x.bank),
      bank_name: x.bank.bankName,
      account_name: x.bank.accountName,
      account_number: x.bank.accountNumber,
      entry_id: withdrawalEntry.get(i),
      requested_at: iso(x.requestedAt),
      paid_at: iso(x.paidAt),
      received_at: iso(x.receivedAt),
    }));
    const cols = sql`x(id bigint, hold_id bigint, member_id integer, account_id bigint, amount bigint, bank_id bigint,
                       bank_name text, account_name text, account_number text, entry_id bigint,
                       requested_at timestamptz, paid_at timestamptz, received_at timestamptz)`;
    await tx.execute(
      sql`with w as (
            insert into withdrawal (id, merchant_id, member_id, request_id, amount, status, bank_account_id, bank_name,
                                    account_name, account_number, operator_id, confirmed_by, created_at, updated_at,
                                    decided_at, paid_at, confirmed_at)
            select x.id, ${merchantId}, x.member_id, null, x.amount, 'RECEIVED', x.bank_id, x.bank_name,
                   x.account_name, x.account_number, ${ctx.operator.id}, 'auto', x.requested_at, x.received_at,
                   x.paid_at, x.paid_at, x.received_at
            from jsonb_to_recordset(${json(w)}) as ${cols})
          insert into ledger_hold (id, merchant_id, account_id, idem_key, amount, status, entry_id, created_at, closed_at)
          select x.hold_id, ${merchantId}, x.account_id, 'withdraw:' || x.id, x.amount, 'captured', x.entry_id,
                 x.requested_at, x.paid_at
          from jsonb_to_recordset(${json(w)}) as ${cols}`,
    );
  }

  // each member's recent games, as the launches moved them to the front of the list
  const recent = new Map<string, { member_id: number; node_id: number; played_at: Date }>();
  for (const s of plan.sessions) {
    const k = `${s.memberId}:${s.game.nodeId}`;
    const r = recent.get(k);
    if (!r || r.played_at < s.launchedAt)
      recent.set(k, { member_id: s.memberId, node_id: s.game.nodeId, played_at: s.launchedAt });
  }
  const kept = [...recent.values()]
    .sort(
      (a, b) =>
        a.member_id - b.member_id || b.played_at.getTime() - a.played_at.getTime() || b.node_id - a.node_id,
    )
    .filter((r, i, all) => all.findIndex((x) => x.member_id === r.member_id) > i - RECENT_GAMES_LIMIT);
  if (kept.length > 0) {
    await tx.execute(
      sql`insert into member_recent_game (member_id, node_id, merchant_id, played_at)
          select x.member_id, x.node_id, ${merchantId}, x.played_at
          from jsonb_to_recordset(${json(kept)}) as x(member_id integer, node_id integer, played_at timestamptz)`,
    );
  }

  // the planner's statistics of the tables just filled (a bulk load leaves them describing empty
  // tables; the roll-up and the settlement read these rows next)
  await tx.execute(sql`analyze vendor_txn, ledger_entry, ledger_line, ledger_account, gs_round`);

  // 7. the balances the last lines left, and the free spins the slots left
  await tx.execute(
    sql`update ledger_account a set balance = x.balance
        from jsonb_to_recordset(${json(
          [...balance].map(([id, b]) => ({ id, balance: b })),
        )}) as x(id bigint, balance bigint)
        where a.id = x.id and a.balance <> x.balance`,
  );
  if (plan.freeSpins.length > 0) {
    await tx.execute(
      sql`insert into gs_free_spins (merchant_id, owner, mode, vendor_code, game_code, remaining, bet, wallet_round_id)
          select ${merchantId}, x.owner, 'real', x.vendor, x.game_code, x.remaining, x.bet, x.wallet_round_id
          from jsonb_to_recordset(${json(
            plan.freeSpins.map((f) => ({
              owner: `m:${f.memberId}`,
              vendor: f.game.vendor,
              game_code: f.game.gameCode,
              remaining: f.remaining,
              bet: f.bet,
              wallet_round_id: f.walletRoundId,
            })),
          )}) as x(owner text, vendor text, game_code text, remaining integer, bet bigint, wallet_round_id text)`,
    );
  }
}
