import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  addVendor,
  createMerchant,
  expectLedgerInvariants,
  fund,
  mainBalance,
  newMember,
  openVendorSession,
  vendorCallback,
} from '../../test/factories.js';
import { addCatalogueGames } from '../../test/games.js';
import { rows } from '../../platform/sql.js';
import { formatMerchantTime, merchantDayStart } from '../../platform/time.js';
import { runRebateDay } from './index.js';

/**
 * Random play over several merchant days (a seeded generator: a failure replays): rounds of random
 * members on games of three product types and one the catalogue does not know, random stakes and
 * wins, some rolled back instead of settled, some never settled, some settled the next day. The
 * rounds are played through the signed wallet callbacks, then moved back in time as whole rounds (the
 * journal's rows keep their order). Every day's nightly run, in random order and twice, pays exactly
 * the reference computation (per member, day of the first credit and product type: floor(stakes x
 * rate)), and the ledger stays balanced; the first runs are cut short after one row paid (a crash), and
 * the later ones pay exactly what is still pending.
 */
const VENDOR = `RP${randomBytes(3).toString('hex').toUpperCase()}`;
const DAY_MS = 86_400_000;
const GAMES = [
  { code: 'ps', type: 'RNG' },
  { code: 'pl', type: 'LIVE' },
  { code: 'pf', type: 'FISH' },
  { code: 'unknown', type: null },
] as const;
const RATES: Record<number, Record<string, number>> = {
  0: { RNG: 70, LIVE: 35 },
  1: { RNG: 133, LIVE: 90, FISH: 21 },
};

let t: TestApp;
let brand: { id: number; code: string };
let tz: string;
const db = () => t.database.db;

function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

beforeAll(async () => {
  t = await createTestApp();
  brand = await createMerchant(db());
  await addVendor(db(), brand.id, VENDOR);
  await addCatalogueGames(
    db(),
    VENDOR,
    GAMES.filter((g) => g.type).map((g) => ({ code: g.code, type: g.type! })),
  );
  for (const [level, rates] of Object.entries(RATES)) {
    await db().execute(
      sql`insert into vip_level (merchant_id, level, name, rebate_bps)
          values (${brand.id}, ${Number(level)}, ${`L${level}`}, ${JSON.stringify(rates)}::jsonb)`,
    );
  }
  const [z] = await rows<{ tz: string }>(
    db(),
    sql`select time_zone as tz from merchant where id = ${brand.id}`,
  );
  tz = z!.tz;
}, 60_000);
afterAll(() => t?.close());

