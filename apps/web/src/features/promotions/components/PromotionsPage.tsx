import { PROMOTION_CATEGORIES, PROMOTION_TAGS, type TPlayerPromotion } from '@bp/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorText } from '../../../shared/api';
import { useAppStore } from '../../../shared/store/app-store';
import { openModal } from '../../../shared/ui/modal-store';
import { SafeHtml } from '../../../shared/ui/SafeHtml';
import { formatAmount, formatDate, formatDateTime } from '../../../shared/format';
import { startGame } from '../../../shared/game-launch';
import { usePromotionCategories, usePromotions, type PromotionWindow } from '../api/get-promotions';
import { useJoinPromotion } from '../api/join-promotion';
import { RafflePanel } from './RafflePanel';
import { RedeemCodeForm } from './RedeemCodeForm';
import { ApplicationState } from './ApplicationState';
import './promotions.css';

type Category = (typeof PROMOTION_CATEGORIES)[number];
type Tag = (typeof PROMOTION_TAGS)[number];
const isCategory = (v: string | null): v is Category => PROMOTION_CATEGORIES.includes(v as Category);
const isTag = (v: string | null): v is Tag => PROMOTION_TAGS.includes(v as Tag);

/** SPEC 2.7 date presets: the next or previous 7 or 30 days. */
const PERIODS = { next7: [0, 7], next30: [0, 30], prev7: [-7, 0], prev30: [-30, 0] } as const;
type Period = keyof typeof PERIODS;
const isPeriod = (v: string | null): v is Period => v !== null && v in PERIODS;
const DAY_MS = 86_400_000;

/** The preset's window, on whole minutes so that one preset stays one cached list for a while. */
function windowOf(period: Period | null): PromotionWindow | null {
  if (!period) return null;
  const now = Math.floor(Date.now() / 60_000) * 60_000;
  const [from, to] = PERIODS[period];
  return { from: new Date(now + from * DAY_MS).toISOString(), to: new Date(now + to * DAY_MS).toISOString() };
}

