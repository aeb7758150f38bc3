import { memo, useCallback, useEffect, useRef, useState } from 'react';
import type { TCrashState } from '@bp/contract';
import { sha256Hex } from '@bp/games';
import { api, GameApiError } from '../../lib/api';
import {
  clockOffset,
  curvePoints,
  formatMultiplier,
  multiplierX100At,
  secondsLeft,
  smoothedOffset,
} from '../../lib/crash-timing';
import { useI18n } from '../../lib/i18n';
import { fromCents, toCents } from '../../lib/money';
import { requestId } from '../../lib/request-id';
import { usePlay } from '../../play/play-context';
import { StakeSelector } from '../../play/StakeSelector';
import { crashVerifyHref } from '../../play/verify-link';

const POLL_MS = 250;
const W = 600;
const H = 260;

/** The shared crash round: polled ~4x a second, the multiplier drawn locally every frame. */
export default function CrashGame() {
  const { t, lang } = useI18n();
  const play = usePlay();
  const [state, setState] = useState<TCrashState | null>(null);
  const [auto, setAuto] = useState('');
  const [busy, setBusy] = useState(false);
  const offset = useRef(0);
  const samples = useRef<number[]>([]);
  const [, setFrame] = useState(0);
  const settled = useRef<string | null>(null);
  const { setBalance, fail, roundPlayed } = play;

  const adopt = useCallback(
    (s: TCrashState) => {
      offset.current = smoothedOffset(samples.current, clockOffset(s.now, Date.now()));
      setState(s);
      setBalance(s.balance);
      // a round I played has ended: the history and the verification link follow it
      if (s.myBet && s.phase === 'crashed' && settled.current !== s.roundId) {
        settled.current = s.roundId;
        roundPlayed({ roundId: s.roundId, nonce: -1 });
      }
    },
    [setBalance, roundPlayed],
  );

  // poll the round; one request at a time
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout>;
    const tick = async () => {
      try {
        const s = await api.get<TCrashState>('/gs/api/crash/state');
        if (live) adopt(s);
      } catch (e) {
        if (live && e instanceof GameApiError && e.code !== 'network') fail(e);
      }
      if (live) timer = setTimeout(() => void tick(), POLL_MS);
    };
    void tick();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [adopt, fail]);

  // redraw every frame while something moves (countdown or multiplier)
  const moving = state?.phase === 'running' || state?.phase === 'betting';
  useEffect(() => {
    if (!moving) return;
    let id = 0;
    const loop = () => {
      setFrame((f) => f + 1);
      id = requestAnimationFrame(loop);
    };
    id = requestAnimationFrame(loop);
    return () => cancelAnimationFrame(id);
  }, [moving]);

  if (!state) return <div className="spinner" aria-hidden />;

  const serverNow = Date.now() + offset.current;
  const crashedX100 = state.crashPoint ? Math.round(Number(state.crashPoint) * 100) : null;
  const liveX100 =
    state.phase === 'running'
      ? multiplierX100At(state.startsAt, state.growth, serverNow)
      : state.phase === 'crashed' && crashedX100
        ? crashedX100
        : 100;
  const elapsed =
    state.phase === 'running'
      ? Math.max(0, serverNow - state.startsAt)
      : state.phase === 'crashed' && crashedX100
        ? Math.log(crashedX100 / 100) / state.growth
        : 0;
  const curve = curvePoints(state.growth, elapsed, W, H);
  const mine = state.myBet;
  const canBet = state.phase === 'betting' && !mine && !busy;
  const canCashOut = state.phase === 'running' && !!mine && !mine.cashedOutAt && !busy;
  const cashoutAmount = mine ? fromCents((toCents(mine.bet) * BigInt(liveX100)) / 100n) : '0.00';

  const bet = async () => {
    setBusy(true);
    play.clearError();
    try {
      const body: Record<string, unknown> = { bet: play.stake, requestId: requestId() };
      if (auto.trim()) {
        // the server takes 1.01x and up, two decimals
        if (!/^\d{1,5}(\.\d{1,2})?$/.test(auto.trim()) || Number(auto) < 1.01) {
          fail(new GameApiError('game_bet_invalid', ''));
          return;
        }
        body.autoCashout = auto.trim();
      }
      adopt(await api.post<TCrashState>('/gs/api/crash/bet', body));
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };
  const cashOut = async () => {
    setBusy(true);
    play.clearError();
    try {
      adopt(await api.post<TCrashState>('/gs/api/crash/cashout', {}));
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="crash" data-testid="crash" data-phase={state.phase} data-round={state.roundId}>
      <div className="crash-main">
        <div className={`crash-screen phase-${state.phase}`}>
          <svg viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" className="crash-curve" aria-hidden>
            {elapsed > 0 && (
              <>
                <polygon
                  points={`0,${H} ${curve.points} ${curve.points.split(' ').at(-1)!.split(',')[0]},${H}`}
                />
                <polyline points={curve.points} />
              </>
            )}
          </svg>
          <div className="crash-readout" aria-live="polite">
            {state.phase === 'betting' && (
              <>
                <span className="crash-phase">{t('betting')}</span>
                <strong className="crash-count" data-testid="crash-countdown">
                  {t('startsIn', { s: secondsLeft(state.startsAt, serverNow) })}
                </strong>
              </>
            )}
            {state.phase === 'running' && (
              <>
                <span className="crash-phase">{t('running')}</span>
                <strong className="crash-x" data-testid="crash-multiplier">
                  {formatMultiplier(liveX100)}
                </strong>
              </>
            )}
            {state.phase === 'crashed' && (
              <strong className="crash-x neg" data-testid="crash-point">
                {t('crashed', { x: formatMultiplier(crashedX100 ?? 100) })}
              </strong>
            )}
            {mine && (
              <span className="crash-mine" data-testid="crash-my-bet">
                {mine.cashedOutAt
                  ? t('cashedOut', { x: `${mine.cashedOutAt}x`, amount: play.money(mine.win) })
                  : state.phase === 'crashed'
                    ? t('lostRound', { bet: play.money(mine.bet) })
                    : t('betPlaced', { bet: play.money(mine.bet) })}
              </span>
            )}
          </div>
        </div>
        <CrashHistory history={state.history} lang={lang} />
      </div>

      <aside className="crash-players">
        <h3>
          {t('players')} <span className="muted">({state.players.length})</span>
        </h3>
        <ul>
          {state.players.map((p, i) => (
            <li key={`${p.name}-${i}`}>
              <span>{p.name}</span>
              <span>{play.money(p.bet)}</span>
              <span className={p.cashedOutAt ? 'pos' : 'muted'}>
                {p.cashedOutAt ? `${p.cashedOutAt}x` : '—'}
              </span>
            </li>
          ))}
        </ul>
      </aside>

      <div className="controls">
        <StakeSelector disabled={!canBet} />
        <label className="auto">
          <span className="control-label">{t('autoCashout')}</span>
          <input
            className="num-input"
            inputMode="decimal"
            placeholder={t('autoOff')}
            value={auto}
            data-testid="crash-auto"
            onChange={(e) => setAuto(e.target.value.replace(/[^\d.]/g, '').slice(0, 8))}
          />
        </label>
        <div className="action">
          {canCashOut ? (
            <button className="btn good spin" data-testid="crash-cashout" onClick={cashOut}>
              {t('cashOut', { amount: play.money(cashoutAmount) })}
            </button>
          ) : (
            <button className="btn primary spin" data-testid="crash-bet" disabled={!canBet} onClick={bet}>
              {state.phase === 'betting' || mine ? t('placeBet') : t('waitNext')}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}

/** Last crash points; each hash must hash to the one of the round played before it. */
const CrashHistory = memo(function CrashHistory({
  history,
  lang,
}: {
  history: TCrashState['history'];
  lang: string;
}) {
  const { t } = useI18n();
  return (
    <div className="crash-history" data-testid="crash-history">
      <span className="muted small">{t('pointsHistory')}</span>
      <ol>
        {history.map((h, i) => {
          const before = history[i + 1];
          // either order of the list: the later round's hash hashes to the earlier one's
          const linked = before
            ? sha256Hex(h.hash) === before.hash || sha256Hex(before.hash) === h.hash
            : null;
          const x = Number(h.crashPoint);
          return (
            <li key={h.roundId}>
              <a
                href={crashVerifyHref(h, before?.hash, lang)}
                target="_blank"
                rel="noopener"
                className={`pill ${x >= 2 ? 'hi' : 'lo'}`}
                title={`${h.hash}${linked === null ? '' : ` · ${linked ? t('chainOk') : t('chainBad')}`}`}
                data-testid="crash-history-item"
              >
                {h.crashPoint}x{linked === false ? ' ✗' : ''}
              </a>
            </li>
          );
        })}
      </ol>
    </div>
  );
});
