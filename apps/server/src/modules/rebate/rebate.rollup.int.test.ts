import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  addVendor,
  createMerchant,
  fund,
  newMember,
  openVendorSession,
  vendorCallback,
} from '../../test/factories.js';
import { addCatalogueGames } from '../../test/games.js';
import { rows } from '../../platform/sql.js';
import { formatMerchantTime, merchantDayStart } from '../../platform/time.js';
import { rollUpNow } from '../team-figure/index.js';
import { rolledBetsSql, validBetsSql } from './rebate.bets.js';
import { rebateBetsCounted, rebateRollUpStep } from './rebate.rollup.js';

/**
 * The roll-up of the rebate's valid bets (rebate.rollup.ts) against THE statement (rebate.bets.ts) on
 * random play (a seeded generator: a failure replays): rounds of random members (a trial account
 * among them) on games of two product types and one the catalogue does not know, one or two bets,
 * settled, rolled back or left open, their rows moved back a few days as a whole or the credit a day
 * later; later calls on earlier rounds (a second credit, a rollback, another bet) stamped days after.
 * The roll-up runs in steps of random sizes between the rounds, so rounds are split across steps every
 * way. Every merchant day's rows of the roll-up then equal the statement's, member by member and type
 * by type.
 */
const VENDOR = `RU${randomBytes(3).toString('hex').toUpperCase()}`;
const DAY_MS = 86_400_000;
const GAMES = [
  { code: 'us', type: 'RNG' },
  { code: 'ul', type: 'LIVE' },
  { code: 'unknown', type: null },
] as const;

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
  const [z] = await rows<{ tz: string }>(
    db(),
    sql`select time_zone as tz from merchant where id = ${brand.id}`,
  );
  tz = z!.tz;
}, 60_000);
afterAll(() => t?.close());

const dec = (v: bigint) => `${v / 100n}.${(v % 100n).toString().padStart(2, '0')}`;
const hex = () => randomBytes(6).toString('hex');

/** A call the wallet accepts (or, `mayRefuse`, one it may refuse: a rollback of a settled round...). */
async function call(
  memberId: number,
  op: 'debit' | 'credit' | 'rollback',
  body: Record<string, unknown>,
  mayRefuse = false,
) {
  const res = await vendorCallback(t.app, db(), {
    merchantId: brand.id,
    merchantCode: brand.code,
    vendor: VENDOR,
    op,
    body: { playerId: String(memberId), ...body },
  });
  if (mayRefuse && res.statusCode === 409) return;
  expect(res.statusCode, res.body).toBe(200);
}

/** Moves the round's rows above `afterId` back: `days` days, credits `lag` days less. */
async function moveBack(roundId: string, afterId: bigint, days: number, lag = 0) {
  const shift = (n: number) => sql`${`${n} days`}::interval`;
  await db().execute(
    sql`update vendor_txn set created_at = created_at - case when op = 'credit' then ${shift(days - lag)} else ${shift(days)} end
        where merchant_id = ${brand.id} and vendor_code = ${VENDOR} and round_id = ${roundId} and id > ${afterId.toString()}::bigint`,
  );
}

async function maxId(): Promise<bigint> {
  const [r] = await rows<{ m: string | null }>(db(), sql`select max(id)::text as m from vendor_txn`);
  return BigInt(r?.m ?? 0);
}

type Row = { memberId: number; gameType: string; validBet: string };
const key = (r: Row) => `${r.memberId}|${r.gameType}|${r.validBet}`;

