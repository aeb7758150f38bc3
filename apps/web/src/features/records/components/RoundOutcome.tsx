import { useTranslation } from 'react-i18next';
import { decimalToMinor, formatAmount, formatMoney } from '../../../shared/format';

/**
 * The outcome the built-in game server recorded for a round, in words and pictures a player reads:
 * the slot window with its line wins, the cards of a table hand, the dice roll against the target, the
 * crash point and where the player cashed out. The contract types the outcome loosely: it is the
 * engine's record (integers: hundredths, 1/10000 multipliers, minor units), so every field is read
 * defensively, the game API's view (decimal texts) is understood as well, and what is not is left out.
 */
type Outcome = Record<string, unknown>;

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const str = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const obj = (v: unknown): Outcome => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Outcome) : {});
/** an integer in 1/scale as a short decimal: 4000 / 10000 -> "0.4", 250 / 100 -> "2.5" */
const scaled = (v: number, scale: number, min = 0) =>
  (v / scale).toLocaleString('en-US', { minimumFractionDigits: min, maximumFractionDigits: 4 });

const RANKS = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUITS: Record<string, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };

function Card({ card }: { card: unknown }) {
  const c = obj(card);
  const rank = RANKS[Number(c.rank)] ?? '?';
  const suit = SUITS[String(c.suit)] ?? '?';
  const red = c.suit === 'H' || c.suit === 'D';
  return (
    <span className={`bet-card${red ? ' bet-card--red' : ''}`} data-testid="outcome-card">
      {rank}
      {suit}
    </span>
  );
}

interface Props {
  kind: string;
  outcome: Outcome;
  /** the round's stake (decimal text): the engine records wins as multiples of it */
  bet: string;
  symbol: string;
}

