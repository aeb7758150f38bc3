import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TCatalogueFeed } from '@bp/contract';
import type { Db } from '../../db/client.js';
import { DEMO } from '../../test/harness.js';
import { rows } from '../../platform/sql.js';
import { signBody } from '../../platform/vendor-signature.js';
import { vendorWalletServiceFor } from '../vendor-wallet/register.js';
import { createEventBus } from '../../platform/events.js';
import { systemClock } from '../../platform/module.js';
import { fund, newMember, TEST_PASSWORD, loginToken } from '../../test/factories.js';

/** Factories for the catalogue's integration tests. */

/** A small feed with names no generated demo game has, so filters and searches see only these. */
export function testFeed(): TCatalogueFeed {
  const g = (
    vendor: string,
    gameCode: string,
    gameType: string,
    en: string,
    bn: string,
    extra: Record<string, unknown> = {},
  ) => ({ vendor, gameCode, gameType, names: { EN: en, BN: bn }, ...extra });
  return {
    vendors: [
      {
        code: 'TSTA',
        names: { EN: 'Test Alpha', BN: 'টেস্ট আলফা' },
        gameTypes: ['RNG', 'FISH'],
        sortOrder: 1,
      },
      { code: 'TSTB', names: { EN: 'Test Ball', BN: 'টেস্ট বল' }, gameTypes: ['SPORTS'], sortOrder: 2 },
      { code: 'TSTL', names: { EN: 'Test Lotto', BN: 'টেস্ট লটো' }, gameTypes: ['ELOTT'], sortOrder: 3 },
      { code: 'TSTM', names: { EN: 'Test Lottery', BN: 'টেস্ট লটারি' }, gameTypes: ['LOTT'], sortOrder: 4 },
    ],
    games: [
      g('TSTA', 'A001', 'RNG', 'Zebracorn Gold', 'জেব্রাকর্ন সোনা', {
        isHot: true,
        rtpBps: 9650,
        minBet: '0.2',
        lines: 25,
        sortOrder: 10,
      }),
      g('TSTA', 'A002', 'RNG', 'Zebracorn Scratch', 'জেব্রাকর্ন স্ক্র্যাচ', {
        gameClassify: 'SC',
        isNew: true,
        sortOrder: 20,
      }),
      g('TSTA', 'A003', 'RNG', 'Quokka Crash', 'কোক্কা ক্র্যাশ', { gameClassify: 'Crash', sortOrder: 30 }),
      g('TSTA', 'A004', 'RNG', 'Quokka Riches', 'কোক্কা সম্পদ', { status: 'maintenance', sortOrder: 40 }),
      g('TSTA', 'A005', 'RNG', 'Quokka Hidden', 'কোক্কা লুকানো', { status: 'disabled', sortOrder: 50 }),
      g('TSTA', 'A006', 'FISH', 'Quokka Fishing', 'কোক্কা মাছ শিকার', {
        gameClassify: 'Arcade',
        sortOrder: 60,
      }),
      g('TSTA', 'A007', 'RNG', 'Yakbot Jackpot', 'ইয়াকবট জ্যাকপট', {
        gameClassify: 'JP',
        isHot: true,
        sortOrder: 70,
      }),
      g('TSTB', 'B001', 'SPORTS', 'Testball Sportsbook', 'টেস্টবল স্পোর্টসবুক'),
      g('TSTL', 'L001', 'ELOTT', 'Yakbot North Lotto', 'ইয়াকবট উত্তর লটো', { sortOrder: 1 }),
      g('TSTL', 'L002', 'ELOTT', 'Yakbot South Lotto', 'ইয়াকবট দক্ষিণ লটো', { sortOrder: 2 }),
      g('TSTM', 'M001', 'LOTT', 'Yakbot Keno', 'ইয়াকবট কেনো'),
    ],
    enableForMerchant: true,
  } as TCatalogueFeed;
}

export async function operatorToken(app: FastifyInstance): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/admin/api/session/login',
    payload: { merchantCode: DEMO.merchant, username: 'admin', password: 'Admin@12345' },
  });
  if (res.statusCode !== 200) throw new Error(`operator login: ${res.body}`);
  return res.json().value.token as string;
}

export async function importFeed(app: FastifyInstance, token: string, feed: TCatalogueFeed) {
  return app.inject({
    method: 'POST',
    url: '/admin/api/catalogue/import',
    headers: { authorization: token },
    payload: feed,
  });
}

export async function nodeIdOf(db: Db, vendor: string, gameCode: string): Promise<number> {
  const [r] = await rows<{ node_id: number }>(
    db,
    sql`select node_id from game where vendor_code = ${vendor} and game_code = ${gameCode}`,
  );
  if (!r) throw new Error(`no game ${vendor} ${gameCode}`);
  return r.node_id;
}

/** A logged-in member (type 0 unless told), with its Merchant and Authorization headers. */
export async function memberSession(app: FastifyInstance, db: Db, merchantId: number, type = 0) {
  const m = await newMember(db, merchantId, { type });
  const token = await loginToken(app, db, m.username, TEST_PASSWORD);
  return { ...m, headers: { merchant: DEMO.merchant, authorization: token } };
}

// vendor sessions are plain rows: any wallet service over the same database can open them
const sessionEvents = createEventBus();

/**
 * A real settled win: the member bets `bet` and the vendor credits `win` for the same round, both
 * through the signed seamless-wallet HTTP callbacks with the merchant's secret for that vendor.
 */
export async function settleWin(
  app: FastifyInstance,
  db: Db,
  p: { merchantId: number; memberId: number; vendor: string; gameCode: string; bet: string; win: string },
) {
  const [mv] = await rows<{ api_secret: string }>(
    db,
    sql`select api_secret from merchant_vendor where merchant_id = ${p.merchantId} and vendor_code = ${p.vendor}`,
  );
  const session = await vendorWalletServiceFor({ db, events: sessionEvents, clock: systemClock }).openSession(
    db,
    {
      merchantId: p.merchantId,
      memberId: p.memberId,
      vendorCode: p.vendor,
    },
  );
  const call = async (op: string, body: Record<string, unknown>) => {
    const raw = JSON.stringify({ playerId: String(p.memberId), currency: 'BDT', ...body });
    const res = await app.inject({
      method: 'POST',
      url: `/vendor/${p.vendor}/wallet/${op}`,
      headers: {
        merchant: DEMO.merchant,
        'content-type': 'application/json',
        'x-signature': signBody(mv!.api_secret, raw),
      },
      payload: raw,
    });
    if (res.statusCode !== 200) throw new Error(`${op}: ${res.body}`);
  };
  const roundId = `r-${randomBytes(6).toString('hex')}`;
  await call('debit', {
    token: session.token,
    txnId: `d-${randomBytes(6).toString('hex')}`,
    roundId,
    amount: p.bet,
    gameCode: p.gameCode,
  });
  await call('credit', {
    txnId: `c-${randomBytes(6).toString('hex')}`,
    roundId,
    amount: p.win,
    gameCode: p.gameCode,
  });
}

export { fund };
