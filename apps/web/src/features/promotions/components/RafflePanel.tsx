import type { TRaffleStatus } from '@bp/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api';
import { formatAmount, formatDateTime } from '../../../shared/format';
import { useAppStore } from '../../../shared/store/app-store';
import { openModal } from '../../../shared/ui/modal-store';
import { useEnterRaffle, useRaffleStatus } from '../api/raffle';
import { verifyRaffle, type RaffleCheck } from '../lib/raffle-verify';

/** Seconds to an instant, ticking each second until it passes. */
function useSecondsTo(iso: string | null): number {
  const at = iso ? Date.parse(iso) : NaN;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (Number.isNaN(at) || now >= at) return;
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [at, now]);
  return Number.isNaN(at) ? 0 : Math.max(0, Math.ceil((at - now) / 1000));
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * A raffle promotion's part of its card on /promotions: prizes, draw time with a countdown, the
 * Enter button (Joined once entered), the seed's SHA-256 committed before any entry; after the draw
 * the winners (masked), the member's own result, the revealed seed and a check, in this browser
 * (WebCrypto), that the seed matches its commitment and reproduces the winners' order.
 */
export function RafflePanel({ promotionId, joinable }: { promotionId: number; joinable: boolean }) {
  const { t } = useTranslation('promotions');
  const token = useAppStore((s) => s.token);
  const symbol = useAppStore((s) => s.currencySymbol);
  const status = useRaffleStatus(promotionId, token !== null);
  const enter = useEnterRaffle(promotionId);
  const r = status.data;
  const left = useSecondsTo(r && !r.drawnDate ? r.drawDate : null);

  if (!token) {
    return joinable ? (
      <button
        type="button"
        className="btn btn--primary"
        data-testid="raffle-enter"
        onClick={() => openModal('login')}
      >
        {t('raffle_enter')}
      </button>
    ) : null;
  }
  if (status.isPending) return <p className="muted">{t('common:loading')}</p>;
  if (status.error || !r) {
    return (
      <p className="promotion-card__error" role="alert">
        {errorText(t, status.error)}
      </p>
    );
  }
  const drawn = r.drawnDate !== null;
  const days = Math.floor(left / 86_400);
  const clock = `${two(Math.floor((left % 86_400) / 3600))}:${two(Math.floor((left % 3600) / 60))}:${two(left % 60)}`;

  return (
    <section
      className="raffle"
      data-testid="raffle"
      data-drawn={drawn}
      data-entered={r.entered}
      aria-label={t('raffle_title')}
    >
      <h3 className="raffle__heading">{t('raffle_prizes')}</h3>
      <ol className="raffle__prizes" data-testid="raffle-prizes">
        {r.prizes.map((p, i) => (
          <li key={i}>{t('raffle_prize', { amount: formatAmount(p.amount, symbol), count: p.count })}</li>
        ))}
      </ol>
      <dl className="raffle__facts">
        <dt>{t('raffle_draw_at')}</dt>
        <dd data-testid="raffle-draw-at">{formatDateTime(drawn ? r.drawnDate! : r.drawDate)}</dd>
        {!drawn && (
          <>
            <dt>{t('raffle_countdown')}</dt>
            <dd data-testid="raffle-countdown" className="raffle__countdown">
              {left > 0
                ? days > 0
                  ? t('raffle_countdown_days', { days, clock })
                  : clock
                : t('raffle_drawing')}
            </dd>
          </>
        )}
        <dt>{t('raffle_entries')}</dt>
        <dd data-testid="raffle-entries">{r.entries}</dd>
      </dl>
      <p className="raffle__code">
        <span className="muted">{t('raffle_commitment')}</span>
        <code className="raffle__hash" data-testid="raffle-seed-hash">
          {r.seedHash}
        </code>
      </p>
      {!drawn &&
        (r.entered ? (
          <p className="raffle__joined" data-testid="raffle-joined">
            {t('status_Joined')}
          </p>
        ) : (
          joinable &&
          left > 0 && (
            <button
              type="button"
              className="btn btn--primary"
              data-testid="raffle-enter"
              disabled={enter.isPending}
              onClick={() => enter.mutate()}
            >
              {t('raffle_enter')}
            </button>
          )
        ))}
      {enter.error && (
        <p className="promotion-card__error" role="alert" data-testid="raffle-error">
          {errorText(t, enter.error)}
        </p>
      )}
      {drawn && <RaffleResult r={r} symbol={symbol} />}
    </section>
  );
}

function RaffleResult({ r, symbol }: { r: TRaffleStatus; symbol: string }) {
  const { t } = useTranslation('promotions');
  const [check, setCheck] = useState<RaffleCheck | 'running' | 'error' | null>(null);
  const verify = () => {
    setCheck('running');
    verifyRaffle({
      seedHash: r.seedHash,
      serverSeed: r.serverSeed ?? '',
      drawnEntries: r.drawnEntries,
      winners: r.winners,
    }).then(setCheck, () => setCheck('error'));
  };
  const failed = check === 'error' || (typeof check === 'object' && check !== null && !check.ok);
  return (
    <>
      <p className="raffle__mine" data-testid="raffle-mine" data-won={r.result !== null}>
        {!r.entered
          ? t('raffle_not_entered')
          : r.result
            ? t('raffle_won', { rank: r.result.rank, amount: formatAmount(r.result.amount, symbol) })
            : t('raffle_lost')}
      </p>
      <h3 className="raffle__heading">{t('raffle_winners')}</h3>
      {r.winners.length === 0 ? (
        <p className="muted">{t('raffle_no_winners')}</p>
      ) : (
        <table className="raffle__winners" data-testid="raffle-winners">
          <thead>
            <tr>
              <th>{t('raffle_rank')}</th>
              <th>{t('raffle_member')}</th>
              <th className="is-num">{t('raffle_amount')}</th>
            </tr>
          </thead>
          <tbody>
            {r.winners.map((w) => (
              <tr
                key={w.rank}
                data-testid="raffle-winner"
                data-mine={w.entryId === r.entryId}
                className={w.entryId === r.entryId ? 'raffle__winner--mine' : undefined}
              >
                <td>{w.rank}</td>
                <td>{w.username}</td>
                <td className="is-num">{formatAmount(w.amount, symbol)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="raffle__code">
        <span className="muted">{t('raffle_seed')}</span>
        <code className="raffle__hash" data-testid="raffle-seed">
          {r.serverSeed}
        </code>
      </p>
      <div className="raffle__verify">
        <button
          type="button"
          className="btn"
          data-testid="raffle-verify"
          disabled={check === 'running'}
          onClick={verify}
        >
          {t('raffle_verify')}
        </button>
        {check !== null && check !== 'running' && (
          <p
            role="status"
            data-testid="raffle-verdict"
            data-ok={!failed}
            className={failed ? 'raffle__verdict raffle__verdict--failed' : 'raffle__verdict'}
          >
            {failed ? t('raffle_verify_failed') : t('raffle_verify_ok', { entries: r.drawnEntries.length })}
          </p>
        )}
        {typeof check === 'object' && check !== null && (
          <ul className="raffle__checks muted">
            <li data-ok={check.hashOk}>
              {t(check.hashOk ? 'raffle_check_hash_ok' : 'raffle_check_hash_failed')}
            </li>
            <li data-ok={check.orderOk}>
              {t(check.orderOk ? 'raffle_check_order_ok' : 'raffle_check_order_failed')}
            </li>
          </ul>
        )}
      </div>
    </>
  );
}
