import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { TGameKind } from '@bp/contract';
import type { Db } from '../db/client.js';
import { DEMO } from './harness.js';
import { rows } from '../platform/sql.js';
import { gameKindOf } from '../games/index.js';

/** Factories for the built-in game server's tests: games of a kind, launching and playing them over HTTP. */

/** A game of the demo merchant's catalogue that the built-in server plays as `kind`. */
export async function gameOfKind(db: Db, kind: TGameKind, opts: { not?: number[] } = {}) {
  const found = await rows<{
    node_id: number;
    vendor_code: string;
    game_code: string;
    game_type: never;
    game_classify: never;
    names: Record<string, string>;
  }>(
    db,
    sql`select g.node_id, g.vendor_code, g.game_code, g.game_type, g.game_classify, g.names
        from game g join game_vendor v on v.code = g.vendor_code and v.status = 'active'
        join merchant_vendor mv on mv.vendor_code = g.vendor_code and mv.enabled
        join merchant m on m.id = mv.merchant_id and m.code = ${DEMO.merchant}
        where g.status = 'active' order by g.node_id`,
  );
  const g = found.find(
    (r) =>
      !opts.not?.includes(r.node_id) &&
      gameKindOf({
        gameType: r.game_type,
        gameClassify: r.game_classify,
        gameCode: r.game_code,
        names: r.names,
      }).kind === kind,
  );
  if (!g) throw new Error(`no ${kind} game in the demo catalogue`);
  return { nodeId: g.node_id, vendor: g.vendor_code, gameCode: g.game_code };
}

export const requestId = () => `r${randomBytes(8).toString('hex')}`;

export async function launch(
  app: FastifyInstance,
  headers: Record<string, string>,
  nodeId: number,
  accountType: 0 | 1 = 1,
) {
  const res = await app.inject({
    url: `/wps/game/launchGame?nodeId=${nodeId}&launchMode=GLS&accountType=${accountType}`,
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  const url = res.json().value.content.game_url as string;
  return new URL(url, 'http://x').searchParams.get('t')!;
}

/** Exchanges a launch token: the session view and the X-Game-Session header to send. */
export async function openGame(app: FastifyInstance, launchToken: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/gs/api/session',
    headers: { merchant: DEMO.merchant },
    payload: { launchToken },
  });
  expect(res.statusCode, res.body).toBe(200);
  const view = res.json().value;
  expect(res.headers['x-game-session']).toBe(view.sessionToken);
  return { view, headers: { merchant: DEMO.merchant, 'x-game-session': view.sessionToken as string } };
}

/** Launch + exchange in one. */
export async function playGame(
  app: FastifyInstance,
  memberHeaders: Record<string, string>,
  nodeId: number,
  accountType: 0 | 1 = 1,
) {
  return openGame(app, await launch(app, memberHeaders, nodeId, accountType));
}

export function gsCall(
  app: FastifyInstance,
  headers: Record<string, string>,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
) {
  return app.inject({
    method,
    url,
    headers,
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });
}

/** The vendor_txn rows of a member. */
export function vendorTxns(db: Db, memberId: number) {
  return rows<{
    op: string;
    txn_id: string;
    round_id: string;
    amount: bigint;
    status: string;
    rolled_back: boolean;
    vendor_code: string;
  }>(
    db,
    sql`select op, txn_id, round_id, amount, status, rolled_back, vendor_code from vendor_txn
        where member_id = ${memberId} order by id`,
  );
}

/** Minor units of a decimal money string, or of a balance answered as a JSON number (two decimals). */
export const minorOf = (amount: string | number) => {
  const v = typeof amount === 'number' ? amount.toFixed(2) : amount;
  const [i, f = ''] = v.split('.');
  return BigInt(i!) * 100n + BigInt((f + '00').slice(0, 2)) * (v.startsWith('-') ? -1n : 1n);
};

/**
 * Catalogue rows (global) for a test vendor's games, so that its rounds have a product type (the
 * rebate counts valid bets per game_type): `{ code: 'slot1', type: 'RNG' }`.
 */
export async function addCatalogueGames(db: Db, vendor: string, games: { code: string; type: string }[]) {
  await db.execute(
    sql`insert into game_vendor (code, names, game_types)
        values (${vendor}, ${JSON.stringify({ EN: vendor })}::jsonb, ${`{${[...new Set(games.map((g) => g.type))].join(',')}}`}::text[])
        on conflict (code) do nothing`,
  );
  for (const g of games) {
    await db.execute(
      sql`insert into game (vendor_code, game_code, game_type, names, search_text)
          values (${vendor}, ${g.code}, ${g.type}, ${JSON.stringify({ EN: g.code })}::jsonb, ${g.code})
          on conflict (vendor_code, game_code) do nothing`,
    );
  }
}