describe('the rebate roll-up', () => {
  for (const seed of [5, 17, 23]) {
    it(`equals the statement on every day of random play (seed ${seed})`, async () => {
      const r = rng(seed);
      const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
      const members: number[] = [];
      for (let i = 0; i < 4; i++) {
        // the last one a trial account: its rounds count nowhere
        const m = await newMember(db(), brand.id, { type: i === 3 ? 4 : 0, password: null });
        await fund(db(), brand.id, m.id, 100_000_000n);
        members.push(m.id);
      }
      const rounds: { memberId: number; roundId: string; debit: string; game: string; back: number }[] = [];
      const roll = async () => {
        await rollUpNow(db());
        for (let n = Math.floor(r() * 3); n > 0; n--) await rebateRollUpStep(db(), 1 + Math.floor(r() * 6));
      };
      for (let i = 0; i < 36; i++) {
        const before = await maxId();
        const earlier = rounds.length > 0 && r() < 0.25 ? pick(rounds) : undefined;
        if (earlier) {
          // a later call on an earlier round, stamped up to two days after its bet
          const fate = r();
          const session = await openVendorSession(db(), brand.id, earlier.memberId, VENDOR);
          if (fate < 0.4) {
            await call(
              earlier.memberId,
              'credit',
              {
                txnId: `c-${hex()}`,
                roundId: earlier.roundId,
                amount: dec(BigInt(Math.floor(r() * 500_00))),
                gameCode: earlier.game,
              },
              true,
            );
          } else if (fate < 0.7) {
            await call(
              earlier.memberId,
              'rollback',
              {
                txnId: `x-${hex()}`,
                roundId: earlier.roundId,
                refTxnId: earlier.debit,
              },
              true,
            );
          } else {
            await call(
              earlier.memberId,
              'debit',
              {
                token: session.token,
                txnId: `d-${hex()}`,
                roundId: earlier.roundId,
                amount: dec(BigInt(1 + Math.floor(r() * 300_00))),
                gameCode: earlier.game,
              },
              true,
            );
          }
          await moveBack(earlier.roundId, before, Math.max(earlier.back - Math.floor(r() * 3), 0));
        } else {
          const memberId = pick(members);
          const game = pick(GAMES).code;
          const session = await openVendorSession(db(), brand.id, memberId, VENDOR);
          const roundId = `u-${hex()}`;
          const debit = `d-${hex()}`;
          await call(memberId, 'debit', {
            token: session.token,
            txnId: debit,
            roundId,
            amount: dec(BigInt(1 + Math.floor(r() * 500_00))),
            gameCode: game,
          });
          if (r() < 0.3) {
            await call(memberId, 'debit', {
              token: session.token,
              txnId: `d-${hex()}`,
              roundId,
              amount: dec(BigInt(1 + Math.floor(r() * 200_00))),
              gameCode: game,
            });
          }
          const fate = r();
          if (fate < 0.75) {
            await call(memberId, 'credit', {
              txnId: `c-${hex()}`,
              roundId,
              amount: dec(BigInt(Math.floor(r() * 900_00))),
              gameCode: game,
            });
          } else if (fate < 0.88) {
            await call(memberId, 'rollback', { txnId: `x-${hex()}`, roundId, refTxnId: debit });
          }
          const back = 2 + Math.floor(r() * 4);
          await moveBack(roundId, before, back, r() < 0.25 ? 1 : 0);
          rounds.push({ memberId, roundId, debit, game, back });
        }
        if (r() < 0.4) await roll();
      }
      expect(await rebateBetsCounted(db(), new Date())).toBe(true);

      const start = merchantDayStart(tz, new Date(), -7);
      let compared = 0;
      for (let i = 0; i < 8; i++) {
        const day = formatMerchantTime(new Date(start.getTime() + i * DAY_MS + 12 * 3_600_000), tz).slice(
          0,
          10,
        );
        const from = merchantDayStart(tz, new Date(`${day}T12:00:00Z`));
        const to = merchantDayStart(tz, new Date(`${day}T12:00:00Z`), 1);
        const select = sql`select member_id as "memberId", game_type as "gameType", valid_bet::text as "validBet"
          from bets where valid_bet > 0 order by member_id, game_type`;
        const want = await rows<Row>(
          db(),
          sql`with ${validBetsSql({ merchantId: brand.id, from, to })} ${select}`,
        );
        const got = await rows<Row>(
          db(),
          sql`with ${rolledBetsSql({ merchantId: brand.id, day })} ${select}`,
        );
        expect(got.map(key), day).toEqual(want.map(key));
        compared += want.length;
      }
      // the play put valid bets on several days
      expect(compared).toBeGreaterThan(3);
    }, 180_000);
  }
});
