// @vitest-environment jsdom
import { cleanup, render as rtlRender, screen } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import { RoundOutcome } from './RoundOutcome';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({ lng: 'en', ns: ['betting'], resources: { en: { betting: en.betting } } });
});
const render = (ui: ReactElement) => rtlRender(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);
afterEach(cleanup);

/** Outcomes as the game server records them (the engines' integers), read into the player's terms. */
describe('RoundOutcome', () => {
  it('slot: the window by rows and each line win as money of the stake', () => {
    render(
      <RoundOutcome
        kind="slot"
        bet="2.00"
        symbol="৳"
        outcome={{
          window: [
            ['A', 'K', 'Q'],
            ['A', 'W', 'J'],
            ['A', '10', 'K'],
          ],
          lineWins: [{ line: 0, symbol: 'A', count: 3, winX10000: 12500 }],
          scatterWinX10000: 0,
          freeSpinsAwarded: 0,
        }}
      />,
    );
    const rows = screen.getByTestId('outcome-window').querySelectorAll('tr');
    expect([...rows].map((r) => r.textContent)).toEqual(['AAA', 'KW10', 'QJK']);
    // 2.00 x 1.25 = 2.50, floored in minor units like the server's payout
    expect(screen.getByTestId('outcome-line-wins').textContent).toBe('Line 1: 3 × A৳2.50');
  });

  it('slot of a free spin (no stake): the multiple instead of money', () => {
    render(
      <RoundOutcome
        kind="slot"
        bet="0.00"
        symbol="৳"
        outcome={{
          window: [],
          lineWins: [{ line: 3, symbol: 'K', count: 4, winX10000: 4000 }],
          freeSpinsAwarded: 8,
        }}
      />,
    );
    expect(screen.getByTestId('outcome-line-wins').textContent).toBe('Line 4: 4 × K×0.4');
    expect(screen.getByTestId('outcome-free-spins').textContent).toBe('8 free spins won');
  });

  it('baccarat and dragon tiger: the cards, totals and payouts (minor units) per bet', () => {
    render(
      <RoundOutcome
        kind="baccarat"
        bet="10.00"
        symbol="৳"
        outcome={{
          player: [
            { rank: 1, suit: 'H' },
            { rank: 13, suit: 'S' },
          ],
          banker: [
            { rank: 9, suit: 'D' },
            { rank: 12, suit: 'C' },
          ],
          playerTotal: 1,
          bankerTotal: 9,
          result: 'banker',
          playerPair: false,
          bankerPair: false,
          payouts: { banker: '1950', player: '0' },
        }}
      />,
    );
    expect(screen.getByTestId('outcome-hand-player').textContent).toContain('A♥K♠');
    expect(screen.getByTestId('outcome-hand-banker').textContent).toContain('(9)');
    expect(document.body.textContent).toContain('৳19.50');
    cleanup();
    render(
      <RoundOutcome
        kind="dragonTiger"
        bet="1.00"
        symbol="৳"
        outcome={{
          dragon: { rank: 7, suit: 'S' },
          tiger: { rank: 7, suit: 'S' },
          result: 'tie',
          suitedTie: true,
        }}
      />,
    );
    expect(screen.getByTestId('outcome-hand-dragon').textContent).toContain('7♠');
    expect(screen.getByTestId('outcome-result').textContent).toBe('Result: TieSuited tie');
  });

  it('dice: the roll and target from hundredths, the multiplier from 1/10000', () => {
    render(
      <RoundOutcome
        kind="dice"
        bet="1.00"
        symbol="৳"
        outcome={{ roll: 7312, target: 5000, over: true, win: true, multiplierX10000: 19800 }}
      />,
    );
    expect(screen.getByTestId('outcome-dice').textContent).toBe('Rolled 73.12 (bet over 50.00) · ×1.98');
  });

  it('crash: where the player cashed out', () => {
    render(
      <RoundOutcome
        kind="crash"
        bet="1.00"
        symbol="৳"
        outcome={{ autoCashoutX100: 200, cashedOutX100: 200, closed: true }}
      />,
    );
    expect(screen.getByTestId('outcome-crash').textContent).toBe('cashed out at ×2.00');
  });
});
