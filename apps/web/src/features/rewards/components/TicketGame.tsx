import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TTicketPrizeView, TTicketResult, TTicketRow } from '@bp/contract';
import { errorText } from '../../../shared/api';
import { formatAmount } from '../../../shared/format';
import { useAppStore } from '../../../shared/store/app-store';
import { CloseIcon } from '../../../shared/ui/icons';
import { newClientSeed, useCancelTicket, useClaimTicket, useRefreshRewards } from '../api/tickets';

type Phase = 'ready' | 'drawing' | 'revealing' | 'done';

const reducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/** How long each game's reveal runs (ms); the timer ends it even where no transition event comes. */
const REVEAL_MS = { wheel: 4200, egg: 1300, envelope: 1100 } as const;
const TURNS = 6;

/** What a prize says on a wheel segment or a card: its label, else its amount. */
export function prizeText(
  p: TTicketPrizeView,
  money: (v: string) => string,
  t: (k: string, o?: { count: number }) => string,
) {
  if (p.label) return p.label;
  if (p.kind === 'nothing') return t('prize_nothing');
  if (p.kind === 'freeSpins') return t('prize_spins', { count: Number(p.amount) });
  return p.kind === 'cash' || p.kind === 'bonus' ? money(p.amount) : p.amount;
}

/** The wheel's rotation (degrees, clockwise) that stops segment `index` of `n` under the top pointer. */
export function wheelRotation(index: number, n: number, turns = TURNS): number {
  const seg = 360 / n;
  return turns * 360 - (index + 0.5) * seg;
}

const SEGMENT_COLOURS = [
  '#f2c14e',
  '#e85d75',
  '#4cb7a5',
  '#6c7ee1',
  '#f08a4b',
  '#9b6ad8',
  '#3fa7d6',
  '#8bc34a',
];

function Wheel({
  prizes,
  rotation,
  money,
}: {
  prizes: TTicketPrizeView[];
  rotation: number;
  money: (v: string) => string;
}) {
  const { t } = useTranslation('rewards');
  const n = prizes.length;
  const seg = 360 / n;
  const point = (deg: number, r: number) => {
    const a = ((deg - 90) * Math.PI) / 180;
    return `${(Math.cos(a) * r).toFixed(3)} ${(Math.sin(a) * r).toFixed(3)}`;
  };
  return (
    <div className="tgame__wheel-wrap">
      <div className="tgame__pointer" aria-hidden="true" />
      <svg
        className="tgame__wheel"
        viewBox="-100 -100 200 200"
        style={{ transform: `rotate(${rotation}deg)` }}
        data-testid="ticket-wheel"
        data-rotation={rotation}
        role="img"
        aria-label={t('game_wheel')}
      >
        <circle r="99" className="tgame__rim" />
        {prizes.map((p, i) => {
          const a0 = i * seg;
          const a1 = (i + 1) * seg;
          const colour = SEGMENT_COLOURS[i % SEGMENT_COLOURS.length];
          return (
            <g key={i}>
              <path
                d={`M0 0 L${point(a0, 92)} A92 92 0 ${seg > 180 ? 1 : 0} 1 ${point(a1, 92)} Z`}
                fill={colour}
                stroke="rgba(0,0,0,0.25)"
                strokeWidth="0.6"
              />
              <text
                transform={`rotate(${a0 + seg / 2}) translate(0 -58) rotate(90)`}
                className="tgame__seg-text"
                textAnchor="middle"
                dominantBaseline="middle"
              >
                {prizeText(p, money, t)}
              </text>
            </g>
          );
        })}
        <circle r="14" className="tgame__hub" />
      </svg>
    </div>
  );
}

function Egg({ phase }: { phase: Phase }) {
  return (
    <div className={`tgame__egg tgame__egg--${phase}`} data-testid="ticket-egg" aria-hidden="true">
      <svg viewBox="0 0 120 150">
        <defs>
          <linearGradient id="egg-gold" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#fff1b8" />
            <stop offset="0.5" stopColor="#f2c14e" />
            <stop offset="1" stopColor="#b07d0c" />
          </linearGradient>
        </defs>
        <g className="tgame__egg-top">
          <path
            d="M60 6 C30 6 12 50 12 78 L28 70 L42 82 L56 68 L70 82 L84 68 L98 80 L108 74 C106 48 90 6 60 6 Z"
            fill="url(#egg-gold)"
          />
        </g>
        <g className="tgame__egg-bottom">
          <path
            d="M12 78 L28 70 L42 82 L56 68 L70 82 L84 68 L98 80 L108 74 C110 118 90 144 60 144 C30 144 10 118 12 78 Z"
            fill="url(#egg-gold)"
          />
        </g>
      </svg>
    </div>
  );
}

function Envelope({ phase }: { phase: Phase }) {
  return (
    <div
      className={`tgame__envelope tgame__envelope--${phase}`}
      data-testid="ticket-envelope"
      aria-hidden="true"
    >
      <svg viewBox="0 0 140 170">
        <rect x="10" y="40" width="120" height="120" rx="10" fill="#d62b3a" />
        <g className="tgame__flap">
          <path d="M10 50 Q10 40 20 40 L120 40 Q130 40 130 50 L70 100 Z" fill="#b81f2d" />
        </g>
        <circle cx="70" cy="98" r="16" fill="#f2c14e" />
        <text x="70" y="104" textAnchor="middle" fontSize="16" fill="#7a1a12" fontWeight="700">
          福
        </text>
      </svg>
    </div>
  );
}

