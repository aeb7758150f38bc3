import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api';
import { formatAmount } from '../../../shared/format';
import { useAppStore } from '../../../shared/store/app-store';
import { useLeaderboard } from '../api/get-leaderboard';

/** The ranking by valid bets of today or this week, names masked but the member's own. */
export function LeaderboardCard() {
  const { t } = useTranslation('missions');
  const symbol = useAppStore((s) => s.currencySymbol);
  const [period, setPeriod] = useState<'DAILY' | 'WEEKLY'>('WEEKLY');
  const q = useLeaderboard(period);
  const b = q.data;
  return (
    <section className="mc-card" data-testid="leaderboard" aria-busy={q.isFetching}>
      <div className="mc-card__head">
        <h2 className="mc-card__title">{t('leaderboard')}</h2>
        <PeriodToggle value={period} onChange={setPeriod} />
      </div>
      {q.isError ? (
        <p className="mc-error">{errorText(t, q.error)}</p>
      ) : !b ? (
        <p className="mc-muted">{t('common:loading')}</p>
      ) : (
        <>
          <p className="leaderboard__mine" data-testid="leaderboard-mine" data-rank={b.mine.rank ?? ''}>
            {b.mine.rank === null
              ? t('notRanked')
              : t('myRank', { rank: b.mine.rank, amount: formatAmount(b.mine.validBet, symbol) })}
          </p>
          {b.list.length === 0 ? (
            <p className="mc-empty">{t('emptyBoard')}</p>
          ) : (
            <div className="mc-table-wrap">
              <table className="mc-table leaderboard__table">
                <thead>
                  <tr>
                    <th>{t('rank')}</th>
                    <th>{t('player')}</th>
                    <th className="num">{t('validBet')}</th>
                  </tr>
                </thead>
                <tbody>
                  {b.list.map((r) => (
                    <tr
                      key={`${r.rank}-${r.username}`}
                      className={r.me ? 'leaderboard__me' : undefined}
                      data-testid={r.me ? 'leaderboard-me-row' : undefined}
                    >
                      <td>
                        <span className={`leaderboard__rank leaderboard__rank--${Math.min(r.rank, 4)}`}>
                          {r.rank}
                        </span>
                      </td>
                      <td>
                        {r.username}
                        {r.me && <span className="mc-chip mc-chip--ok leaderboard__you">{t('you')}</span>}
                      </td>
                      <td className="num">{formatAmount(r.validBet, symbol)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <p className="mc-muted leaderboard__note">{t('boardNote')}</p>
        </>
      )}
    </section>
  );
}

/** Today or this week: the leaderboard's period toggle. */
function PeriodToggle({
  value,
  onChange,
}: {
  value: 'DAILY' | 'WEEKLY';
  onChange: (p: 'DAILY' | 'WEEKLY') => void;
}) {
  const { t } = useTranslation('missions');
  return (
    <div className="mc-chips" role="group" aria-label={t('leaderboard')}>
      {(['DAILY', 'WEEKLY'] as const).map((p) => (
        <button
          key={p}
          type="button"
          className="mc-filter"
          aria-pressed={value === p}
          data-testid={`leaderboard-${p}`}
          onClick={() => onChange(p)}
        >
          {t(`period${p}`)}
        </button>
      ))}
    </div>
  );
}
