import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../test/harness.js';
import {
  expectContractInvariants,
  expectLedgerInvariants,
  loginToken,
  merchantIdOf,
} from '../test/factories.js';
import { rows } from '../platform/sql.js';
import { formatMerchantTime } from '../platform/time.js';
import { DEMO_AGENT } from './demo-members.js';
import { DEMO_TEAM } from './demo-agent-team.js';
import { DEMO_HISTORY_DAYS } from './history/window.js';

/**
 * The demo merchant as the test template seeds it (seedIfEmpty, the same seeders as `npm start`):
 * its team's history is real money by the ledger's rules, its figures are the roll-up's reading of
 * the journal, its payouts are the settlement engine's, and the agent centre shows them.
 */

let t: TestApp;
let merchantId: number;
let tz: string;
let team: number[];
const db = () => t.database.db;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  merchantId = await merchantIdOf(db());
  const [m] = await rows<{ tz: string }>(
    db(),
    sql`select time_zone as tz from merchant where id = ${merchantId}`,
  );
  tz = m!.tz;
  const list = await rows<{ id: number }>(
    db(),
    sql`select id from member where merchant_id = ${merchantId}
          and username in (${sql.join(
            DEMO_TEAM.map((x) => sql`${x.username}`),
            sql`, `,
          )})`,
  );
  team = list.map((r) => Number(r.id));
});
afterAll(() => t.close());

const day = (d: Date | string) => formatMerchantTime(new Date(d), tz).slice(0, 10);

/** The history's days, read back from agent01's daily salaries (the template may be older than today). */
async function window() {
  const [w] = await rows<{ from: Date; to: Date; n: number }>(
    db(),
    sql`select min(p.period_start) as "from", max(p.period_end) as "to", count(*)::int as n
        from contract_payout p join member m on m.id = p.payee_id
        where p.merchant_id = ${merchantId} and p.kind = 'dailySalary' and m.username = ${DEMO_AGENT.username}`,
  );
  return { from: new Date(w!.from), to: new Date(w!.to), days: w!.n };
}

