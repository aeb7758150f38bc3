import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TTicketRow } from '@bp/contract';
import { errorText } from '../../../shared/api';
import { formatAmount, formatDate } from '../../../shared/format';
import { useAppStore } from '../../../shared/store/app-store';
import { showDialog } from '../../../shared/ui/dialog';
import '../../../shared/ui/member-page.css';
import {
  useClaimablePromotions,
  useClaimIssued,
  useIssuedRewards,
  useJoinClaimable,
  usePointBalance,
  usePointHistory,
  useTickets,
} from '../api/tickets';
import { FreeSpinsCard } from '../components/FreeSpinsCard';
import { TicketGame } from '../components/TicketGame';
import './rewards.css';

/** The member's points balance (POINTS rewards; not money) and its latest movements. */
function PointsCard() {
  const { t } = useTranslation('rewards');
  const balance = usePointBalance();
  const history = usePointHistory();
  const entries = history.data?.list ?? [];
  return (
    <section className="mc-card rewards__points" aria-labelledby="rewards-points" data-testid="reward-points">
      <h2 className="mc-card__title" id="rewards-points">
        {t('points')}
      </h2>
      <p className="rewards__points-balance">
        <strong data-testid="points-balance">{(balance.data?.balance ?? 0).toLocaleString()}</strong>{' '}
        <span className="mc-muted">{t('pointsUnit')}</span>
      </p>
      {entries.length === 0 ? (
        <p className="mc-muted">{t('pointsEmpty')}</p>
      ) : (
        <ul className="rewards__points-list">
          {entries.map((e) => (
            <li key={e.id} data-testid="points-entry">
              <span>{e.title ?? t(`pointsReason_${e.reason === 'promotion' ? 'promotion' : 'other'}`)}</span>
              <span className="mc-muted">{formatDate(e.createdDate)}</span>
              <strong className={e.amount > 0 ? 'rewards__points-in' : ''}>
                {e.amount > 0 ? '+' : ''}
                {e.amount.toLocaleString()}
              </strong>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A small picture of each game (no emoji: not every device has a font for them). */
function GameIcon({ game }: { game: TTicketRow['type'] }) {
  if (game === 'wheel') {
    return (
      <svg viewBox="0 0 40 40" width="40" height="40">
        <circle cx="20" cy="20" r="18" fill="#f2c14e" />
        <path d="M20 20 L20 2 A18 18 0 0 1 35.6 11 Z" fill="#e85d75" />
        <path d="M20 20 L35.6 29 A18 18 0 0 1 20 38 Z" fill="#4cb7a5" />
        <path d="M20 20 L4.4 29 A18 18 0 0 1 4.4 11 Z" fill="#6c7ee1" />
        <circle cx="20" cy="20" r="4" fill="#1b1403" />
      </svg>
    );
  }
  if (game === 'egg') {
    return (
      <svg viewBox="0 0 40 40" width="40" height="40">
        <ellipse cx="20" cy="22" rx="13" ry="16" fill="#f2c14e" />
        <ellipse cx="15" cy="16" rx="3" ry="5" fill="#fff1b8" />
      </svg>
    );
  }
  return (
    <svg viewBox="0 0 40 40" width="40" height="40">
      <rect x="7" y="4" width="26" height="32" rx="4" fill="#d62b3a" />
      <path d="M7 9 L20 19 L33 9" fill="#b81f2d" />
      <circle cx="20" cy="19" r="4.5" fill="#f2c14e" />
    </svg>
  );
}

/**
 * SPEC 2.4 `rewardCenter`: the member's tickets (each opens its game), free spins left to play (each
 * opens its slot), rewards an operator issued that wait for a claim, and promotions the member can
 * claim or join now.
 */
export default function RewardCenterPage() {
  const { t } = useTranslation('rewards');
  const symbol = useAppStore((s) => s.currencySymbol);
  const money = (v: string) => formatAmount(v, symbol);
  const tickets = useTickets();
  const issued = useIssuedRewards();
  const claimable = useClaimablePromotions();
  const claimIssued = useClaimIssued();
  const join = useJoinClaimable();
  const [open, setOpen] = useState<TTicketRow | null>(null);

  const onClaimIssued = (claimId: string) =>
    claimIssued.mutate(claimId, {
      onSuccess: () => void showDialog(t('claimed'), { kind: 'success', name: 'reward-claimed' }),
      onError: (e) => void showDialog(errorText(t, e), { kind: 'error', name: 'reward-claim-error' }),
    });
  const onJoin = (promotionId: number) =>
    join.mutate(promotionId, {
      onSuccess: () => void showDialog(t('claimed'), { kind: 'success', name: 'reward-joined' }),
      onError: (e) => void showDialog(errorText(t, e), { kind: 'error', name: 'reward-join-error' }),
    });

  const waiting = [...(issued.data ?? [])];
  const offers = claimable.data ?? [];
  return (
    <div className="mc-page rewards" data-testid="reward-center-page">
      <h1 className="mc-page__title">{t('title')}</h1>
      <PointsCard />

      <section className="mc-card" aria-labelledby="rewards-tickets">
        <h2 className="mc-card__title" id="rewards-tickets">
          {t('tickets')}
        </h2>
        {tickets.isError && <p className="mc-error">{errorText(t, tickets.error)}</p>}
        {tickets.data && tickets.data.length === 0 && <p className="mc-empty">{t('no_tickets')}</p>}
        {!tickets.data && !tickets.isError && <p className="mc-muted">{t('common:loading')}</p>}
        <ul className="rewards__tickets">
          {tickets.data?.map((tk) => (
            <li
              key={tk.ticketId}
              className={`rewards__ticket rewards__ticket--${tk.type}`}
              data-testid="ticket-card"
              data-game={tk.type}
            >
              <span className="rewards__ticket-icon" aria-hidden="true">
                <GameIcon game={tk.type} />
              </span>
              <div className="rewards__ticket-main">
                <strong className="rewards__ticket-name" title={tk.name}>
                  {tk.name}
                </strong>
                <span className="mc-muted">{t(`game_${tk.type}`)}</span>
                {tk.expiryDate && (
                  <span className="mc-muted rewards__ticket-exp">
                    {t('expires', { date: formatDate(tk.expiryDate) })}
                  </span>
                )}
              </div>
              <button
                type="button"
                className="btn btn--primary"
                onClick={() => setOpen(tk)}
                data-testid="ticket-open"
              >
                {t(`open_${tk.type}`)}
              </button>
            </li>
          ))}
        </ul>
      </section>

      <FreeSpinsCard />

      {waiting.length > 0 && (
        <section className="mc-card" aria-labelledby="rewards-issued">
          <h2 className="mc-card__title" id="rewards-issued">
            {t('issued')}
          </h2>
          <ul className="mc-rows">
            {waiting.map((r) => (
              <li key={r.claimId} className="mc-row" data-testid="issued-reward">
                <div className="mc-row__main">
                  <strong>{r.title}</strong>
                  <span className="mc-row__sub">
                    {r.ticketGame ? t(`game_${r.ticketGame}`) : r.rewardAmount ? money(r.rewardAmount) : ''}
                  </span>
                </div>
                <button
                  type="button"
                  className="btn btn--primary"
                  onClick={() => onClaimIssued(r.claimId)}
                  disabled={claimIssued.isPending}
                  data-testid="issued-claim"
                >
                  {t('claim')}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section className="mc-card" aria-labelledby="rewards-offers">
        <h2 className="mc-card__title" id="rewards-offers">
          {t('offers')}
        </h2>
        {claimable.data && offers.length === 0 && <p className="mc-empty">{t('no_offers')}</p>}
        <ul className="mc-rows">
          {offers.map((p) => (
            <li key={p.id} className="mc-row" data-testid="claimable-promotion">
              <div className="mc-row__main">
                <strong>{p.title}</strong>
                <span className="mc-row__sub">
                  {p.rewardAmount ? money(p.rewardAmount) : p.rewardPercent ? `${p.rewardPercent}%` : ''}
                </span>
              </div>
              <button
                type="button"
                className="btn btn--primary"
                onClick={() => onJoin(p.id)}
                disabled={join.isPending}
                data-testid="claimable-action"
              >
                {p.status === 'Join' ? t('join') : t('claim')}
              </button>
            </li>
          ))}
        </ul>
        <Link to="/promotions" className="rewards__more">
          {t('all_promotions')}
        </Link>
      </section>

      {open && <TicketGame ticket={open} onClose={() => setOpen(null)} />}
    </div>
  );
}
