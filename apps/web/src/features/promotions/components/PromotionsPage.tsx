import { PROMOTION_CATEGORIES, type TPlayerPromotion } from '@bp/contract';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorText } from '../../../shared/api';
import { useAppStore } from '../../../shared/store/app-store';
import { openModal } from '../../../shared/ui/modal-store';
import { SafeHtml } from '../../../shared/ui/SafeHtml';
import { usePromotions } from '../api/get-promotions';
import { useJoinPromotion } from '../api/join-promotion';
import { RedeemCodeForm } from './RedeemCodeForm';
import './promotions.css';

type Category = (typeof PROMOTION_CATEGORIES)[number];
const isCategory = (v: string | null): v is Category => PROMOTION_CATEGORIES.includes(v as Category);

/** /promotions: the SPEC 2.7 filters (kept in the URL), each promotion with its status and action. */
export default function PromotionsPage() {
  const { t } = useTranslation('promotions');
  const [params, setParams] = useSearchParams();
  const raw = params.get('category');
  const category = isCategory(raw) ? raw : null;
  const { data, isPending, error, refetch } = usePromotions();
  const list = (data ?? []).filter((p) => category === null || p.category === category);

  const choose = (c: Category | null) =>
    setParams(
      (p) => {
        const n = new URLSearchParams(p);
        if (c) n.set('category', c);
        else n.delete('category');
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
          onClick={() => choose(null)}
        >
          {t('category_all')}
        </button>
        {PROMOTION_CATEGORIES.map((c) => (
          <button
            type="button"
            key={c}
            data-testid={`promotion-filter-${c}`}
            className={`chip ${category === c ? 'chip--active' : ''}`}
            onClick={() => choose(c)}
          >
            {t(`category_${c}`)}
          </button>
        ))}
      </nav>
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
  const join = useJoinPromotion();
  // a referral reward is earned by inviting friends (and claimed there), never joined here
  const referral = p.trigger.startsWith('REFERRAL_');
  const actionable = !referral && (p.status === 'Join' || p.status === 'Claim');
  const act = () => {
    // visitors log in first (SPEC 4: actions needing an account open the login popup)
    if (!token) openModal('login');
    else if (p.trigger === 'BONUS_CODE') document.getElementById('redeem-code')?.focus();
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
      <SafeHtml className="promotion-card__content" html={p.content} />
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
      {actionable && (
        <button
          type="button"
          className="btn btn--primary"
          data-testid="promotion-action"
          disabled={join.isPending}
          onClick={act}
        >
          {t(p.status === 'Join' ? 'join' : 'claim')}
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
