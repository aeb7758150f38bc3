import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TCatalogueFeed } from '@bp/contract';
import type { Db } from '../../db/client.js';
import { rows } from '../../platform/sql.js';

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
