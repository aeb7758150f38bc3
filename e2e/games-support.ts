import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_MEMBER, member, skipPopups, useLanguage } from './support.js';
import { loginMember, pageToken } from './wallet-support.js';

/**
 * The built-in games' iframe, opened directly (not through the lobby): the member's launchGame gives
 * `/gs/play/?t=<launch token>&lang=..`, the page exchanges the token for a game session.
 */

export interface CatalogueGame {
  nodeId: number;
  gameName: string;
  displayName?: string;
  vassalage: string;
}

/** The first catalogue game matching a lobby query (e.g. `gameClassify=Crash`). */
export async function gameOf(request: APIRequestContext, query: string): Promise<CatalogueGame> {
  const res = await request.get(`/wps/relay/GCSGAME_gameList?${query}&pageSize=1`, {
    headers: { language: 'EN' },
  });
  const body = await res.json();
  const game = body.value?.games?.[0] as CatalogueGame | undefined;
  expect(game, `a game for ${query}: ${JSON.stringify(body).slice(0, 300)}`).toBeTruthy();
  return game!;
}

export const GAME_QUERIES = {
  slot: 'gameType=RNG&gameClassify=JP',
  crash: 'gameClassify=Crash',
  baccarat: 'gameType=LIVE&gameName=Speed%20Baccarat',
  dragonTiger: 'gameType=LIVE&gameName=Dragon%20Tiger',
  dice: 'gameType=RNG&gameClassify=VP',
} as const;

/** Logs the demo member in on the player site (the token is what launchGame needs). */
export async function demoMember(page: Page, lng: 'bn' | 'en', width: number, height: number) {
  await useLanguage(page, lng);
  await skipPopups(page);
  await page.setViewportSize({ width, height });
  await page.routeWebSocket('**/wps/ws', () => undefined);
  await loginMember(page, DEMO_MEMBER.username, DEMO_MEMBER.password, { realtime: false });
  return pageToken(page);
}

/** launchGame's iframe address for a game (accountType 1 real money, 0 free trial). */
export async function launchUrl(
  request: APIRequestContext,
  token: string,
  nodeId: number,
  accountType: 0 | 1 = 1,
  language: 'bn' | 'en' = 'bn',
): Promise<string> {
  const launch = await member<{ content: { game_url: string }; mode: string }>(
    request,
    token,
    'GET',
    `/wps/game/launchGame?nodeId=${nodeId}&launchMode=GLS&accountType=${accountType}&language=${language}`,
  );
  expect(launch.mode).toBe(accountType === 1 ? 'real' : 'trial');
  expect(launch.content.game_url).toContain('/gs/play/?t=');
  return launch.content.game_url;
}

/** Opens a game in the page in a language; waits for the frame of the expected kind. */
export async function openGame(
  page: Page,
  request: APIRequestContext,
  token: string,
  kind: keyof typeof GAME_QUERIES,
  opts: { lang?: 'bn' | 'en'; accountType?: 0 | 1 } = {},
): Promise<CatalogueGame> {
  const game = await gameOf(request, GAME_QUERIES[kind]);
  const lang = opts.lang ?? 'bn';
  const url = new URL(await launchUrl(request, token, game.nodeId, opts.accountType ?? 1, lang), 'http://x');
  expect(url.searchParams.get('lang')).toBe(lang);
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByTestId('game-frame')).toHaveAttribute('data-kind', kind);
  return game;
}

/** Integer cents of a decimal text. */
export const cents = (amount: string) => {
  const [w, f = ''] = amount.replace('-', '').split('.');
  const v = BigInt(w!) * 100n + BigInt((f + '00').slice(0, 2));
  return amount.startsWith('-') ? -v : v;
};

/** Integer cents -> decimal text with two decimals. */
export const decimal = (c: bigint) => {
  const abs = c < 0n ? -c : c;
  return `${c < 0n ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
};

/** The balance the game shows (its raw decimal value). */
export async function gameBalance(page: Page): Promise<string> {
  const v = await page.getByTestId('balance').getAttribute('data-value');
  expect(v).toBeTruthy();
  return v!;
}
