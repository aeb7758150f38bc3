import { useEffect, useMemo, useRef, useState } from 'react';
import type { TSlotConfig, TSlotSpin } from '@bp/contract';
import { api } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { fromCents, toCents } from '../../lib/money';
import { requestId } from '../../lib/request-id';
import { cellKey, linePath, winningCells } from '../../lib/slot-lines';
import { usePlay } from '../../play/play-context';
import { Sheet } from '../../play/Sheet';
import { StakeSelector } from '../../play/StakeSelector';
import { symbolFaces } from './symbol-faces';
import { SymbolIcon } from './SymbolIcon';
import { Paytable } from './Paytable';

const LINE_COLORS = ['#ffd84d', '#4dd2ff', '#ff7ad9', '#3ddc84', '#ff8a4d', '#b18cff', '#ff4d4f', '#7cf'];
/** a spin shows at least this long, then the reels stop one after another */
const MIN_SPIN_MS = 550;
const REEL_STOP_MS = 160;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export default function SlotGame(props: { paytableOpen: boolean; closePaytable(): void }) {
  const { t } = useI18n();
  const play = usePlay();
  // the server sends `{ slot: <configuration> }`; a bare configuration is accepted too
  const config = play.session.config;
  const cfg = (config.slot ?? config) as unknown as TSlotConfig;
  const faces = useMemo(() => symbolFaces(cfg.theme, cfg.symbols), [cfg]);
  const scatterIds = useMemo(() => new Set(cfg.symbols.filter((s) => s.scatter).map((s) => s.id)), [cfg]);
  const [window_, setWindow] = useState<string[][]>(() => initialWindow(cfg));
  const [result, setResult] = useState<TSlotSpin | null>(null);
  const [spinning, setSpinning] = useState(false);
  const [stopped, setStopped] = useState(cfg.reels);
  // free spins still to play when the game opens (a reload in the middle of them), if the server says
  const [freeLeft, setFreeLeft] = useState(() => Number(config.freeSpinsLeft ?? 0) || 0);
  const alive = useRef(true);
  useEffect(() => {
    // StrictMode mounts twice: the second mount must be alive again
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const spin = async () => {
    if (spinning) return;
    const free = freeLeft > 0;
    const before = play.balance;
    play.clearError();
    setSpinning(true);
    setResult(null);
    setStopped(0);
    if (!free) play.setBalance(fromCents(toCents(before) - toCents(play.stake)));
    const started = Date.now();
    try {
      const res = await api.post<TSlotSpin>('/gs/api/slot/spin', { bet: play.stake, requestId: requestId() });
      await sleep(Math.max(0, MIN_SPIN_MS - (Date.now() - started)));
      if (!alive.current) return;
      setWindow(res.window);
      for (let r = 1; r <= cfg.reels; r++) {
        setStopped(r);
        await sleep(REEL_STOP_MS);
      }
      if (!alive.current) return;
      setResult(res);
      setFreeLeft(res.freeSpins.remaining);
      play.setBalance(res.balance);
      play.roundPlayed(res);
    } catch (e) {
      play.setBalance(before);
      setStopped(cfg.reels);
      play.fail(e);
    } finally {
      if (alive.current) setSpinning(false);
    }
  };

  const cells = result
    ? winningCells(cfg.lines, result.lineWins, result.window, scatterIds, toCents(result.scatterWin) > 0n)
    : new Set<string>();
  const totalWin = result
    ? fromCents(result.lineWins.reduce((a, w) => a + toCents(w.win), 0n) + toCents(result.scatterWin))
    : '0.00';
  const won = toCents(totalWin) > 0n;

  return (
    <div className="slot">
      <div className="reel-area">
        <div
          className="reels"
          style={{ ['--reels' as string]: cfg.reels, ['--rows' as string]: cfg.rows }}
          data-testid="slot-reels"
          data-spinning={spinning}
          data-theme={cfg.theme}
        >
          {Array.from({ length: cfg.reels }, (_, reel) =>
            reel < stopped ? (
              <div className="reel" key={`s${reel}`} data-testid="reel">
                {Array.from({ length: cfg.rows }, (_, row) => {
                  const id = window_[reel]?.[row] ?? '';
                  const win = cells.has(cellKey(reel, row));
                  return (
                    <div
                      key={row}
                      className={`cell${win ? ' win' : ''}${spinning ? ' landed' : ''}`}
                      data-testid="cell"
                      data-symbol={id}
                      data-win={win || undefined}
                    >
                      {faces.get(id) && <SymbolIcon face={faces.get(id)!} />}
                    </div>
                  );
                })}
              </div>
            ) : (
              <div className="reel blur" key={`b${reel}`} aria-hidden>
                <div className="strip" style={{ animationDelay: `${-reel * 37}ms` }}>
                  {blurStrip(cfg, reel).map((id, i) => (
                    <div className="cell" key={i}>
                      {faces.get(id) && <SymbolIcon face={faces.get(id)!} />}
                    </div>
                  ))}
                </div>
              </div>
            ),
          )}
          {result && result.lineWins.length > 0 && (
            <svg
              className="paylines"
              viewBox={`0 0 ${cfg.reels * 100} ${cfg.rows * 100}`}
              preserveAspectRatio="none"
              aria-hidden
            >
              {result.lineWins.map((w, i) => (
                <polyline
                  key={`${w.line}-${i}`}
                  points={linePath((cfg.lines[w.line] ?? []).slice(0, w.count), 100, 100)}
                  stroke={LINE_COLORS[i % LINE_COLORS.length]}
                />
              ))}
            </svg>
          )}
        </div>
      </div>

      <div className="win-bar" data-testid="slot-result" aria-live="polite">
        {result ? (
          <>
            <strong className={won ? 'pos big' : 'muted'} data-testid="slot-win" data-value={totalWin}>
              {won ? `${t('totalWin')}: ${play.money(totalWin)}` : t('noWin')}
            </strong>
            {result.freeSpins.awarded > 0 && (
              <span className="badge gold" data-testid="free-spins-awarded">
                {t('freeSpinsAwarded', { n: result.freeSpins.awarded })}
              </span>
            )}
            {won && (
              <ul className="line-wins">
                {result.lineWins.map((w, i) => (
                  <li key={`${w.line}-${i}`} style={{ color: LINE_COLORS[i % LINE_COLORS.length] }}>
                    {t('lineWin', { line: w.line + 1 })}
                    {faces.get(w.symbol) && (
                      <span className="inline-sym">
                        <SymbolIcon face={faces.get(w.symbol)!} />
                      </span>
                    )}
                    ×{w.count} = {play.money(w.win)}
                  </li>
                ))}
                {toCents(result.scatterWin) > 0n && (
                  <li>
                    {t('scatterWin', { count: countScatters(result.window, scatterIds) })} ={' '}
                    {play.money(result.scatterWin)}
                  </li>
                )}
              </ul>
            )}
          </>
        ) : (
          <span className="muted">{spinning ? t('spinning') : t('lines', { n: cfg.lines.length })}</span>
        )}
      </div>

      <div className="controls">
        <StakeSelector disabled={spinning || freeLeft > 0} />
        <div className="action">
          {freeLeft > 0 && (
            <span className="badge gold" data-testid="free-spins-left">
              {t('freeSpinsLeft', { n: freeLeft })}
            </span>
          )}
          <button className="btn primary spin" data-testid="spin" disabled={spinning} onClick={spin}>
            {spinning ? t('spinning') : freeLeft > 0 ? t('freeSpin') : t('spin')}
          </button>
        </div>
      </div>

      {props.paytableOpen && (
        <Sheet title={t('paytable')} onClose={props.closePaytable} testId="paytable">
          <Paytable cfg={cfg} faces={faces} />
        </Sheet>
      )}
    </div>
  );
}

function countScatters(window: string[][], scatterIds: ReadonlySet<string>): number {
  return window.flat().filter((id) => scatterIds.has(id)).length;
}

/** Before the first spin: a tidy window of the configuration's symbols. */
function initialWindow(cfg: TSlotConfig): string[][] {
  const ids = cfg.symbols.map((s) => s.id);
  return Array.from({ length: cfg.reels }, (_, r) =>
    Array.from({ length: cfg.rows }, (_, row) => ids[(r * 2 + row * 3) % ids.length]!),
  );
}

/** Symbols sliding past while a reel spins (the strip repeats once for a seamless loop). */
function blurStrip(cfg: TSlotConfig, reel: number): string[] {
  const ids = cfg.symbols.map((s) => s.id);
  const half = Array.from({ length: cfg.rows + 3 }, (_, i) => ids[(i * 5 + reel * 3) % ids.length]!);
  return [...half, ...half];
}
