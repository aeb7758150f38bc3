import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ComponentType } from 'react';
import type { TFairness, TGameKind, TGameSession } from '@bp/contract';
import { api, GameApiError } from '../lib/api';
import { errorText, SESSION_ENDED_CODES, useI18n } from '../lib/i18n';
import { formatMoney } from '../lib/money';
import { openSession } from './session-boot';
import { PlayContext, type TPlay } from './play-context';
import { FairnessPanel } from './FairnessPanel';
import { HistoryPanel } from './HistoryPanel';
import { Sheet } from './Sheet';
import { ErrorBoundary } from './ErrorBoundary';

const GAMES: Record<TGameKind, ComponentType<{ paytableOpen: boolean; closePaytable(): void }>> = {
  slot: lazy(() => import('../games/slot/SlotGame')),
  crash: lazy(() => import('../games/crash/CrashGame')),
  baccarat: lazy(() => import('../games/table/TableGame')),
  dragonTiger: lazy(() => import('../games/table/TableGame')),
  dice: lazy(() => import('../games/dice/DiceGame')),
};

type TPanel = 'none' | 'fairness' | 'history' | 'paytable';

/** `/gs/play/?t=<launch token>&lang=bn`: exchanges the token, then shows the game in its frame. */
export function PlayApp() {
  const { lang, t } = useI18n();
  const launchToken = useMemo(() => new URLSearchParams(window.location.search).get('t') ?? '', []);
  const [session, setSession] = useState<TGameSession | null>(null);
  const [bootError, setBootError] = useState<string | null>(launchToken ? null : 'no_token');

  useEffect(() => {
    if (!launchToken) return;
    openSession(launchToken).then(setSession, (e: unknown) =>
      setBootError(e instanceof GameApiError ? e.code : 'network'),
    );
  }, [launchToken]);

  if (bootError) {
    const text =
      bootError === 'no_token'
        ? t('noLaunchToken')
        : SESSION_ENDED_CODES.has(bootError)
          ? t('sessionEnded')
          : errorText(lang, bootError);
    return (
      <div className="center-screen" role="alert" data-testid="game-ended">
        <p>{text}</p>
        {!SESSION_ENDED_CODES.has(bootError) && bootError !== 'no_token' && (
          <button className="btn" onClick={() => window.location.reload()}>
            {t('retry')}
          </button>
        )}
      </div>
    );
  }
  if (!session)
    return (
      <div className="center-screen" data-testid="game-loading">
        <div className="spinner" aria-hidden />
        <p>{t('loading')}</p>
      </div>
    );
  return <GameFrame session={session} />;
}

function GameFrame({ session }: { session: TGameSession }) {
  const { lang, t } = useI18n();
  const [balance, setBalance] = useState(session.balance);
  const [stake, setStake] = useState(session.betLevels[0] ?? '1.00');
  const [fairness, setFairness] = useState<TFairness>(session.fairness);
  const [lastRoundId, setLastRoundId] = useState<string | null>(null);
  const [historyVersion, setHistoryVersion] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [ended, setEnded] = useState(false);
  const [panel, setPanel] = useState<TPanel>('none');

  useEffect(() => {
    document.title = session.gameName;
  }, [session.gameName]);

  // money may move elsewhere while the game is hidden (a deposit in another tab): refresh on return
  useEffect(() => {
    const onShow = () => {
      if (document.visibilityState !== 'visible') return;
      api.get<{ balance: string }>('/gs/api/balance').then(
        (b) => setBalance(b.balance),
        () => undefined,
      );
    };
    document.addEventListener('visibilitychange', onShow);
    return () => document.removeEventListener('visibilitychange', onShow);
  }, []);

  const fail = useCallback(
    (e: unknown) => {
      const code = e instanceof GameApiError ? e.code : 'unknown';
      if (SESSION_ENDED_CODES.has(code)) setEnded(true);
      else setError(errorText(lang, code, e instanceof GameApiError ? e.message : undefined));
    },
    [lang],
  );
  const money = useCallback((a: string) => formatMoney(a, session.currencySymbol), [session.currencySymbol]);

  const ctx: TPlay = useMemo(
    () => ({
      session,
      balance,
      setBalance,
      stake,
      setStake,
      fairness,
      roundPlayed: ({ roundId, nonce }) => {
        setLastRoundId(roundId);
        setFairness((f) => ({ ...f, nonce: Math.max(f.nonce, nonce + 1) }));
        setHistoryVersion((v) => v + 1);
      },
      fail,
      clearError: () => setError(null),
      money,
    }),
    [session, balance, stake, fairness, fail, money],
  );

  const Game = GAMES[session.kind];
  return (
    <PlayContext.Provider value={ctx}>
      <div className={`frame kind-${session.kind}`} data-testid="game-frame" data-kind={session.kind}>
        <header className="topbar">
          <div className="title">
            <h1 data-testid="game-name">{session.gameName}</h1>
          </div>
          <div className="balance" data-testid="balance" data-value={balance} aria-label={t('balance')}>
            <small>{t('balance')}</small>
            <strong>{money(balance)}</strong>
            {session.mode === 'trial' && (
              <span className="badge trial" data-testid="trial-badge">
                {t('trial')}
              </span>
            )}
          </div>
          <nav className="tools">
            {session.kind === 'slot' && (
              <button className="tool" data-testid="open-paytable" onClick={() => setPanel('paytable')}>
                {t('paytable')}
              </button>
            )}
            <button className="tool" data-testid="open-fairness" onClick={() => setPanel('fairness')}>
              {t('fairness')}
            </button>
            <button className="tool" data-testid="open-history" onClick={() => setPanel('history')}>
              {t('history')}
            </button>
          </nav>
        </header>
        {error && (
          <div className="error-bar" role="alert" data-testid="game-error">
            <span>{error}</span>
            <button className="link" onClick={() => setError(null)} aria-label={t('close')}>
              ✕
            </button>
          </div>
        )}
        <main className="stage">
          <ErrorBoundary
            fallback={
              <div className="center-screen" role="alert" data-testid="game-crashed">
                <p>{t('unknownError')}</p>
                <button className="btn" onClick={() => window.location.reload()}>
                  {t('retry')}
                </button>
              </div>
            }
          >
            <Suspense fallback={<div className="spinner" aria-hidden />}>
              <Game paytableOpen={panel === 'paytable'} closePaytable={() => setPanel('none')} />
            </Suspense>
          </ErrorBoundary>
        </main>
        {panel === 'fairness' && (
          <Sheet title={t('fairness')} onClose={() => setPanel('none')} testId="fairness-panel">
            <FairnessPanel fairness={fairness} setFairness={setFairness} lastRoundId={lastRoundId} />
          </Sheet>
        )}
        {panel === 'history' && (
          <Sheet title={t('history')} onClose={() => setPanel('none')} testId="history-panel">
            <HistoryPanel version={historyVersion} />
          </Sheet>
        )}
        {ended && (
          <div className="overlay ended" role="alert" data-testid="game-ended">
            <p>{t('sessionEnded')}</p>
          </div>
        )}
      </div>
    </PlayContext.Provider>
  );
}
