import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api';
import { formatAmount, formatDateTime } from '../../../shared/format';
import { startGame } from '../../../shared/game-launch';
import { useBonusProgress } from '../api/get-bonus-progress';
import { barWidth, chipOf, orderBonuses, type TBonusChip } from './bonus-progress';

const CHIP_CLASS: Record<TBonusChip, string> = {
  open: 'mc-chip--wait',
  joined: '',
  converted: 'mc-chip--ok',
  forfeited: 'mc-chip--bad',
};

/** The member's bonuses (issue 16): open ones with their wagering bar, the others with their outcome. */
export function BonusProgress({ symbol }: { symbol: string }) {
  const { t } = useTranslation('records');
  const q = useBonusProgress();
  // nothing to show before any promotion was taken part in: the records below say the rest
  if (q.isSuccess && q.data.length === 0) return null;
  return (
    <section className="mc-card bonus-progress" aria-busy={q.isFetching} data-testid="bonus-progress">
      <h2 className="bonus-progress__title">{t('bonusWagering')}</h2>
      {q.isError ? (
        <p className="mc-error">{errorText(t, q.error)}</p>
      ) : q.isLoading ? (
        <p className="mc-muted">{t('common:loading')}</p>
      ) : (
        <ul className="bonus-progress__list">
          {orderBonuses(q.data ?? []).map((c) => {
            const chip = chipOf(c.state);
            const width = barWidth(c.progressPercent);
            return (
              <li key={c.id} className="bonus-progress__item" data-testid="bonus-item" data-state={c.state}>
                <div className="bonus-progress__head">
                  <strong className="bonus-progress__name">{c.title}</strong>
                  <span className={`mc-chip ${CHIP_CLASS[chip]}`} data-testid="bonus-chip">
                    {t(`bonusChip_${chip}`)}
                  </span>
                </div>
                {c.bonusAmount !== null && (
                  <div className="bonus-progress__meta mc-muted">
                    <span>
                      {t('bonusAmount')}{' '}
                      <strong className="mc-amount" data-testid="bonus-amount">
                        {formatAmount(c.bonusAmount, symbol)}
                      </strong>
                    </span>
                    {c.grantedDate && (
                      <span>{t('bonusGranted', { time: formatDateTime(c.grantedDate) })}</span>
                    )}
                    {c.state === 'ACTIVE' && c.expiryDate && (
                      <span>{t('bonusExpires', { time: formatDateTime(c.expiryDate) })}</span>
                    )}
                    {c.state === 'ACTIVE' && c.maxBet !== null && (
                      <span data-testid="bonus-max-bet">
                        {t('bonusMaxBet', { amount: formatAmount(c.maxBet, symbol) })}
                      </span>
                    )}
                  </div>
                )}
                {c.freeSpins && (
                  <div className="bonus-progress__meta mc-muted" data-testid="bonus-free-spins">
                    <span>
                      {t('bonusFreeSpins', {
                        remaining: c.freeSpins.remaining,
                        granted: c.freeSpins.granted,
                        used: c.freeSpins.used,
                        win: formatAmount(c.freeSpins.win, symbol),
                      })}
                    </span>
                    {c.freeSpins.forfeited > 0 && (
                      <span data-testid="bonus-free-spins-forfeited">
                        {t('bonusFreeSpinsForfeited', { count: c.freeSpins.forfeited })}
                      </span>
                    )}
                    {c.state === 'ACTIVE' && c.freeSpins.remaining > 0 && (
                      <button
                        type="button"
                        className="btn btn--primary"
                        data-testid="bonus-play-free-spins"
                        onClick={() =>
                          void startGame({ vassalage: c.freeSpins!.vendor, gameCode: c.freeSpins!.gameCode })
                        }
                      >
                        {t('bonusPlayFreeSpins')}
                      </button>
                    )}
                  </div>
                )}
                {c.state === 'ACTIVE' && (
                  <>
                    <div className="bonus-progress__figures">
                      <span className="mc-amount" data-testid="bonus-wagered">
                        {t('bonusWagered', {
                          current: formatAmount(c.currentTurnover, symbol),
                          required: formatAmount(c.requiredTurnover, symbol),
                        })}
                      </span>
                      <span data-testid="bonus-percent">{t('bonusPercent', { percent: width })}</span>
                    </div>
                    <div
                      className="bonus-progress__track"
                      role="progressbar"
                      aria-label={c.title}
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-valuenow={width}
                    >
                      <div className="bonus-progress__fill" style={{ width: `${width}%` }} />
                    </div>
                    <span className="mc-muted bonus-progress__left" data-testid="bonus-remaining">
                      {t('bonusRemaining', { amount: formatAmount(c.remainingTurnover, symbol) })}
                    </span>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