function Slot({ o, bet, symbol }: { o: Outcome; bet: string; symbol: string }) {
  const { t } = useTranslation('betting');
  const stake = decimalToMinor(bet) ?? 0n;
  // a win as money: the API's decimal text, or the engine's multiple of the stake (as the server pays it)
  const winText = (decimal: unknown, x10000: unknown) => {
    const d = str(decimal);
    if (d !== undefined) return formatAmount(d, symbol);
    const x = num(x10000);
    if (x === undefined) return '';
    return stake > 0n ? formatMoney((stake * BigInt(x)) / 10000n, symbol) : `×${scaled(x, 10000)}`;
  };
  const reels = arr(o.window).map((r) => arr(r).map((s) => str(s) ?? '?'));
  const rows = Math.max(0, ...reels.map((r) => r.length));
  const wins = arr(o.lineWins).map(obj);
  const scatter = num(o.scatterWinX10000) ?? (decimalToMinor(str(o.scatterWin) ?? '0') ? 1 : 0);
  const awarded = num(o.freeSpinsAwarded) ?? num(obj(o.freeSpins).awarded) ?? 0;
  return (
    <>
      {reels.length > 0 && (
        <table className="bet-window" data-testid="outcome-window" aria-label={t('slotWindow')}>
          <tbody>
            {Array.from({ length: rows }, (_, row) => (
              <tr key={row}>
                {reels.map((reel, i) => (
                  <td key={i}>{reel[row] ?? ''}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {wins.length ? (
        <ul className="bet-lines" data-testid="outcome-line-wins">
          {wins.map((w, i) => (
            <li key={i}>
              {/* lines count from 1 for the player, as in the game */}
              {t('lineWin', { line: (num(w.line) ?? 0) + 1, count: str(w.count), symbol: str(w.symbol) })}
              <strong className="mc-amount">{winText(w.win, w.winX10000)}</strong>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mc-muted">{t('noLineWin')}</p>
      )}
      {scatter > 0 && (
        <p>
          {t('scatterWin')} <strong className="mc-amount">{winText(o.scatterWin, o.scatterWinX10000)}</strong>
        </p>
      )}
      {awarded > 0 && (
        <p className="mc-muted" data-testid="outcome-free-spins">
          {t('freeSpinsAwarded', { count: awarded })}
        </p>
      )}
    </>
  );
}

function Table({ o, symbol }: { o: Outcome; symbol: string }) {
  const { t } = useTranslation('betting');
  const side = (s: string) => t(`side_${s}`, { defaultValue: s });
  // the game API's view has hands/totals and decimal payouts; the engine's record has the cards at
  // the top level and payouts in minor units
  const api = 'hands' in o;
  const hands: [string, unknown[], number | undefined][] = api
    ? Object.entries(obj(o.hands)).map(([s, cards]) => [s, arr(cards), num(obj(o.totals)[s])])
    : 'dragon' in o
      ? [
          ['dragon', [o.dragon], num(obj(o.dragon).rank)],
          ['tiger', [o.tiger], num(obj(o.tiger).rank)],
        ]
      : [
          ['player', arr(o.player), num(o.playerTotal)],
          ['banker', arr(o.banker), num(o.bankerTotal)],
        ];
  const payouts = Object.entries(obj(o.payouts)).map(([s, v]) => {
    const minor = api ? null : /^\d+$/.test(String(v)) ? BigInt(String(v)) : null;
    return [s, minor === null ? formatAmount(str(v), symbol) : formatMoney(minor, symbol)] as const;
  });
  const result = str(o.result);
  const extras = (['playerPair', 'bankerPair', 'suitedTie'] as const).filter((k) => o[k] === true);
  return (
    <>
      <dl className="bet-hands">
        {hands.map(([s, cards, total]) => (
          <div key={s} className="bet-hand" data-testid={`outcome-hand-${s}`}>
            <dt>
              {side(s)}
              {total !== undefined && ` (${total})`}
            </dt>
            <dd>
              {cards.map((c, i) => (
                <Card key={i} card={c} />
              ))}
            </dd>
          </div>
        ))}
      </dl>
      {result && (
        <p data-testid="outcome-result">
          {t('result')}: <strong>{side(result)}</strong>
          {extras.map((k) => (
            <span key={k} className="mc-chip bet-extra">
              {side(k)}
            </span>
          ))}
        </p>
      )}
      {payouts.length > 0 && (
        <ul className="bet-lines">
          {payouts.map(([s, amount]) => (
            <li key={s}>
              {side(s)}
              <strong className="mc-amount">{amount}</strong>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function Dice({ o }: { o: Outcome }) {
  const { t } = useTranslation('betting');
  // engine: hundredths and a 1/10000 multiplier; game API: decimal texts
  const hundredths = (v: unknown) => (num(v) !== undefined ? scaled(num(v)!, 100, 2) : (str(v) ?? '-'));
  const multiplier =
    num(o.multiplierX10000) !== undefined ? scaled(num(o.multiplierX10000)!, 10000) : str(o.multiplier);
  return (
    <p data-testid="outcome-dice">
      {t('diceRoll', {
        roll: hundredths(o.roll),
        target: hundredths(o.target),
        direction: o.over === true ? t('over') : t('under'),
      })}
      {multiplier && ` · ×${multiplier}`}
    </p>
  );
}

function Crash({ o }: { o: Outcome }) {
  const { t } = useTranslation('betting');
  const x100 = (v: unknown) => (num(v) ? scaled(num(v)!, 100, 2) : undefined);
  const point = str(o.crashPoint) ?? x100(o.crashPointX100) ?? x100(o.pointX100);
  const cashed = str(o.cashedOutAt) ?? x100(o.cashedOutX100);
  if (o.void === true) return <p data-testid="outcome-crash">{t('status_cancelled')}</p>;
  return (
    <p data-testid="outcome-crash">
      {point && `${t('crashPoint', { point })} · `}
      {cashed ? t('cashedOutAt', { point: cashed }) : t('notCashedOut')}
    </p>
  );
}

export function RoundOutcome({ kind, outcome, bet, symbol }: Props) {
  switch (kind) {
    case 'slot':
      return <Slot o={outcome} bet={bet} symbol={symbol} />;
    case 'baccarat':
    case 'dragonTiger':
      return <Table o={outcome} symbol={symbol} />;
    case 'dice':
      return <Dice o={outcome} />;
    case 'crash':
      return <Crash o={outcome} />;
    default:
      return null;
  }
}
