import { CONTRACT_KINDS, CONTRACT_MODULE, type TContract, type TContractKind } from '@bp/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, isApiError } from '../../../shared/api';
import { useWhitelabel } from '../../../shared/system';
import { showDialog } from '../../../shared/ui/dialog';
import { Pager } from '../../../shared/ui/Pager';
import { useContractAction, useContracts } from '../api/contracts';
import { ContractTerms } from '../components/ContractTerms';
import { OfferForm } from '../components/OfferForm';

const Status = ({ c }: { c: TContract }) => {
  const { t } = useTranslation('agent');
  return (
    <span className={`ac-status ac-status--${c.status}`} data-testid="contract-status" data-status={c.status}>
      {t(`contract_${c.status}`)}
    </span>
  );
};

/**
 * agentContracts (SPEC §3, §4): per switched-on kind, my contract and an offer waiting for me (accept
 * with the lower-rate warning first, or reject), and the contracts I gave my direct downline agents
 * (offer, terminate).
 */
export default function ContractsPage() {
  const { t } = useTranslation('agent');
  const wl = useWhitelabel();
  const kinds = CONTRACT_KINDS.filter((k) => wl[CONTRACT_MODULE[k]]);
  const [chosen, setChosen] = useState<TContractKind | undefined>();
  const kind = chosen && kinds.includes(chosen) ? chosen : kinds[0];
  if (!kind) return <p className="mc-empty">{t('noContractKinds')}</p>;
  return (
    <div className="mc-page" data-testid="contracts-page" data-kind={kind}>
      <h2 className="mc-page__title">{t('agentContracts')}</h2>
      <div className="ac-tabs" role="tablist">
        {kinds.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            className="mc-filter"
            aria-selected={k === kind}
            aria-pressed={k === kind}
            data-testid={`contract-kind-${k}`}
            onClick={() => setChosen(k)}
          >
            {t(`kind_${k}`)}
          </button>
        ))}
      </div>
      <KindContracts key={kind} kind={kind} />
    </div>
  );
}

function KindContracts({ kind }: { kind: TContractKind }) {
  const { t } = useTranslation('agent');
  const [pageNo, setPageNo] = useState(1);
  const q = useContracts(kind, pageNo);
  const act = useContractAction(kind);
  const [problem, setProblem] = useState<string | null>(null);

  /** accept or terminate; when downline contracts would end, the server says which: ask first, then confirm */
  const run = async (action: 'accept' | 'reject' | 'terminate', c: TContract) => {
    setProblem(null);
    try {
      await act.mutateAsync({ action, contractId: c.id });
    } catch (err) {
      if (isApiError(err) && err.errorCode === 'contract_confirm_required') {
        const affected = (err.value as { affected?: TContract[] } | undefined)?.affected ?? [];
        const names = affected.map((a) => a.downline.username).join(', ');
        const ok = await showDialog(t('cascadeWarning', { count: affected.length, names }), {
          kind: 'warning',
          name: 'contract-cascade',
          confirmText: t('confirm'),
          cancelText: t('cancel'),
        });
        if (!ok) return;
        try {
          await act.mutateAsync({ action, contractId: c.id, confirm: true });
        } catch (again) {
          setProblem(errorText(t, again));
        }
        return;
      }
      setProblem(errorText(t, err));
    }
  };

  if (q.isError) return <p className="mc-error">{errorText(t, q.error)}</p>;
  const d = q.data;
  if (!d) return <p className="mc-muted">{t('common:loading')}</p>;
  return (
    <>
      {problem && (
        <p className="mc-error" role="alert" data-testid="contract-error">
          {problem}
        </p>
      )}
      {d.pending && (
        <section className="mc-card" data-testid="contract-pending">
          <div className="mc-card__head">
            <h3 className="mc-card__title">{t('pendingOffer')}</h3>
            <span className="mc-muted">
              {t('offeredBy', { name: d.pending.upline?.username ?? t('platform') })} · {d.pending.createdAt}
            </span>
          </div>
          <ContractTerms contract={d.pending} testId="pending-terms" />
          <div className="ac-actions">
            <button
              type="button"
              className="btn btn--primary"
              disabled={act.isPending}
              data-testid="contract-accept"
              onClick={() => void run('accept', d.pending!)}
            >
              {t('accept')}
            </button>
            <button
              type="button"
              className="btn btn--ghost"
              disabled={act.isPending}
              data-testid="contract-reject"
              onClick={() => void run('reject', d.pending!)}
            >
              {t('reject')}
            </button>
          </div>
        </section>
      )}
      <section className="mc-card" data-testid="contract-mine">
        <div className="mc-card__head">
          <h3 className="mc-card__title">{t('myContract')}</h3>
          {d.active && <Status c={d.active} />}
        </div>
        {d.active ? (
          <>
            <p className="mc-muted">
              {t('offeredBy', { name: d.active.upline?.username ?? t('platform') })} · {t('version')}{' '}
              {d.active.version} · {d.active.acceptedAt}
              {d.active.kind === 'dividend' && ` · ${t(`period_${d.active.period}`)}`}
            </p>
            <ContractTerms contract={d.active} testId="my-terms" />
          </>
        ) : (
          <p className="mc-empty" data-testid="contract-none">
            {t('noContract')}
          </p>
        )}
      </section>
      {d.canOffer && (
        <OfferForm key={d.active?.id ?? 0} kind={kind} own={d.active} onDone={() => setPageNo(1)} />
      )}
      <section className="mc-card" data-testid="contract-given">
        <h3 className="mc-card__title">{t('givenContracts')}</h3>
        {!d.given.list.length ? (
          <p className="mc-empty">{t('noGiven')}</p>
        ) : (
          <div className="ac-table-wrap">
            <table className="ac-table">
              <thead>
                <tr>
                  <th scope="col">{t('downlineAgent')}</th>
                  <th scope="col">{t('status')}</th>
                  <th scope="col">{t('terms')}</th>
                  <th scope="col">{t('time')}</th>
                  <th scope="col" />
                </tr>
              </thead>
              <tbody>
                {d.given.list.map((c) => (
                  <tr key={c.id} data-testid="given-row" data-downline={c.downline.username}>
                    <td>{c.downline.username}</td>
                    <td>
                      <Status c={c} />
                    </td>
                    <td>
                      {c.kind === 'realtimeSalary'
                        ? `${c.profitRate}% / ${c.lossRate}%`
                        : c.tiers.map((x) => `${x.rate}%`).join(' · ')}
                    </td>
                    <td>{c.acceptedAt ?? c.createdAt}</td>
                    <td>
                      {(c.status === 'active' || c.status === 'offered') && (
                        <button
                          type="button"
                          className="btn btn--ghost btn--sm"
                          disabled={act.isPending}
                          data-testid="given-terminate"
                          onClick={() => void run('terminate', c)}
                        >
                          {t(c.status === 'offered' ? 'withdrawOffer' : 'terminate')}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pager pageNo={pageNo} totalPages={d.given.totalPages} onChange={setPageNo} testId="given-pager" />
      </section>
      {d.history.length > 0 && (
        <section className="mc-card" data-testid="contract-history">
          <h3 className="mc-card__title">{t('history')}</h3>
          <ul className="mc-links">
            {d.history.map((c) => (
              <li key={c.id} className="mc-linkrow">
                <span>
                  {t('version')} {c.version} · {c.upline?.username ?? t('platform')}
                  <small className="mc-muted">{c.terminatedAt ?? c.rejectedAt ?? c.createdAt}</small>
                </span>
                <Status c={c} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
