import { useI18n } from '../lib/i18n';
import { usePlay } from './play-context';

/** Minus / amount / plus over the session's bet levels. */
export function StakeSelector({ disabled, label }: { disabled?: boolean; label?: string }) {
  const { t } = useI18n();
  const { session, stake, setStake, money } = usePlay();
  const levels = session.betLevels;
  const at = Math.max(0, levels.indexOf(stake));
  return (
    <div className="stake" data-testid="stake">
      <small>{label ?? t('stake')}</small>
      <div className="stake-row">
        <button
          className="round-btn"
          aria-label={t('lessStake')}
          data-testid="stake-minus"
          disabled={disabled || at === 0}
          onClick={() => setStake(levels[at - 1]!)}
        >
          −
        </button>
        <strong data-testid="stake-value" data-value={stake}>
          {money(stake)}
        </strong>
        <button
          className="round-btn"
          aria-label={t('moreStake')}
          data-testid="stake-plus"
          disabled={disabled || at >= levels.length - 1}
          onClick={() => setStake(levels[at + 1]!)}
        >
          +
        </button>
      </div>
    </div>
  );
}
