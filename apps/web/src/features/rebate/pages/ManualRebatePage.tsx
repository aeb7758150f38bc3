import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REBATE_HISTORY_KINDS } from '@bp/contract';
import { errorText } from '../../../shared/api';
import { formatAmount } from '../../../shared/format';
import { useAppStore } from '../../../shared/store/app-store';
import { Pager } from '../../../shared/ui/Pager';
import '../../../shared/ui/member-page.css';
import { useClaimRebate, useManualRebate, useRebateHistory, useRebateRates } from '../api/rebate';
import './rebate.css';

type Kind = (typeof REBATE_HISTORY_KINDS)[number];
const PAGE_SIZE = 10;
const pct = (bp: number) => `${bp / 100}%`;

/**
 * Manual rebate (SPEC 2.4 `manualRebate`): the rebate today's settled bets earned so far per product
 * type (and earlier days' rebate waiting for a claim), claimed now with one button; the member's rates
 * and the history of rebates and cash back below.
 */
export default function ManualRebatePage() {
  const { t } = useTranslation('rebate');
  const symbol = useAppStore((s) => s.currencySymbol);
  const manual = useManualRebate();
  const claim = useClaimRebate();
  const m = manual.data;

  return (
    <div className="mc-page rebate" data-testid="rebate-page">
      <h1 className="mc-page__title">{t('title')}</h1>
      <section className="mc-card rebate__summary" aria-busy={manual.isFetching}>
        {manual.isError ? (
          <p className="mc-error">{errorText(t, manual.error)}</p>
        ) : !m ? (
          <p className="mc-muted">{t('common:loading')}</p>
        ) : (
          <>
            <div className="rebate__total">
              <span className="mc-muted">{t('claimable')}</span>
              <strong className="rebate__amount" data-testid="rebate-total">
                {formatAmount(m.totalAmount, symbol)}
              </strong>
            </div>
            <dl className="rebate__kv">
              <div>
                <dt>{t('today', { day: m.day })}</dt>
                <dd data-testid="rebate-today">{formatAmount(m.todayAmount, symbol)}</dd>
              </div>
              <div>
                <dt>{t('unclaimed')}</dt>
                <dd>{formatAmount(m.unclaimedAmount, symbol)}</dd>
              </div>
              {Number(m.minPayout) > 0 && (
                <div>
                  <dt>{t('minPayout')}</dt>
                  <dd>{formatAmount(m.minPayout, symbol)}</dd>
                </div>
              )}
            </dl>
            <button
              type="button"
              className="btn btn--primary rebate__claim"
              data-testid="rebate-claim"
              disabled={!m.canClaim || claim.isPending}
              onClick={() => claim.mutate()}
            >
              {claim.isPending ? t('claiming') : t('claim')}
            </button>
            {claim.isSuccess && !claim.isPending && (
              <p className="rebate__ok" role="status" data-testid="rebate-claimed">
                {t('claimed', { amount: formatAmount(claim.data.amount, symbol) })}
              </p>
            )}
            {claim.error && (
              <p className="mc-error" role="alert" data-testid="rebate-error">
                {errorText(t, claim.error)}
              </p>
            )}
            {m.list.length === 0 ? (
              <p className="mc-empty" data-testid="rebate-empty">
                {t('nothingYet')}
              </p>
            ) : (
              <ul className="rebate__types" data-testid="rebate-types">
                {m.list.map((i) => (
                  <li
                    key={i.productType}
                    className="rebate__type"
                    data-testid={`rebate-row-${i.productType}`}
                  >
                    <span className="rebate__type-name">{t(`betting:gameType_${i.productType}`)}</span>
                    <span className="mc-muted rebate__type-base">
                      {t('validBet')} {formatAmount(i.validBet, symbol)} × {pct(i.rateBps)}
                    </span>
                    <strong className="mc-amount mc-amount--in">{formatAmount(i.amount, symbol)}</strong>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </section>
      <Rates />
      <History />
    </div>
  );
}

function Rates() {
  const { t } = useTranslation('rebate');
  const rates = useRebateRates();
  const r = rates.data;
  if (!r) return null;
  const set = r.list.filter((x) => x.rateBps > 0);
  return (
    <section className="mc-card" data-testid="rebate-rates">
      <h2 className="mc-card__title">{t('myRates', { level: r.vipName })}</h2>
      {set.length === 0 ? (
        <p className="mc-empty">{t('noRates')}</p>
      ) : (
        <div className="mc-chips rebate__rates">
          {set.map((x) => (
            <span key={x.productType} className="mc-chip">
              {t(`betting:gameType_${x.productType}`)} <strong>{pct(x.rateBps)}</strong>
            </span>
          ))}
        </div>
      )}
    </section>
  );
}

function History() {
  const { t } = useTranslation('rebate');
  const symbol = useAppStore((s) => s.currencySymbol);
  const [kind, setKind] = useState<Kind | ''>('');
  const [pageNo, setPageNo] = useState(1);
  const h = useRebateHistory({ kind: kind || undefined, pageNo, pageSize: PAGE_SIZE });
  return (
    <section className="mc-card" data-testid="rebate-history">
      <div className="rebate__history-head">
        <h2 className="mc-card__title">{t('history')}</h2>
        <select
          className="mc-select"
          aria-label={t('kind')}
          value={kind}
          onChange={(e) => {
            setKind(e.target.value as Kind | '');
            setPageNo(1);
          }}
        >
          <option value="">{t('allKinds')}</option>
          {REBATE_HISTORY_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`kind_${k}`)}
            </option>
          ))}
        </select>
      </div>
      {h.isError ? (
        <p className="mc-error">{errorText(t, h.error)}</p>
      ) : !h.data ? (
        <p className="mc-muted">{t('common:loading')}</p>
      ) : h.data.list.length === 0 ? (
        <p className="mc-empty">{t('noHistory')}</p>
      ) : (
        <>
          <ul className="mc-rows">
            {h.data.list.map((r) => (
              <li
                key={r.id}
                className="mc-row rebate__hrow"
                data-testid="rebate-history-row"
                data-kind={r.kind}
              >
                <div className="rebate__hmain">
                  <span>
                    {t(`kind_${r.kind}`)}
                    {r.productType ? ` · ${t(`betting:gameType_${r.productType}`)}` : ''}
                  </span>
                  <span className="mc-muted">
                    {r.day} · {t(r.kind === 'cashback' ? 'netLoss' : 'validBet')}{' '}
                    {formatAmount(r.base, symbol)} × {pct(r.rateBps)}
                  </span>
                </div>
                <div className="rebate__hside">
                  <strong className="mc-amount mc-amount--in">{formatAmount(r.amount, symbol)}</strong>
                  <span className={`mc-chip ${r.status === 'paid' ? 'mc-chip--ok' : 'mc-chip--wait'}`}>
                    {t(`status_${r.status}`)}
                  </span>
                </div>
              </li>
            ))}
          </ul>
          <Pager pageNo={pageNo} totalPages={h.data.totalPages} onChange={setPageNo} testId="rebate-pager" />
        </>
      )}
    </section>
  );
}
