import type { TTeamOverview } from '@bp/contract';
import { useTranslation } from 'react-i18next';

const W = 640;
const H = 200;
const PAD = { top: 10, right: 8, bottom: 22, left: 8 };

/**
 * The team overview's chart: per day of the period, valid bets and GGR side by side (a negative GGR,
 * the team winning, drawn below the axis in red). Amounts come as decimal text; drawing only needs
 * their size.
 */
export function TeamChart({ series }: { series: TTeamOverview['series'] }) {
  const { t } = useTranslation('agent');
  const bets = series.map((p) => Number(p.validBets));
  const ggr = series.map((p) => Number(p.ggr));
  const top = Math.max(1, ...bets, ...ggr);
  const bottom = Math.min(0, ...ggr);
  const span = top - bottom;
  const plotH = H - PAD.top - PAD.bottom;
  const y = (v: number) => PAD.top + ((top - v) / span) * plotH;
  const slot = (W - PAD.left - PAD.right) / Math.max(1, series.length);
  const bar = Math.max(1, Math.min(18, slot / 2 - 2));
  const labelEvery = Math.ceil(series.length / 8);
  return (
    <figure className="mc-card" data-testid="team-chart">
      <div className="mc-card__head">
        <h3 className="mc-card__title">{t('dailyTrend')}</h3>
        <div className="ac-legend">
          <span>
            <i />
            {t('validBets')}
          </span>
          <span>
            <i className="ggr" />
            {t('ggr')}
          </span>
        </div>
      </div>
      {!bets.some(Boolean) && !ggr.some(Boolean) && (
        <p className="mc-muted" data-testid="team-chart-empty">
          {t('noBetsInPeriod')}
        </p>
      )}
      <svg className="ac-chart" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={t('dailyTrend')}>
        <line className="ac-chart__axis" x1={PAD.left} x2={W - PAD.right} y1={y(0)} y2={y(0)} />
        {series.map((p, i) => {
          const x = PAD.left + i * slot + slot / 2;
          const g = ggr[i]!;
          return (
            <g key={p.day} data-testid="team-chart-day" data-day={p.day} data-valid-bets={p.validBets}>
              <title>{`${p.day}: ${t('validBets')} ${p.validBets}, ${t('ggr')} ${p.ggr}`}</title>
              <rect
                className="ac-chart__bar"
                x={x - bar - 1}
                width={bar}
                y={y(bets[i]!)}
                height={y(0) - y(bets[i]!)}
              />
              <rect
                className={`ac-chart__bar ac-chart__bar--ggr ${g < 0 ? 'ac-chart__bar--neg' : ''}`}
                x={x + 1}
                width={bar}
                y={g >= 0 ? y(g) : y(0)}
                height={Math.abs(y(g) - y(0))}
              />
              {i % labelEvery === 0 && (
                <text className="ac-chart__label" x={x} y={H - 6} textAnchor="middle">
                  {p.day.slice(5)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
