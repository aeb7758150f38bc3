import { useEffect, useRef, useState } from 'react';
import type { TTableRound } from '@bp/contract';
import { api } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { fromCents, toCents } from '../../lib/money';
import { requestId } from '../../lib/request-id';
import { usePlay } from '../../play/play-context';
import { StakeSelector } from '../../play/StakeSelector';
import { cardRank, cardSuit, isRed, spotLabelKey, TABLE_SPOTS } from './table-labels';

/** one card turns every this many ms; the result shows after the last */
const CARD_MS = 420;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type TCard = TTableRound['hands'][string][number];

/** Baccarat and dragon tiger: chips on the spots, deal, the cards turned one by one, payouts per bet. */
export default function TableGame() {
  const { t } = useI18n();
  const play = usePlay();
  const kind = play.session.kind === 'dragonTiger' ? 'dragonTiger' : 'baccarat';
  const theme = typeof play.session.config.theme === 'string' ? play.session.config.theme : undefined;
  // the table's own payout texts when the server sends them
  const payouts = (play.session.config.payouts ?? {}) as Record<string, string>;
  const spots = TABLE_SPOTS[kind].map((s) => ({ ...s, pays: payouts[s.bet] ?? s.pays }));
  const sides = kind === 'baccarat' ? (['player', 'banker'] as const) : (['dragon', 'tiger'] as const);
  const label = (bet: string) => t(spotLabelKey(bet, theme));
  const [bets, setBets] = useState<Record<string, bigint>>({});
  const [round, setRound] = useState<TTableRound | null>(null);
  const [shown, setShown] = useState(false);
  const [dealing, setDealing] = useState(false);
  const alive = useRef(true);
  useEffect(() => {
    // StrictMode mounts twice: the second mount must be alive again
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const total = Object.values(bets).reduce((a, b) => a + b, 0n);
  const place = (bet: string) => {
    if (dealing) return;
    play.clearError();
    setBets((b) => ({ ...b, [bet]: (b[bet] ?? 0n) + toCents(play.stake) }));
  };

  const deal = async () => {
    if (dealing || total === 0n) return;
    const before = play.balance;
    play.clearError();
    setDealing(true);
    setShown(false);
    setRound(null);
    play.setBalance(fromCents(toCents(before) - total));
    try {
      const body = Object.fromEntries(
        Object.entries(bets)
          .filter(([, v]) => v > 0n)
          .map(([k, v]) => [k, fromCents(v)]),
      );
      const res = await api.post<TTableRound>('/gs/api/table/bet', { bets: body, requestId: requestId() });
      if (!alive.current) return;
      setRound(res);
      const cards = Object.values(res.hands).reduce((n, h) => n + h.length, 0);
      await sleep(cards * CARD_MS + 200);
      if (!alive.current) return;
      setShown(true);
      play.setBalance(res.balance);
      play.roundPlayed(res);
    } catch (e) {
      play.setBalance(before);
      play.fail(e);
    } finally {
      if (alive.current) setDealing(false);
    }
  };

  const order = round ? revealOrder(round.hands, sides) : new Map<string, number>();
  const winSide = shown && round ? round.result : null;

  return (
    <div className="table" data-testid="table" data-kind={kind}>
      <div className="felt">
        <div className="hands">
          {sides.map((side) => (
            <div key={side} className={`hand${winSide === side ? ' won' : ''}`} data-testid={`hand-${side}`}>
              <div className="hand-head">
                <span>{label(side)}</span>
                {shown && round && <strong data-testid={`total-${side}`}>{round.totals[side]}</strong>}
              </div>
              <div className="cards">
                {(round?.hands[side] ?? []).map((c, i) => (
                  <PlayingCard key={i} card={c} delay={(order.get(`${side}:${i}`) ?? 0) * CARD_MS} />
                ))}
                {!round && <div className="card-slot" />}
              </div>
            </div>
          ))}
        </div>
        <div className="table-result" aria-live="polite" data-testid="table-result">
          {shown && round ? (
            <>
              <strong data-testid="table-winner" data-result={round.result}>
                {round.result === 'tie' ? t('tieResult') : t('wins', { side: label(round.result) })}
              </strong>
              <span
                className={toCents(round.win) > 0n ? 'pos' : 'muted'}
                data-testid="table-win"
                data-value={round.win}
              >
                {toCents(round.win) > 0n ? `${t('payout')}: ${play.money(round.win)}` : t('noWin')}
              </span>
            </>
          ) : (
            <span className="muted">{dealing ? t('dealing') : t('placeChips')}</span>
          )}
        </div>
        <div className={`spots spots-${kind}`}>
          {spots.map((s) => {
            const amount = bets[s.bet] ?? 0n;
            const paid = shown && round ? round.payouts[s.bet] : undefined;
            return (
              <button
                key={s.bet}
                className={`spot spot-${s.bet}${winSide && winSide === s.bet ? ' won' : ''}`}
                data-testid={`spot-${s.bet}`}
                disabled={dealing}
                onClick={() => place(s.bet)}
              >
                <span className="spot-name">{label(s.bet)}</span>
                <span className="spot-pays">{s.pays}</span>
                {amount > 0n && (
                  <span className="chip" data-testid={`chip-${s.bet}`}>
                    {play.money(fromCents(amount))}
                  </span>
                )}
                {paid !== undefined && amount > 0n && (
                  <span className={toCents(paid) > 0n ? 'spot-paid pos' : 'spot-paid muted'}>
                    {play.money(paid)}
                  </span>
                )}
              </button>
            );
          })}
        </div>
      </div>
      <div className="controls">
        <StakeSelector disabled={dealing} label={t('chip')} />
        <div className="action">
          <span className="small">
            <span className="muted">{t('totalBet')}:</span>{' '}
            <strong data-testid="table-total" data-value={fromCents(total)}>
              {play.money(fromCents(total))}
            </strong>
          </span>
          <button
            className="btn"
            data-testid="table-clear"
            disabled={dealing || total === 0n}
            onClick={() => setBets({})}
          >
            {t('clearBets')}
          </button>
          <button
            className="btn primary spin"
            data-testid="table-deal"
            disabled={dealing || total === 0n}
            onClick={deal}
          >
            {dealing ? t('dealing') : t('deal')}
          </button>
        </div>
      </div>
    </div>
  );
}

/** Cards are turned as dealt: first card of each side, then the second of each, then third cards. */
function revealOrder(hands: Record<string, TCard[]>, sides: readonly string[]): Map<string, number> {
  const order = new Map<string, number>();
  let n = 0;
  const longest = Math.max(...sides.map((s) => hands[s]?.length ?? 0));
  for (let i = 0; i < longest; i++)
    for (const s of sides) if (hands[s] && i < hands[s].length) order.set(`${s}:${i}`, n++);
  return order;
}

function PlayingCard({ card, delay }: { card: TCard; delay: number }) {
  const red = isRed(card.suit);
  return (
    <div className="card" style={{ animationDelay: `${delay}ms` }} data-testid="card">
      <div className="card-inner" style={{ animationDelay: `${delay}ms` }}>
        <div className={`card-face${red ? ' red' : ''}`}>
          <span className="card-rank">{cardRank(card.rank)}</span>
          <span className="card-suit">{cardSuit(card.suit)}</span>
        </div>
        <div className="card-back" />
      </div>
    </div>
  );
}