describe('the demo team history', () => {
  it('keeps the ledger’s invariants and the contract rules', async () => {
    await expectLedgerInvariants(db());
    await expectContractInvariants(db(), merchantId);
  });

  it('is three weeks of built-in game play ending yesterday, with deposits and cash-outs', async () => {
    const w = await window();
    expect(w.days).toBe(DEMO_HISTORY_DAYS);
    expect(w.to.getTime() - w.from.getTime()).toBe(DEMO_HISTORY_DAYS * DAY);
    const [r] = await rows<{
      n: number;
      members: number;
      first: Date;
      last: Date;
      open: number;
      kinds: number;
    }>(
      db(),
      sql`select count(*)::int as n, count(distinct member_id)::int as members, min(created_at) as first,
                 max(updated_at) as last, count(*) filter (where status <> 'settled')::int as open,
                 count(distinct kind)::int as kinds
          from gs_round where member_id in (${sql.join(team, sql`, `)})`,
    );
    expect(r!.n).toBeGreaterThan(500);
    expect(r!.members).toBe(11);
    expect(r!.open).toBe(0);
    expect(r!.kinds).toBe(4);
    expect(new Date(r!.first).getTime()).toBeGreaterThanOrEqual(w.from.getTime());
    expect(new Date(r!.last).getTime()).toBeLessThan(w.to.getTime());
    // every round's seed pair counted it: the next nonce is the number of rounds played on it
    const seeds = await rows<{ nonce: number; played: number }>(
      db(),
      sql`select s.nonce, (select count(*) from gs_round r where r.seed_id = s.id)::int as played
          from gs_seed s where s.owner in (${sql.join(
            team.map((id) => sql`${`m:${id}`}`),
            sql`, `,
          )})`,
    );
    expect(seeds.length).toBeGreaterThan(10);
    for (const s of seeds) expect(s.nonce).toBe(s.played);
    const [money] = await rows<{ deposits: number; withdrawals: number; open: number }>(
      db(),
      sql`select (select count(*) from deposit_order where member_id in (${sql.join(team, sql`, `)})
                    and status = 'SUCCESS')::int as deposits,
                 (select count(*) from withdrawal where member_id in (${sql.join(team, sql`, `)})
                    and status = 'RECEIVED')::int as withdrawals,
                 (select count(*) from ledger_hold h join ledger_account a on a.id = h.account_id
                    where a.member_id in (${sql.join(team, sql`, `)}) and h.status = 'open')::int as open`,
    );
    expect(money!.deposits).toBeGreaterThan(10);
    expect(money!.withdrawals).toBeGreaterThan(0);
    expect(money!.open).toBe(0);
  });

  it('its figures are the journal’s: valid bets and wins per member and merchant day, read from the wallet calls', async () => {
    // the definition read here on its own: a round's stake counts once a win (any amount) was credited,
    // in the merchant day of its first bet
    const journal = await rows<{ member_id: number; day: string; valid_bet: string; win: string }>(
      db(),
      sql`with r as (
            select member_id, vendor_code, round_id,
              min(created_at) filter (where op = 'debit') as bet_at,
              coalesce(sum(amount) filter (where op = 'debit'), 0)
                - coalesce(sum(amount) filter (where op = 'rollback'), 0) as stake,
              coalesce(sum(amount) filter (where op = 'credit'), 0) as win,
              bool_or(op = 'credit') as settled
            from vendor_txn where status = 'ok' and member_id in (${sql.join(team, sql`, `)})
            group by 1, 2, 3)
          select member_id, ((bet_at at time zone ${tz})::date)::text as day, sum(stake)::text as valid_bet,
                 sum(win)::text as win
          from r where settled and bet_at is not null group by 1, 2 order by 1, 2`,
    );
    const figures = await rows<{ member_id: number; day: string; valid_bet: string; win: string }>(
      db(),
      sql`select member_id, day::text as day, valid_bet::text, win::text from figure_member_day
          where member_id in (${sql.join(team, sql`, `)}) and (valid_bet <> 0 or win <> 0) order by 1, 2`,
    );
    expect(journal.length).toBeGreaterThan(50);
    expect(figures).toEqual(journal);
  });

  it('every period since the contracts began is settled by the engine, paid at its own run time', async () => {
    const w = await window();
    const payouts = await rows<{
      id: number;
      contract_id: number;
      kind: string;
      period_start: Date;
      period_end: Date;
      payer_id: number | null;
      payee_id: number;
      paid: string;
      status: string;
      created_at: Date;
    }>(db(), sql`select * from contract_payout where merchant_id = ${merchantId} order by id`);
    const byKind = (k: string) => payouts.filter((p) => p.kind === k);
    // daily salary: each day, platform > agent01 > subagent01, and > subagent03 in the last week
    expect(byKind('dailySalary')).toHaveLength(2 * DEMO_HISTORY_DAYS + 7);
    // hourly salary: each hour of the last day; dividends: each closed week; real-time: windows with play
    const hourly = byKind('hourlySalary');
    expect(hourly).toHaveLength(24);
    expect(day(hourly[0]!.period_start)).toBe(day(new Date(w.to.getTime() - DAY)));
    expect(byKind('dividend').length).toBeGreaterThanOrEqual(6);
    expect(byKind('realtimeSalary').length).toBeGreaterThan(0);
    // salaries are reached on most days and hours; a week's dividend only when the team lost that
    // week (about one week in two, as the games fell)
    for (const k of ['dailySalary', 'hourlySalary', 'realtimeSalary'])
      expect(
        byKind(k).some((p) => p.status === 'paid'),
        k,
      ).toBe(true);
    for (const p of payouts) expect(['paid', 'not_reached'], `payout ${p.id}`).toContain(p.status);
    // a payout is written a few minutes after its period (the job's next run), and what it paid is one
    // ledger entry from the payer (the house, or the upline agent) at that same time
    const entries = await rows<{ key: string; created_at: Date; amount: string; payer: number | null }>(
      db(),
      sql`select e.idem_key as key, e.created_at, l.amount::text, a.member_id as payer
          from ledger_entry e join ledger_line l on l.entry_id = e.id and l.amount < 0
          join ledger_account a on a.id = l.account_id
          where e.merchant_id = ${merchantId} and e.ref_type = 'contract_payout'`,
    );
    const entryOf = new Map(entries.map((e) => [e.key, e]));
    for (const p of payouts) {
      const at = new Date(p.created_at).getTime();
      expect(at).toBeGreaterThan(new Date(p.period_end).getTime());
      expect(at - new Date(p.period_end).getTime()).toBeLessThan(5 * 60_000);
      const e = entryOf.get(`contract_payout:${p.contract_id}:${new Date(p.period_start).toISOString()}`);
      if (BigInt(p.paid) === 0n) {
        expect(e).toBeUndefined();
        continue;
      }
      expect(e, `payout ${p.id}`).toBeDefined();
      expect(new Date(e!.created_at).getTime()).toBe(at);
      expect(BigInt(e!.amount)).toBe(-BigInt(p.paid));
      expect(e!.payer === null ? null : Number(e!.payer)).toBe(
        p.payer_id === null ? null : Number(p.payer_id),
      );
    }
  });

  it('the agent centre shows it: the overview chart, team betting, user loss, income and payout records', async () => {
    const w = await window();
    const headers = {
      merchant: DEMO.merchant,
      authorization: await loginToken(t.app, db(), DEMO_AGENT.username, DEMO_AGENT.password),
    };
    const get = async (url: string) => {
      const res = await t.app.inject({ url, headers });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return res.json().value;
    };
    const range = `from=${day(w.from)}&to=${day(new Date(w.to.getTime() - DAY))}`;
    const overview = await get(`/wps/report/teamOverview?${range}`);
    expect(overview.series).toHaveLength(DEMO_HISTORY_DAYS);
    expect(
      overview.series.filter((p: { validBets: string }) => p.validBets !== '0.00').length,
    ).toBeGreaterThan(15);
    expect(Number(overview.validBets)).toBeGreaterThan(0);
    expect(overview.activeMembers).toBeGreaterThan(5);
    expect(overview.firstDeposits).toBeGreaterThan(5);
    expect(overview.newRegistrations).toBe(2);
    expect((await get(`/wps/report/teamPVPRNGBetting?${range}`)).totalCount).toBeGreaterThan(500);
    expect((await get(`/wps/report/userLoss?${range}`)).list.length).toBeGreaterThan(5);
    // payouts are booked when they were paid: up to the first minutes of today
    const income = await get(`/wps/report/income?from=${day(w.from)}&to=${day(w.to)}`);
    for (const k of ['daily', 'hourly', 'realtime']) expect(Number(income.totals[k]), k).toBeGreaterThan(0);
    const records = await get(
      `/wps/agent/contractPayouts?kind=dailySalary&from=${day(w.from)}&to=${day(w.to)}&pageSize=100`,
    );
    expect(records.totalCount).toBe(DEMO_HISTORY_DAYS);
  });
});
