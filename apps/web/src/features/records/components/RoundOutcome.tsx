import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../shared/format';

/**
 * The outcome the built-in game server recorded for a round, in words and pictures a player reads:
 * the slot window with its line wins, the cards of a table hand, the dice roll against the target, the
 * crash point and where the player cashed out. The outcome is the game server's own record (typed
 * loosely in the contract), so every field is read defensively; what is not understood is left out.
 */
type Outcome = Record<string, unknown>;

const str = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const obj = (v: unknown): Outcome => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Outcome) : {});

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

function Slot({ o, symbol }: { o: Outcome; symbol: string }) {
  const { t } = useTranslation('betting');
  const reels = arr(o.window).map((r) => arr(r).map((s) => str(s) ?? '?'));
  const rows = Math.max(0, ...reels.map((r) => r.length));
  const wins = arr(o.lineWins).map(obj);
  const free = obj(o.freeSpins);
  const scatter = str(o.scatterWin);
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
              {t('lineWin', { line: str(w.line), count: str(w.count), symbol: str(w.symbol) })}
              <strong className="mc-amount">{formatAmount(str(w.win), symbol)}</strong>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mc-muted">{t('noLineWin')}</p>
      )}
      {scatter && !/^[0.]+$/.test(scatter) && (
        <p>
          {t('scatterWin')} <strong className="mc-amount">{formatAmount(scatter, symbol)}</strong>
        </p>
      )}
      {(Number(free.awarded) > 0 || free.isFree === true) && (
        <p className="mc-muted" data-testid="outcome-free-spins">
          {free.isFree === true ? t('freeSpin') : t('freeSpinsAwarded', { count: Number(free.awarded) })}
        </p>
      )}
    </>
  );
}

function Table({ o, symbol }: { o: Outcome; symbol: string }) {
  const { t } = useTranslation('betting');
  const hands = obj(o.hands);
  const totals = obj(o.totals);
  const payouts = Object.entries(obj(o.payouts));
  const result = str(o.result);
  return (
    <>
      <dl className="bet-hands">
        {Object.entries(hands).map(([side, cards]) => (
          <div key={side} className="bet-hand" data-testid={`outcome-hand-${side}`}>
            <dt>
              {t(`side_${side}`, { defaultValue: side })}
              {str(totals[side]) !== undefined && ` (${str(totals[side])})`}
            </dt>
            <dd>
              {arr(cards).map((c, i) => (
                <Card key={i} card={c} />
              ))}
            </dd>
          </div>
        ))}
      </dl>
      {result && (
        <p data-testid="outcome-result">
          {t('result')}: <strong>{t(`side_${result}`, { defaultValue: result })}</strong>
        </p>
      )}
      {payouts.length > 0 && (
        <ul className="bet-lines">
          {payouts.map(([side, amount]) => (
            <li key={side}>
              {t(`side_${side}`, { defaultValue: side })}
              <strong className="mc-amount">{formatAmount(str(amount), symbol)}</strong>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function Dice({ o }: { o: Outcome }) {
  const { t } = useTranslation('betting');
  return (
    <p data-testid="outcome-dice">
      {t('diceRoll', {
        roll: str(o.roll),
        target: str(o.target),
        direction: o.over === true ? t('over') : t('under'),
      })}
      {str(o.multiplier) && ` · ×${str(o.multiplier)}`}
    </p>
  );
}

function Crash({ o }: { o: Outcome }) {
  const { t } = useTranslation('betting');
  const cashed = str(o.cashedOutAt);
  return (
    <p data-testid="outcome-crash">
      {t('crashPoint', { point: str(o.crashPoint) ?? '-' })}
      {' · '}
      {cashed ? t('cashedOutAt', { point: cashed }) : t('notCashedOut')}
    </p>
  );
}

export function RoundOutcome({ kind, outcome, symbol }: { kind: string; outcome: Outcome; symbol: string }) {
  switch (kind) {
    case 'slot':
      return <Slot o={outcome} symbol={symbol} />;
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
