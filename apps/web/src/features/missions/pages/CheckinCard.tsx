import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api';
import { formatAmount } from '../../../shared/format';
import { useAppStore } from '../../../shared/store/app-store';
import { useCheckin, useClaimCheckin } from '../api/checkin';

const weekday = (date: string, lang: string) =>
  new Intl.DateTimeFormat(lang.startsWith('bn') ? 'bn-BD' : 'en-GB', {
    weekday: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
const dayOfMonth = (date: string, lang: string) =>
  new Intl.DateTimeFormat(lang.startsWith('bn') ? 'bn-BD' : 'en-GB', {
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));

/** The daily check-in calendar of this week: signed days, today's button, the streak. */
export function CheckinCard() {
  const { t, i18n } = useTranslation('missions');
  const symbol = useAppStore((s) => s.currencySymbol);
  const q = useCheckin();
  const claim = useClaimCheckin();
  if (q.data === null) return null;
  const c = q.data;
  return (
    <section className="mc-card checkin" data-testid="checkin-card" aria-busy={q.isFetching}>
      <div className="mc-card__head">
        <h2 className="mc-card__title">{c?.title ?? t('checkinTitle')}</h2>
        {c && (
          <span
            className={`mc-chip ${c.consecutiveDays > 0 ? 'mc-chip--ok' : 'mc-chip--wait'}`}
            data-testid="checkin-streak"
            data-days={c.consecutiveDays}
          >
            {t('streak', { count: c.consecutiveDays })}
          </span>
        )}
      </div>
      {q.isError ? (
        <p className="mc-error">{errorText(t, q.error)}</p>
      ) : !c ? (
        <p className="mc-muted">{t('common:loading')}</p>
      ) : (
        <>
          <ol className="checkin__days">
            {c.days.map((d) => (
              <li
                key={d.date}
                className={`checkin__day${d.signed ? ' checkin__day--signed' : ''}${d.today ? ' checkin__day--today' : ''}`}
                data-testid={`checkin-day-${d.date}`}
                data-signed={d.signed}
                aria-current={d.today ? 'date' : undefined}
              >
                <span className="checkin__weekday">
                  {d.today ? t('today') : weekday(d.date, i18n.language)}
                </span>
                <span className="checkin__date">{dayOfMonth(d.date, i18n.language)}</span>
                <span className="checkin__mark" aria-hidden="true">
                  {d.signed ? '✓' : '•'}
                </span>
                <span className="checkin__amount">{d.amount ? formatAmount(d.amount, symbol) : '-'}</span>
              </li>
            ))}
          </ol>
          {c.wageringMultiple > 0 && (
            <p className="mc-muted checkin__note">{t('wagering', { multiple: c.wageringMultiple })}</p>
          )}
          <div className="checkin__action">
            {c.todayStatus === 'Signed' ? (
              <span className="mc-chip mc-chip--ok" data-testid="checkin-signed">
                {t('signedToday')}
              </span>
            ) : (
              <button
                type="button"
                className="btn btn--primary"
                data-testid="checkin-claim"
                disabled={claim.isPending}
                onClick={() => claim.mutate(c.promotionId)}
              >
                {t('checkIn')}
              </button>
            )}
            {claim.data?.reward && (
              <span className="missions__paid" role="status" data-testid="checkin-reward">
                {t('checkedIn', { amount: formatAmount(claim.data.reward, symbol) })}
              </span>
            )}
          </div>
          {claim.isError && <p className="mc-error">{errorText(t, claim.error)}</p>}
        </>
      )}
    </section>
  );
}
