import type { TContract } from '@bp/contract';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../shared/format';
import { useAppStore } from '../../../shared/store/app-store';

/** A contract's terms: its tiers (conditions and rate), or the real-time salary's rates and minimum bet. */
export function ContractTerms({ contract, testId }: { contract: TContract; testId: string }) {
  const { t } = useTranslation('agent');
  const symbol = useAppStore((s) => s.currencySymbol);
  if (contract.kind === 'realtimeSalary') {
    return (
      <dl className="mc-kv" data-testid={testId}>
        <dt>{t('profitRate')}</dt>
        <dd>{contract.profitRate}%</dd>
        <dt>{t('lossRate')}</dt>
        <dd>{contract.lossRate}%</dd>
        <dt>{t('minBet')}</dt>
        <dd>{formatAmount(contract.minBet ?? '0', symbol)}</dd>
      </dl>
    );
  }
  return (
    <div className="ac-table-wrap">
      <table className="ac-table" data-testid={testId}>
        <thead>
          <tr>
            <th scope="col">{t('tier')}</th>
            <th scope="col" className="is-num">
              {t('validBets')}
            </th>
            {contract.kind === 'dividend' && (
              <th scope="col" className="is-num">
                {t('netLoss')}
              </th>
            )}
            {contract.kind !== 'hourlySalary' && (
              <th scope="col" className="is-num">
                {t('activeMembers')}
              </th>
            )}
            <th scope="col" className="is-num">
              {t('rate')}
            </th>
          </tr>
        </thead>
        <tbody>
          {contract.tiers.map((tier, i) => (
            <tr key={i} data-testid={`${testId}-tier`}>
              <td>{i + 1}</td>
              <td className="is-num">{formatAmount(tier.validBet, symbol)}</td>
              {contract.kind === 'dividend' && (
                <td className="is-num">{formatAmount(tier.netLoss, symbol)}</td>
              )}
              {contract.kind !== 'hourlySalary' && <td className="is-num">{tier.activeMembers}</td>}
              <td className="is-num" data-testid={`${testId}-rate`}>
                {tier.rate}%
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