/** /promotions: the SPEC 2.7 filters (kept in the URL), each promotion with its status and action. */
export default function PromotionsPage() {
  const { t } = useTranslation('promotions');
  const [params, setParams] = useSearchParams();
  const rawCategory = params.get('category');
  const category = isCategory(rawCategory) ? rawCategory : null;
  const rawTag = params.get('tag');
  const tag = isTag(rawTag) ? rawTag : null;
  const rawPeriod = params.get('period');
  const period = isPeriod(rawPeriod) ? rawPeriod : null;
  const window = useMemo(() => windowOf(period), [period]);
  const { data, isPending, error, refetch } = usePromotions(window);
  const counts = usePromotionCategories().data;
  const countOf = (c: Category) => counts?.find((x) => x.category === c)?.count;
  const list = (data ?? []).filter(
    (p) => (category === null || p.category === category) && (tag === null || p.tags.includes(tag)),
  );

  /** The filters live in the URL: a link or a reload shows the same list. */
  const choose = (key: 'category' | 'tag' | 'period', value: string | null) =>
    setParams(
      (p) => {
        const n = new URLSearchParams(p);
        if (value) n.set(key, value);
        else n.delete(key);
        return n;
      },
      { replace: true },
    );

  return (
    <div className="page promotions" data-testid="promotions-page">
      <h1 className="page__title">{t('title')}</h1>
      <RedeemCodeForm />
      <nav className="chips" aria-label={t('filters')}>
        <button
          type="button"
          className={`chip ${category === null ? 'chip--active' : ''}`}
          onClick={() => choose('category', null)}
        >
          {t('category_all')}
        </button>
        {PROMOTION_CATEGORIES.map((c) => (
          <button
            type="button"
            key={c}
            data-testid={`promotion-filter-${c}`}
            className={`chip ${category === c ? 'chip--active' : ''}`}
            onClick={() => choose('category', c)}
          >
            {t(`category_${c}`)}
            {countOf(c) ? <span className="chip__count">{countOf(c)}</span> : null}
          </button>
        ))}
      </nav>
      <div className="promotions__filters">
        <nav className="chips chips--small" aria-label={t('tags')}>
          {PROMOTION_TAGS.map((g) => (
            <button
              type="button"
              key={g}
              data-testid={`promotion-tag-${g}`}
              aria-pressed={tag === g}
              className={`chip ${tag === g ? 'chip--active' : ''}`}
              onClick={() => choose('tag', tag === g ? null : g)}
            >
              {t(`tag_${g}`)}
            </button>
          ))}
        </nav>
        <label className="promotions__period">
          <span className="visually-hidden">{t('period')}</span>
          <select
            data-testid="promotion-period"
            value={period ?? ''}
            onChange={(e) => choose('period', e.target.value || null)}
          >
            <option value="">{t('period_all')}</option>
            {(Object.keys(PERIODS) as Period[]).map((k) => (
              <option key={k} value={k}>
                {t(`period_${k}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {isPending ? (
        <p className="muted">{t('common:loading')}</p>
      ) : error ? (
        <div className="empty">
          <p>{errorText(t, error)}</p>
          <button type="button" className="btn btn--primary" onClick={() => refetch()}>
            {t('common:retry')}
          </button>
        </div>
      ) : list.length === 0 ? (
        <p className="muted" data-testid="promotions-empty">
          {t('empty')}
        </p>
      ) : (
        <ul className="promotions__list">
          {list.map((p) => (
            <PromotionCard key={p.id} p={p} />
          ))}
        </ul>
      )}
    </div>
  );
}

function PromotionCard({ p }: { p: TPlayerPromotion }) {
  const { t } = useTranslation('promotions');
  const token = useAppStore((s) => s.token);
  const symbol = useAppStore((s) => s.currencySymbol);
  const join = useJoinPromotion();
  // a referral reward is earned by inviting friends (and claimed there), never joined here
  const referral = p.trigger.startsWith('REFERRAL_');
  // a raffle takes its entries in its own panel (MCSFE_claimRafflePromotion)
  const raffle = p.trigger === 'RAFFLE';
  // an application is sent with a remark and images (its own form below), never joined here
  const application = p.trigger === 'APPLICATION';
  const [applying, setApplying] = useState(false);
  const actionable = !referral && !raffle && (p.status === 'Join' || p.status === 'Claim');
  const act = () => {
    // visitors log in first (SPEC 4: actions needing an account open the login popup)
    if (!token) openModal('login');
    else if (p.trigger === 'BONUS_CODE') document.getElementById('redeem-code')?.focus();
    else if (application) setApplying(true);
    else join.mutate(p.id);
  };
  return (
    <li className="promotion-card" data-testid="promotion-card" data-id={p.id} data-status={p.status}>
      <header className="promotion-card__head">
        <h2 className="promotion-card__title">{p.title}</h2>
        <span className="promotion-card__status" data-testid="promotion-status">
          {t(`status_${p.status.replace(' ', '_')}`)}
        </span>
      </header>
      {p.tags.length > 0 && (
        <p className="promotion-card__tags">
          {p.tags.map((tag) => (
            <span key={tag} className="promotion-card__tag">
              {t(`tag_${tag}`)}
            </span>
          ))}
        </p>
      )}
      {(p.startDate || p.endDate) && (
        <p className="promotion-card__dates muted" data-testid="promotion-dates">
          {p.startDate && p.endDate
            ? t('dates_between', { from: formatDate(p.startDate), to: formatDate(p.endDate) })
            : p.endDate
              ? t('dates_until', { to: formatDate(p.endDate) })
              : t('dates_from', { from: formatDate(p.startDate!) })}
        </p>
      )}
      <SafeHtml className="promotion-card__content" html={p.content} />
      {p.trigger === 'BET_VOLUME' && <BetVolume p={p} />}
      {p.rewardKind === 'POINTS' && p.rewardPoints !== null && (
        <p data-testid="promotion-points">{t('rewardPoints', { points: p.rewardPoints.toLocaleString() })}</p>
      )}
      {p.rewardKind === 'FREE_SPINS' && p.freeSpins && (
        <p data-testid="promotion-free-spins">
          {t('rewardFreeSpins', {
            count: p.freeSpins.count,
            stake: formatAmount(p.freeSpins.stake, symbol),
            game: p.freeSpins.gameCode,
          })}
        </p>
      )}
      {p.rewardKind === 'FREE_SPINS' && p.freeSpins && p.status === 'Process' && (
        <button
          type="button"
          className="btn btn--primary"
          data-testid="promotion-play-free-spins"
          onClick={() => void startGame({ vassalage: p.freeSpins!.vendor, gameCode: p.freeSpins!.gameCode })}
        >
          {t('playFreeSpins')}
        </button>
      )}
      {p.wageringMultiple > 0 && (
        <p className="muted">
          {t('wagering', { multiple: p.wageringMultiple, base: t(`base_${p.wageringBase}`) })}
        </p>
      )}
      {referral && p.status !== 'Close' && p.status !== 'coming soon' && (
        <Link to="/member/referral" className="btn btn--primary" data-testid="promotion-invite">
          {t(p.status === 'Claim' ? 'claim' : 'referral:title')}
        </Link>
      )}
      {raffle && p.status !== 'coming soon' && (
        <RafflePanel promotionId={p.id} joinable={p.status === 'Join'} />
      )}
      {application && token && <ApplicationState p={p} applying={applying} onApplying={setApplying} />}
      {actionable && !(application && token) && (
        <button
          type="button"
          className="btn btn--primary"
          data-testid="promotion-action"
          disabled={join.isPending}
          onClick={act}
        >
          {t(application ? 'apply' : p.status === 'Join' ? 'join' : 'claim')}
        </button>
      )}
      {join.error && (
        <p className="promotion-card__error" role="alert" data-testid="promotion-error">
          {errorText(t, join.error)}
        </p>
      )}
    </li>
  );
}

/** mirrors the server's Number(x * 10000 / target) / 100: 100 only once the target is reached */
function percentOf(progress: string, target: string): number {
  const t = Number(target);
  if (!(t > 0)) return 0;
  return Math.min(100, Math.floor((Number(progress) / t) * 10_000) / 100);
}

/** A bet volume's target in its period and (members) the valid bets so far, with a bar. */
function BetVolume({ p }: { p: TPlayerPromotion }) {
  const { t } = useTranslation('promotions');
  const symbol = useAppStore((s) => s.currencySymbol);
  if (!p.betVolumeTarget || !p.betVolumePeriod) return null;
  const pct = p.betVolumeProgress === null ? null : percentOf(p.betVolumeProgress, p.betVolumeTarget);
  return (
    <div className="promotion-card__volume" data-testid="promotion-volume">
      <p>
        {t(`volume_${p.betVolumePeriod}`, { target: formatAmount(p.betVolumeTarget, symbol) })}
        {p.betVolumeGameTypes.length > 0 && (
          <span className="muted" data-testid="promotion-volume-games">
            {' '}
            (
            {t('volumeGames', {
              types: p.betVolumeGameTypes.map((g) => t(`betting:gameType_${g}`)).join(', '),
            })}
            )
          </span>
        )}
      </p>
      {p.betVolumeProgress !== null && pct !== null && (
        <>
          <div
            className="promotion-card__bar"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={pct}
          >
            <div className="promotion-card__fill" style={{ width: `${pct}%` }} />
          </div>
          <p className="muted" data-testid="promotion-volume-progress">
            {t('volumeProgress', {
              current: formatAmount(p.betVolumeProgress, symbol),
              target: formatAmount(p.betVolumeTarget, symbol),
            })}
            {p.betVolumePeriodEnd && (
              <> · {t('volumeEnds', { time: formatDateTime(p.betVolumePeriodEnd) })}</>
            )}
          </p>
        </>
      )}
    </div>
  );
}
