import { GAME_TYPES, BET_STATUSES, type TBettingRecordRow } from '@bp/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api';
import { formatAmount } from '../../../shared/format';
import { useAppStore } from '../../../shared/store/app-store';
import { Pager } from '../../../shared/ui/Pager';
import '../../../shared/ui/member-page.css';
import { useBettingRecords, useVendorOptions } from '../api/get-betting-records';
import { BettingDetailDialog } from '../components/BettingDetailDialog';
import { BettingRows } from '../components/BettingRows';
import { ReportFilters } from '../../../shared/report/ReportFilters';
import '../components/records.css';
import '../components/betting.css';
import { direction } from '../../../shared/report/report-filters';
import { useBettingUrl } from '../hooks/use-betting-url';

/**
 * personalHistoryCopy (betting record): the player's rounds of every vendor with the filter's
 * summary; game type, vendor, status, period and page in the URL; a round's details in a dialog.
 */
export default function BettingRecordPage() {
  const { t } = useTranslation('betting');
  const symbol = useAppStore((s) => s.currencySymbol);
  const f = useBettingUrl();
  const range = f.from && f.to ? { from: f.from, to: f.to } : { preset: f.preset };
  const q = useBettingRecords({
    ...range,
    gameType: f.gameType,
    vendor: f.vendor,
    status: f.status,
    pageNo: f.pageNo,
  });
  const lanes = useVendorOptions();
  const [open, setOpen] = useState<TBettingRecordRow | null>(null);
  const d = q.data;
  const money = (v: string | undefined) => formatAmount(v ?? '0', symbol);

  // one option per vendor (a vendor has a card in each lane it serves), within the chosen game type;
  // a vendor from the URL that the lanes no longer list stays selectable
  const vendors = useMemo(() => {
    const seen = new Map<string, string>();
    for (const v of lanes.data ?? []) {
      if ((!f.gameType || v.gameType === f.gameType) && !seen.has(v.code)) seen.set(v.code, v.name);
    }
    if (f.vendor && !seen.has(f.vendor)) seen.set(f.vendor, f.vendor);
    return [...seen].map(([code, name]) => ({ code, name })).sort((a, b) => a.name.localeCompare(b.name));
  }, [lanes.data, f.gameType, f.vendor]);

  return (
    <div className="mc-page" data-testid="betting-record-page">
      <h1 className="mc-page__title">{t('title')}</h1>
      <ReportFilters
        preset={f.preset}
        onPreset={f.setPreset}
        period={d ? { from: d.from, to: d.to } : undefined}
        range={f}
        onRange={f.setRange}
      >
        <div className="bet-selects">
          <label className="rep-filters__type">
            <span className="mc-muted">{t('gameType')}</span>
            <select
              className="mc-select"
              value={f.gameType ?? ''}
              data-testid="bet-filter-type"
              onChange={(e) => f.setFilter({ gameType: (e.target.value || undefined) as typeof f.gameType })}
            >
              <option value="">{t('allGameTypes')}</option>
              {GAME_TYPES.map((x) => (
                <option key={x} value={x}>
                  {t(`gameType_${x}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="rep-filters__type">
            <span className="mc-muted">{t('vendor')}</span>
            <select
              className="mc-select"
              value={f.vendor ?? ''}
              data-testid="bet-filter-vendor"
              onChange={(e) => f.setFilter({ vendor: e.target.value || undefined })}
            >
              <option value="">{t('allVendors')}</option>
              {vendors.map((v) => (
                <option key={v.code} value={v.code}>
                  {v.name}
                </option>
              ))}
            </select>
          </label>
          <label className="rep-filters__type">
            <span className="mc-muted">{t('status')}</span>
            <select
              className="mc-select"
              value={f.status ?? ''}
              data-testid="bet-filter-status"
              onChange={(e) => f.setFilter({ status: (e.target.value || undefined) as typeof f.status })}
            >
              <option value="">{t('allStatuses')}</option>
              {BET_STATUSES.map((x) => (
                <option key={x} value={x}>
                  {t(`status_${x}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
      </ReportFilters>

      <div className="mc-card" aria-busy={q.isFetching}>
        <div className="rep-figures" data-testid="bet-summary">
          <div className="rep-figure" data-testid="bet-summary-rounds">
            <span className="mc-muted">{t('rounds')}</span>
            <strong>{(d?.summary.rounds ?? 0).toLocaleString('en-US')}</strong>
          </div>
          <div className="rep-figure" data-testid="bet-summary-bet">
            <span className="mc-muted">{t('betAmount')}</span>
            <strong>{money(d?.summary.betAmount)}</strong>
          </div>
          <div className="rep-figure" data-testid="bet-summary-win">
            <span className="mc-muted">{t('winAmount')}</span>
            <strong>{money(d?.summary.winAmount)}</strong>
          </div>
          <div className="rep-figure" data-testid="bet-summary-profit">
            <span className="mc-muted">{t('profit')}</span>
            <strong className={`mc-amount mc-amount--${direction(d?.summary.profit ?? '0')}`}>
              {money(d?.summary.profit)}
            </strong>
          </div>
        </div>
      </div>

      <div className="mc-card" aria-busy={q.isFetching}>
        {q.isError ? (
          <p className="mc-error" data-testid="bet-error">
            {errorText(t, q.error)}
          </p>
        ) : q.isLoading ? (
          <p className="mc-muted">{t('common:loading')}</p>
        ) : !d?.list.length ? (
          <p className="mc-empty" data-testid="bet-empty">
            {t('empty')}
          </p>
        ) : (
          <>
            <p className="mc-muted" data-testid="bet-count">
              {t('count', { count: d.totalCount })}
            </p>
            <BettingRows rows={d.list} symbol={symbol} onOpen={setOpen} />
          </>
        )}
        <Pager
          pageNo={d?.pageNo ?? f.pageNo}
          totalPages={d?.totalPages ?? 0}
          onChange={f.setPage}
          testId="bet-pager"
        />
      </div>
      {open && <BettingDetailDialog row={open} symbol={symbol} onClose={() => setOpen(null)} />}
    </div>
  );
}
