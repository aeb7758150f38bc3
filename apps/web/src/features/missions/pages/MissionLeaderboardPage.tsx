import { useTranslation } from 'react-i18next';
import { MONEY_MISSION_KINDS, type TPlayerMission } from '@bp/contract';
import { errorText } from '../../../shared/api';
import { formatAmount } from '../../../shared/format';
import { useAppStore } from '../../../shared/store/app-store';
import '../../../shared/ui/member-page.css';
import { useClaimMission } from '../api/claim-mission';
import { useHeartbeat } from '../api/checkin';
import { useMissionSummary } from '../api/get-mission-summary';
import { CheckinCard } from './CheckinCard';
import { LeaderboardCard } from './LeaderboardCard';
import './missions.css';

/**
 * missionLeaderboard (SPEC 2.4): the daily check-in calendar, the missions of today and this week
 * with their progress and claim buttons, and the ranking of the period.
 */
export default function MissionLeaderboardPage() {
  const { t } = useTranslation('missions');
  const summary = useMissionSummary();
  // being here is being active today (what "log in D days" missions count)
  useHeartbeat();
  const missions = summary.data?.missions ?? [];
  return (
    <div className="mc-page missions" data-testid="mission-page">
      <h1 className="mc-page__title">{t('title')}</h1>
      <CheckinCard />
      {summary.isError ? (
        <section className="mc-card">
          <p className="mc-error">{errorText(t, summary.error)}</p>
        </section>
      ) : !summary.data ? (
        <section className="mc-card">
          <p className="mc-muted">{t('common:loading')}</p>
        </section>
      ) : missions.length === 0 ? (
        <section className="mc-card">
          <p className="mc-empty">{t('noMissions')}</p>
        </section>
      ) : (
        (['DAILY', 'WEEKLY'] as const).map((period) => {
          const list = missions.filter((m) => m.period === period);
          if (list.length === 0) return null;
          return (
            <section key={period} className="mc-card" data-testid={`missions-${period}`}>
              <h2 className="mc-card__title">{t(period === 'DAILY' ? 'daily' : 'weekly')}</h2>
              <ul className="missions__list">
                {list.map((m) => (
                  <MissionRow key={m.id} m={m} />
                ))}
              </ul>
            </section>
          );
        })
      )}
      <LeaderboardCard />
    </div>
  );
}

function MissionRow({ m }: { m: TPlayerMission }) {
  const { t } = useTranslation('missions');
  const symbol = useAppStore((s) => s.currencySymbol);
  const claim = useClaimMission();
  const money = MONEY_MISSION_KINDS.includes(m.kind);
  const show = (v: string) => (money ? formatAmount(v, symbol) : v);
  const paid = claim.data?.id === m.id;
  return (
    <li className="missions__item" data-testid={`mission-${m.id}`} data-status={m.status}>
      <div className="missions__head">
        <span className="missions__name">{m.title}</span>
        <span className="missions__reward">
          {t('reward', { amount: formatAmount(m.rewardAmount, symbol) })}
        </span>
      </div>
      <div
        className="missions__track"
        role="progressbar"
        aria-label={m.title}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={m.percent}
      >
        <div className="missions__fill" style={{ width: `${m.percent}%` }} />
      </div>
      <div className="missions__foot">
        <span className="mc-muted" data-testid={`mission-progress-${m.id}`}>
          {t(`kind_${m.kind}`)}: {show(m.progress)} / {show(m.target)}
        </span>
        {m.status === 'Claim' ? (
          <button
            type="button"
            className="btn btn--primary missions__claim"
            data-testid={`mission-claim-${m.id}`}
            disabled={claim.isPending}
            onClick={() => claim.mutate(m.id)}
          >
            {t('claim')}
          </button>
        ) : (
          <span className={`mc-chip ${m.status === 'Claimed' ? 'mc-chip--ok' : 'mc-chip--wait'}`}>
            {t(m.status === 'Claimed' ? 'claimed' : 'inProgress')}
          </span>
        )}
      </div>
      {paid && (
        <p className="missions__paid" role="status">
          {t('claimedToast', { amount: formatAmount(m.rewardAmount, symbol) })}
        </p>
      )}
      {claim.isError && <p className="mc-error">{errorText(t, claim.error)}</p>}
    </li>
  );
}
