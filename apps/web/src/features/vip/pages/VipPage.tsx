import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TPlayerRankProgress, TRebateRates, TVipLevel } from '@bp/contract';
import { errorText } from '../../../shared/api';
import { formatAmount } from '../../../shared/format';
import { useAppStore } from '../../../shared/store/app-store';
import '../../../shared/ui/member-page.css';
import { useRankProgress } from '../api/get-rank-progress';
import { useVipLevels } from '../api/get-vip-levels';
import { percentOf } from './progress';
import './vip.css';

type Pair = TPlayerRankProgress['monthlyTurnover'];
type Level = Omit<TVipLevel, 'id'>;

const money = (v: number | string | null, symbol: string) =>
  v === null ? null : formatAmount(String(v), symbol);

/** The VIP level page (SPEC §3 "VIP level"): the rank held, progress toward the next, every level's benefits. */
export default function VipPage() {
  const { t } = useTranslation('vip');
  const symbol = useAppStore((s) => s.currencySymbol);
  const label = useAppStore((s) => s.member?.vipLabel ?? null);
  const progress = useRankProgress();
  const levels = useVipLevels();
  const qc = useQueryClient();
  const p = progress.data;

  // Reading the progress may have upgraded the member: the header's label follows at once.
  useEffect(() => {
    if (p && label !== null && p.playerRankName !== label)
      void qc.invalidateQueries({ queryKey: ['memberInfo'] });
  }, [p, label, qc]);

  return (
    <div className="mc-page vip" data-testid="vip-page">
      <h1 className="mc-page__title">{t('title')}</h1>
      <section className="mc-card vip__rank" aria-busy={progress.isFetching}>
        {progress.isError ? (
          <p className="mc-error">{errorText(t, progress.error)}</p>
        ) : !p ? (
          <p className="mc-muted">{t('common:loading')}</p>
        ) : (
          <>
            <div className="vip__head">
              <span className="vip__badge" data-testid="vip-rank">
                {p.playerRankName}
              </span>
              <span className="mc-muted" data-testid="vip-next">
                {p.nextRankName ? t('nextRank', { name: p.nextRankName }) : t('topRank')}
              </span>
            </div>
            {p.nextRankName && <p className="mc-muted vip__hint">{t('either')}</p>}
            <Bar id="monthlyTurnover" label={t('monthlyTurnover')} pair={p.monthlyTurnover} symbol={symbol} />
            <Bar id="totalTurnover" label={t('totalTurnover')} pair={p.totalTurnover} symbol={symbol} />
            {p.monthlyDeposit.expected > 0 && (
              <Bar id="monthlyDeposit" label={t('monthlyDeposit')} pair={p.monthlyDeposit} symbol={symbol} />
            )}
            {p.totalDeposit.expected > 0 && (
              <Bar id="totalDeposit" label={t('totalDeposit')} pair={p.totalDeposit} symbol={symbol} />
            )}
          </>
        )}
      </section>
      <section className="mc-card">
        <h2 className="mc-card__title">{t('benefits')}</h2>
        {levels.isError ? (
          <p className="mc-error">{errorText(t, levels.error)}</p>
        ) : !levels.data ? (
          <p className="mc-muted">{t('common:loading')}</p>
        ) : levels.data.length === 0 ? (
          <p className="mc-empty">{t('noLevels')}</p>
        ) : (
          <div className="mc-table-wrap">
            <table className="mc-table vip__table" data-testid="vip-levels">
              <thead>
                <tr>
                  <th>{t('level')}</th>
                  <th className="num">{t('monthlyNeeds')}</th>
                  <th className="num">{t('totalNeeds')}</th>
                  <th>{t('rebate')}</th>
                  <th className="num">{t('withdrawalLimit')}</th>
                  <th className="num">{t('birthdayBonus')}</th>
                  <th className="num">{t('upgradeBonus')}</th>
                </tr>
              </thead>
              <tbody>
                {levels.data.map((l) => (
                  <LevelRow key={l.level} l={l} current={p?.playerRankLevel === l.level} symbol={symbol} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}

function Bar({ id, label, pair, symbol }: { id: string; label: string; pair: Pair; symbol: string }) {
  const { t } = useTranslation('vip');
  const pct = percentOf(pair);
  return (
    <div className="vip__bar" data-testid={`vip-bar-${id}`} data-percent={pct}>
      <div className="vip__bar-head">
        <span>{label}</span>
        <span className="mc-amount">
          {money(pair.actual, symbol)}
          {pair.expected > 0 ? ` / ${money(pair.expected, symbol)}` : ` · ${t('notRequired')}`}
        </span>
      </div>
      <div
        className="vip__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
      >
        <div className="vip__fill" style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}

function LevelRow({ l, current, symbol }: { l: Level; current: boolean; symbol: string }) {
  const { t } = useTranslation('vip');
  const needs = (deposit: string, turnover: string) => {
    const parts = [
      Number(deposit) > 0 ? t('deposit', { amount: money(deposit, symbol) }) : null,
      Number(turnover) > 0 ? t('turnover', { amount: money(turnover, symbol) }) : null,
    ].filter(Boolean);
    // one requirement per line: the table fits a desktop column without scrolling
    return parts.length
      ? parts.map((x) => (
          <span key={x} className="vip__need">
            {x}
          </span>
        ))
      : '-';
  };
  return (
    <tr className={current ? 'vip__row--current' : undefined} data-testid={`vip-level-${l.level}`}>
      <th scope="row">
        {l.name}
        {current && <span className="mc-chip mc-chip--ok vip__you">{t('you')}</span>}
      </th>
      <td className="num">{needs(l.monthlyDeposit, l.monthlyTurnover)}</td>
      <td className="num">{needs(l.totalDeposit, l.totalTurnover)}</td>
      <td className="vip__rates">{rates(l.rebateRates, t)}</td>
      <td className="num">
        {l.dailyWithdrawalLimit === null ? t('noLimit') : money(l.dailyWithdrawalLimit, symbol)}
      </td>
      <td className="num">{Number(l.birthdayBonus) > 0 ? money(l.birthdayBonus, symbol) : '-'}</td>
      <td className="num">{Number(l.upgradeBonus) > 0 ? money(l.upgradeBonus, symbol) : '-'}</td>
    </tr>
  );
}

/**
 * Basis points as percent, product types of one rate together ("Slots · Fishing 0.3%"), one rate a
 * line, in the contract's product order.
 */
function rates(r: TRebateRates, t: (k: string) => string) {
  const byRate = new Map<number, string[]>();
  for (const [type, bp] of Object.entries(r)) {
    if (!bp) continue;
    byRate.set(bp, [...(byRate.get(bp) ?? []), t(`betting:gameType_${type}`)]);
  }
  if (byRate.size === 0) return '-';
  return [...byRate].map(([bp, types]) => (
    <span key={bp} className="vip__rate">
      {types.join(' · ')} <strong>{bp / 100}%</strong>
    </span>
  ));
}