/**
 * A ticket's game: the member presses play, the server draws (PROMOFE_claimTicket with a client seed
 * made here), and the game shows that outcome: the wheel spins to the drawn segment, the egg cracks,
 * the envelope opens. Then the prize and the link to the verification page of this very draw. With
 * reduced motion the outcome is shown at once.
 */
export function TicketGame({ ticket, onClose }: { ticket: TTicketRow; onClose: () => void }) {
  const { t } = useTranslation('rewards');
  const symbol = useAppStore((s) => s.currencySymbol);
  const money = (v: string) => formatAmount(v, symbol);
  const claim = useClaimTicket();
  const cancel = useCancelTicket();
  const refresh = useRefreshRewards();
  const [phase, setPhase] = useState<Phase>('ready');
  const [result, setResult] = useState<TTicketResult | null>(null);
  const [rotation, setRotation] = useState(0);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && phase !== 'drawing' && phase !== 'revealing') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [phase, onClose]);

  const finish = () => {
    window.clearTimeout(timer.current);
    setPhase('done');
    refresh();
  };

  const play = () => {
    setPhase('drawing');
    claim.mutate(
      { transactionId: ticket.transactionId, clientSeed: newClientSeed() },
      {
        onSuccess: (r) => {
          setResult(r);
          if (reducedMotion()) {
            if (r.type === 'wheel') setRotation(wheelRotation(r.outcome.index, r.prizes.length, 0));
            finish();
            return;
          }
          setPhase('revealing');
          if (r.type === 'wheel') setRotation(wheelRotation(r.outcome.index, r.prizes.length));
          timer.current = window.setTimeout(finish, REVEAL_MS[r.type]);
        },
        onError: () => {
          setPhase('ready');
          refresh();
        },
      },
    );
  };

  const prize = result?.prize;
  const busy = phase === 'drawing' || phase === 'revealing';
  return (
    <div
      className="tgame__overlay"
      role="dialog"
      aria-modal="true"
      aria-label={ticket.name}
      data-testid="ticket-game"
    >
      <div className={`tgame tgame--${ticket.type}`} data-phase={phase}>
        <header className="tgame__head">
          <h2 className="tgame__title">{ticket.name}</h2>
          <button
            type="button"
            className="icon-button"
            aria-label={t('close')}
            onClick={onClose}
            disabled={busy}
            data-testid="ticket-close"
          >
            <CloseIcon width={20} height={20} />
          </button>
        </header>
        <div className="tgame__stage">
          {ticket.type === 'wheel' && <Wheel prizes={ticket.prizes} rotation={rotation} money={money} />}
          {ticket.type === 'egg' && <Egg phase={phase} />}
          {ticket.type === 'envelope' && <Envelope phase={phase} />}
        </div>

        {phase === 'done' && prize && result ? (
          <div
            className="tgame__result"
            data-testid="ticket-prize"
            data-kind={prize.kind}
            data-amount={prize.amount}
            aria-live="polite"
          >
            {prize.kind === 'nothing' ? (
              <p className="tgame__prize">{t('won_nothing')}</p>
            ) : (
              <>
                <p className="tgame__won">{t('you_won')}</p>
                <p className="tgame__prize">
                  {prize.kind === 'cash' || prize.kind === 'bonus'
                    ? money(prize.amount)
                    : prize.kind === 'freeSpins'
                      ? t('prize_free_spins', { count: Number(prize.amount) })
                      : prize.amount}
                </p>
                <p className="mc-muted">
                  {result.paidTo === 'bonus'
                    ? t('paid_bonus', { turnover: money(result.requiredTurnover) })
                    : result.paidTo === 'points'
                      ? t('paid_points')
                      : result.paidTo === 'freeSpins'
                        ? t('paid_free_spins', { stake: money(prize.spins?.stake ?? '0') })
                        : t('paid_main')}
                </p>
              </>
            )}
            {result.fairness.verifyUrl && (
              <a
                className="tgame__verify"
                href={result.fairness.verifyUrl}
                target="_blank"
                rel="noopener noreferrer"
                data-testid="ticket-verify-link"
              >
                {t('verify')}
              </a>
            )}
            <button type="button" className="btn btn--primary" onClick={onClose} data-testid="ticket-done">
              {t('done')}
            </button>
          </div>
        ) : (
          <div className="tgame__actions">
            {claim.isError && (
              <p className="mc-error" role="alert" data-testid="ticket-error">
                {errorText(t, claim.error)}
              </p>
            )}
            <button
              type="button"
              className="btn btn--primary tgame__play"
              onClick={play}
              disabled={busy || claim.isError}
              data-testid="ticket-play"
            >
              {busy ? t('drawing') : t(`play_${ticket.type}`)}
            </button>
            {phase === 'ready' && !claim.isError && (
              <button
                type="button"
                className="btn btn--ghost"
                onClick={() => cancel.mutate(ticket.transactionId, { onSuccess: onClose })}
                disabled={cancel.isPending}
                data-testid="ticket-decline"
              >
                {t('decline')}
              </button>
            )}
            {cancel.isError && <p className="mc-error">{errorText(t, cancel.error)}</p>}
          </div>
        )}
        <p className="tgame__fair" title={t('fair_hint')}>
          <span>{t('seed_hash')}</span>
          <code data-testid="ticket-seed-hash">{ticket.fairness.serverSeedHash}</code>
        </p>
      </div>
    </div>
  );
}
