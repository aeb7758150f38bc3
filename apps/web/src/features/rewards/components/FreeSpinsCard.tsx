import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api';
import { formatAmount, formatDate } from '../../../shared/format';
import { startGame } from '../../../shared/game-launch';
import { useAppStore } from '../../../shared/store/app-store';
import { useFreeSpins } from '../api/tickets';

/** A slot machine's reels (no emoji: not every device has a font for them). */
function SlotIcon() {
  return (
    <svg viewBox="0 0 40 40" width="40" height="40">
      <rect x="3" y="7" width="34" height="26" rx="5" fill="#6c7ee1" />
      <rect x="7" y="12" width="8" height="16" rx="2" fill="#fff" />
      <rect x="16" y="12" width="8" height="16" rx="2" fill="#fff" />
      <rect x="25" y="12" width="8" height="16" rx="2" fill="#fff" />
      <circle cx="11" cy="20" r="2.5" fill="#e85d75" />
      <circle cx="20" cy="20" r="2.5" fill="#f2c14e" />
      <circle cx="29" cy="20" r="2.5" fill="#4cb7a5" />
    </svg>
  );
}

/**
 * The member's free spins still to play (a FREE_SPINS promotion or a ticket's prize): each opens its
 * slot the way /promotions does, and the game plays the spins for free.
 */
export function FreeSpinsCard() {
  const { t } = useTranslation('rewards');
  const symbol = useAppStore((s) => s.currencySymbol);
  const spins = useFreeSpins();
  const list = spins.data ?? [];
  // shown only while there are spins to play (like the rewards an operator issued)
  if (!spins.isError && list.length === 0) return null;
  return (
    <section className="mc-card" aria-labelledby="rewards-free-spins" data-testid="reward-free-spins">
      <h2 className="mc-card__title" id="rewards-free-spins">
        {t('free_spins')}
      </h2>
      {spins.isError && <p className="mc-error">{errorText(t, spins.error)}</p>}
      <ul className="rewards__tickets">
        {list.map((f) => (
          <li
            key={f.claimId}
            className="rewards__ticket rewards__ticket--spins"
            data-testid="free-spins-card"
            data-claim={f.claimId}
          >
            <span className="rewards__ticket-icon" aria-hidden="true">
              <SlotIcon />
            </span>
            <div className="rewards__ticket-main">
              <strong className="rewards__ticket-name">{f.title}</strong>
              <span className="rewards__spins-left" data-testid="free-spins-left">
                {t('free_spins_left', { remaining: f.remaining, granted: f.granted })}
              </span>
              <span className="mc-muted rewards__spins-game">
                {t('free_spins_on', { game: f.gameName, stake: formatAmount(f.stake, symbol) })}
              </span>
              {f.expiryDate && (
                <span className="mc-muted rewards__ticket-exp">
                  {t('expires', { date: formatDate(f.expiryDate) })}
                </span>
              )}
            </div>
            <button
              type="button"
              className="btn btn--primary"
              data-testid="free-spins-play"
              onClick={() =>
                void startGame({ vassalage: f.vendor, gameCode: f.gameCode, gameName: f.gameName })
              }
            >
              {t('play_free_spins')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
