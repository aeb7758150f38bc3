import { sql } from 'drizzle-orm';
import {
  fromMinor,
  ZTeamFigureSettings,
  type TTeamFigureSettings,
  type TTeamFigureSettingsUpdate,
} from '@bp/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import type { MerchantContext } from '../../platform/merchant.js';
import type { AuditService, AuditWho } from '../audit/index.js';
import { parseAmount } from '../wallet/index.js';
import { activeThresholds, type ActiveThresholds } from './team-figure.query.js';

/** Operators' side of the figures: the active-member thresholds of their merchant. */
export function createTeamFigureService({ db, audit }: { db: Db; audit: AuditService }) {
  const view = (m: MerchantContext, t: ActiveThresholds): TTeamFigureSettings => ({
    activeMinDeposit: fromMinor(t.minDeposit, m.currencyDecimals),
    activeMinValidBet: fromMinor(t.minValidBet, m.currencyDecimals),
  });

  return {
    async getSettings(merchant: MerchantContext): Promise<TTeamFigureSettings> {
      return view(merchant, await activeThresholds(db, merchant.id));
    },

    async updateSettings(
      who: AuditWho,
      merchant: MerchantContext,
      patch: TTeamFigureSettingsUpdate,
    ): Promise<TTeamFigureSettings> {
      return db.transaction(async (tx) => {
        const before = await activeThresholds(tx, merchant.id);
        const parse = (v: TTeamFigureSettingsUpdate['activeMinDeposit'], current: bigint) =>
          v === undefined ? current : parseAmount(v, merchant);
        const after = {
          minDeposit: parse(patch.activeMinDeposit, before.minDeposit),
          minValidBet: parse(patch.activeMinValidBet, before.minValidBet),
        };
        if (after.minDeposit < 0n || after.minValidBet < 0n) throw new AppError('amount_invalid');
        await tx.execute(
          sql`insert into figure_setting (merchant_id, active_min_deposit, active_min_valid_bet, updated_at)
              values (${merchant.id}, ${after.minDeposit.toString()}::bigint, ${after.minValidBet.toString()}::bigint, now())
              on conflict (merchant_id) do update set active_min_deposit = excluded.active_min_deposit,
                active_min_valid_bet = excluded.active_min_valid_bet, updated_at = now()`,
        );
        const v = ZTeamFigureSettings.parse(view(merchant, after));
        await audit.record(tx, who, {
          action: 'team_figure.settings.update',
          entityType: 'figure_setting',
          entityId: merchant.id,
          before: view(merchant, before),
          after: v,
        });
        return v;
      });
    },
  };
}
