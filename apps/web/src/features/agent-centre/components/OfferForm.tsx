import {
  DIVIDEND_PERIODS,
  ZDailySalaryAction,
  ZDividendAction,
  ZHourlySalaryAction,
  ZRealtimeSalaryAction,
  type TContract,
  type TContractActionInput,
  type TContractKind,
  type TDividendPeriod,
} from '@bp/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api';
import { useContractAction } from '../api/contracts';

interface TierInput {
  validBet: string;
  netLoss: string;
  activeMembers: string;
  rate: string;
}

const SCHEMA = {
  dividend: ZDividendAction,
  dailySalary: ZDailySalaryAction,
  hourlySalary: ZHourlySalaryAction,
  realtimeSalary: ZRealtimeSalaryAction,
} as const;

const tiersOf = (own: TContract | null): TierInput[] =>
  own?.tiers.length
    ? own.tiers.map((t) => ({
        validBet: t.validBet,
        netLoss: t.netLoss,
        activeMembers: String(t.activeMembers),
        rate: t.rate,
      }))
    : [{ validBet: '', netLoss: '0', activeMembers: '0', rate: '' }];

/**
 * An offer to a direct downline agent: the kind's terms, first filled with the caller's own contract
 * (a downline's rates may not exceed them), checked with the contract's schema before it is sent.
 */
export function OfferForm({
  kind,
  own,
  onDone,
}: {
  kind: TContractKind;
  own: TContract | null;
  onDone: () => void;
}) {
  const { t } = useTranslation('agent');
  const act = useContractAction(kind);
  const [downline, setDownline] = useState('');
  const [period, setPeriod] = useState<TDividendPeriod>(
    own && (DIVIDEND_PERIODS as readonly string[]).includes(own.period)
      ? (own.period as TDividendPeriod)
      : 'monthly',
  );
  const [tiers, setTiers] = useState<TierInput[]>(() => tiersOf(own));
  const [rt, setRt] = useState({
    profitRate: own?.profitRate ?? '',
    lossRate: own?.lossRate ?? '',
    minBet: own?.minBet ?? '',
  });
  const [problem, setProblem] = useState<string | null>(null);

  const body = (): TContractActionInput => {
    const base = { action: 'offer' as const, downlineUsername: downline.trim() || undefined };
    if (kind === 'realtimeSalary') return { ...base, ...rt };
    const rows = tiers.map((x) => ({
      validBet: x.validBet.trim(),
      netLoss: x.netLoss.trim() || '0',
      activeMembers: x.activeMembers.trim() || '0',
      rate: x.rate.trim(),
    }));
    if (kind === 'dividend') return { ...base, period, tiers: rows };
    if (kind === 'dailySalary') return { ...base, tiers: rows.map(({ netLoss: _n, ...r }) => r) };
    return { ...base, tiers: rows.map(({ validBet, rate }) => ({ validBet, rate })) };
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const b = body();
    const parsed = SCHEMA[kind].safeParse(b);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setProblem(
        issue?.path.includes('downlineUsername') || !downline.trim()
          ? t('offerNeedsDownline')
          : t('offerInvalid'),
      );
      return;
    }
    setProblem(null);
    try {
      await act.mutateAsync(b);
      setDownline('');
      onDone();
    } catch (err) {
      setProblem(errorText(t, err));
    }
  };

  const edit = (i: number, k: keyof TierInput, v: string) =>
    setTiers((cur) => cur.map((row, j) => (j === i ? { ...row, [k]: v } : row)));
  const field = (i: number, k: keyof TierInput, label: string) => (
    <label className="ac-field">
      <span className="mc-muted">{t(label)}</span>
      <input
        className="mc-select"
        inputMode="decimal"
        value={tiers[i]![k]}
        data-testid={`offer-tier-${i}-${k}`}
        onChange={(e) => edit(i, k, e.target.value)}
      />
    </label>
  );
  return (
    <form className="mc-card" onSubmit={(e) => void submit(e)} data-testid="offer-form" noValidate>
      <h3 className="mc-card__title">{t('offerTitle')}</h3>
      <label className="ac-field">
        <span className="mc-muted">{t('downlineAgent')}</span>
        <input
          className="mc-select"
          value={downline}
          maxLength={64}
          placeholder={t('usernamePh')}
          data-testid="offer-downline"
          onChange={(e) => setDownline(e.target.value)}
        />
      </label>
      {kind === 'dividend' && (
        <label className="ac-field">
          <span className="mc-muted">{t('period')}</span>
          <select
            className="mc-select"
            value={period}
            data-testid="offer-period"
            onChange={(e) => setPeriod(e.target.value as TDividendPeriod)}
          >
            {DIVIDEND_PERIODS.map((p) => (
              <option key={p} value={p}>
                {t(`period_${p}`)}
              </option>
            ))}
          </select>
        </label>
      )}
      {kind === 'realtimeSalary' ? (
        <div className="ac-tier">
          {(['profitRate', 'lossRate', 'minBet'] as const).map((k) => (
            <label key={k} className="ac-field">
              <span className="mc-muted">{t(k)}</span>
              <input
                className="mc-select"
                inputMode="decimal"
                value={rt[k]}
                data-testid={`offer-${k}`}
                onChange={(e) => setRt((cur) => ({ ...cur, [k]: e.target.value }))}
              />
            </label>
          ))}
        </div>
      ) : (
        <>
          {tiers.map((_, i) => (
            <fieldset key={i} className="ac-tier" data-testid={`offer-tier-${i}`}>
              <legend className="mc-muted">
                {t('tier')} {i + 1}
              </legend>
              {field(i, 'validBet', 'validBets')}
              {kind === 'dividend' && field(i, 'netLoss', 'netLoss')}
              {kind !== 'hourlySalary' && field(i, 'activeMembers', 'activeMembers')}
              {field(i, 'rate', 'ratePercent')}
              {tiers.length > 1 && (
                <button
                  type="button"
                  className="btn btn--ghost btn--sm"
                  data-testid={`offer-tier-${i}-remove`}
                  onClick={() => setTiers((cur) => cur.filter((_x, j) => j !== i))}
                >
                  {t('removeTier')}
                </button>
              )}
            </fieldset>
          ))}
          {tiers.length < 10 && (
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              data-testid="offer-tier-add"
              onClick={() =>
                setTiers((cur) => [...cur, { validBet: '', netLoss: '0', activeMembers: '0', rate: '' }])
              }
            >
              {t('addTier')}
            </button>
          )}
        </>
      )}
      {problem && (
        <p className="mc-error" role="alert" data-testid="offer-error">
          {problem}
        </p>
      )}
      <button type="submit" className="btn btn--primary" disabled={act.isPending} data-testid="offer-submit">
        {t('sendOffer')}
      </button>
    </form>
  );
}
