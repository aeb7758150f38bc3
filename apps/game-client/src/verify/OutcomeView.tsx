import { cardRank, cardSuit, isRed } from '../games/table/table-labels';
import type { TVerifyKind } from './seed-check';

type TCard = { rank: number; suit: string };
const isCard = (c: unknown): c is TCard =>
  !!c &&
  typeof c === 'object' &&
  typeof (c as TCard).rank === 'number' &&
  typeof (c as TCard).suit === 'string';
const cardsOf = (v: unknown): TCard[] => (Array.isArray(v) ? v.filter(isCard) : isCard(v) ? [v] : []);

/** A readable picture of an outcome (window, cards, roll, ticket prize) above its raw JSON. */
export function OutcomeView({ kind, outcome }: { kind: TVerifyKind; outcome: Record<string, unknown> }) {
  return (
    <div>
      {kind === 'slot' && Array.isArray(outcome.window) && (
        <table className="mini-window">
          <tbody>
            {(outcome.window as string[][])[0]?.map((_, row) => (
              <tr key={row}>
                {(outcome.window as string[][]).map((col, reel) => (
                  <td key={reel}>{col[row]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {(kind === 'baccarat' || kind === 'dragonTiger') && (
        <div className="mini-hands">
          {(kind === 'baccarat' ? ['player', 'banker'] : ['dragon', 'tiger']).map((side) => {
            const hands = (outcome.hands ?? {}) as Record<string, unknown>;
            return (
              <div key={side}>
                <span className="muted small">{side}</span>{' '}
                {cardsOf(outcome[side] ?? hands[side]).map((c, i) => (
                  <span key={i} className={`mini-card${isRed(c.suit) ? ' red' : ''}`}>
                    {cardRank(c.rank)}
                    {cardSuit(c.suit)}
                  </span>
                ))}
              </div>
            );
          })}
          {typeof outcome.result === 'string' && <strong>{outcome.result}</strong>}
        </div>
      )}
      {kind === 'dice' && outcome.roll !== undefined && (
        <p className="big-num">
          {typeof outcome.roll === 'number' ? (outcome.roll / 100).toFixed(2) : String(outcome.roll)}
        </p>
      )}
      {kind === 'ticket' && typeof outcome.index === 'number' && (
        // the prize's place in the table (1-based: the wheel's segment), its kind and amount as drawn
        <p className="big-num" data-testid="verify-ticket-prize">
          #{outcome.index + 1} · {String(outcome.kind)} {String(outcome.amount)}
          {typeof outcome.label === 'string' ? ` (${outcome.label})` : ''}
        </p>
      )}
      <details>
        <summary className="muted small">JSON</summary>
        <pre className="mono json">{JSON.stringify(outcome, null, 1)}</pre>
      </details>
    </div>
  );
}