async function call(memberId: number, op: 'debit' | 'credit' | 'rollback', body: Record<string, unknown>) {
  const res = await vendorCallback(t.app, db(), {
    merchantId: brand.id,
    merchantCode: brand.code,
    vendor: VENDOR,
    op,
    body: { playerId: String(memberId), ...body },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('nightly rebate over random days', () => {
  for (const [idx, seed] of [11, 29, 47].entries()) {
    it(`pays the reference amounts once (seed ${seed})`, async () => {
      const r = rng(seed);
      const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
      const members: { id: number; level: number }[] = [];
      for (let i = 0; i < 4; i++) {
        const m = await newMember(db(), brand.id);
        await fund(db(), brand.id, m.id, 10_000_000n);
        const level = r() < 0.5 ? 0 : 1;
        if (level)
          await db().execute(
            sql`insert into vip_member (member_id, merchant_id, level) values (${m.id}, ${brand.id}, 1)`,
          );
        members.push({ id: m.id, level });
      }
      // each seed plays and runs days of its own (no other seed's run has closed them)
      const base = 3 + idx * 8;
      const expected = new Map<string, bigint>();
      const days = new Set<string>();
      for (let i = 0; i < 24; i++) {
        const m = pick(members);
        const game = pick(GAMES);
        const stake = BigInt(1 + Math.floor(r() * 500_00));
        const win = r() < 0.4 ? BigInt(Math.floor(r() * 900_00)) : 0n;
        const fate = r();
        const session = await openVendorSession(db(), brand.id, m.id, VENDOR);
        const roundId = `p-${randomBytes(6).toString('hex')}`;
        const dec = (v: bigint) => `${v / 100n}.${(v % 100n).toString().padStart(2, '0')}`;
        const debitTxn = `d-${randomBytes(6).toString('hex')}`;
        await call(m.id, 'debit', {
          token: session.token,
          txnId: debitTxn,
          roundId,
          amount: dec(stake),
          gameCode: game.code,
        });
        const settled = fate < 0.85;
        if (settled) {
          await call(m.id, 'credit', {
            txnId: `c-${randomBytes(6).toString('hex')}`,
            roundId,
            amount: dec(win),
            gameCode: game.code,
          });
        } else if (fate < 0.93) {
          await call(m.id, 'rollback', {
            txnId: `x-${randomBytes(6).toString('hex')}`,
            roundId,
            refTxnId: debitTxn,
          });
        }
        // the round moves back: its bet `back` days, its credit the same day or (one in four) the next
        const back = base + Math.floor(r() * 3);
        const lag = r() < 0.25 ? 1 : 0;
        const shift = (days: number) => sql`${`${days} days`}::interval`;
        await db().execute(
          sql`update vendor_txn set created_at = created_at - case when op = 'credit' then ${shift(back - lag)} else ${shift(back)} end
              where merchant_id = ${brand.id} and vendor_code = ${VENDOR} and round_id = ${roundId}`,
        );
        if (!settled) continue;
        const [c] = await rows<{ at: Date | string }>(
          db(),
          sql`select created_at as at from vendor_txn where vendor_code = ${VENDOR} and round_id = ${roundId} and op = 'credit'`,
        );
        const day = formatMerchantTime(new Date(c!.at), tz).slice(0, 10);
        days.add(day);
        const rate = game.type ? (RATES[m.level]![game.type] ?? 0) : 0;
        if (!game.type || rate === 0) continue;
        const k = `${m.id}|${day}|${game.type}`;
        expected.set(k, (expected.get(k) ?? 0n) + stake);
      }
      const want = new Map<number, bigint>();
      for (const [k, stake] of expected) {
        const [id, , type] = k.split('|');
        const m = members.find((x) => x.id === Number(id))!;
        const amount = (stake * BigInt(RATES[m.level]![type!]!)) / 10_000n;
        want.set(m.id, (want.get(m.id) ?? 0n) + amount);
      }
      const before = new Map<number, bigint>();
      for (const m of members) before.set(m.id, await mainBalance(db(), m.id));
      // every day of the range (and around it), in random order, each twice
      const start = merchantDayStart(tz, new Date(), -(base + 4));
      const all = Array.from({ length: 7 }, (_, i) =>
        formatMerchantTime(new Date(start.getTime() + i * DAY_MS + 12 * 3_600_000), tz).slice(0, 10),
      );
      for (const d of days) expect(all).toContain(d);
      const order = [...all, ...all].sort(() => r() - 0.5);
      const sources = new Set<string | undefined>();
      // the first two (at once) cut short after one row paid: the runs after them pay the rest
      const cut = { batch: 1, maxBatches: 1 };
      for (const s of await Promise.all(order.slice(0, 2).map((d) => runRebateDay(db(), brand.id, d, cut))))
        sources.add(s.betsFrom);
      for (const d of order.slice(2)) sources.add((await runRebateDay(db(), brand.id, d)).betsFrom);
      // the days were computed from the roll-up (it had counted them all), never from the journal
      expect(sources.has('rollup')).toBe(true);
      expect(sources.has('journal')).toBe(false);
      for (const m of members) {
        const paid = (await mainBalance(db(), m.id)) - before.get(m.id)!;
        expect(paid, `member ${m.id}`).toBe(want.get(m.id) ?? 0n);
      }
      await expectLedgerInvariants(db());
    }, 120_000);
  }
});
