import { fromMinor, type TDepositChannel, type TDepositChannelAdmin } from '@bp/contract';
import type { TDepositChannelInput, TDepositChannelUpdate } from '@bp/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import type { AuditService, AuditWho } from '../audit/index.js';
import type { MerchantContext } from '../../platform/merchant.js';
import { assertCan } from '../operator/index.js';
import { parseAmount } from '../wallet/index.js';
import { depositRepo, type ChannelRow, type ChannelValues } from './deposit.repo.js';
import { depositCredit } from './deposit.rules.js';

type Money = Pick<MerchantContext, 'currencyDecimals'>;

export function channelView(row: ChannelRow, m: Money): TDepositChannel {
  const money = (v: bigint) => fromMinor(BigInt(v), m.currencyDecimals);
  const bank = row.kind === 'bank';
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    minAmount: money(row.min_amount),
    maxAmount: money(row.max_amount),
    feeFixed: money(row.fee_fixed),
    feeRate: row.fee_bps,
    bankName: bank ? row.bank_name : null,
    accountName: bank ? row.account_name : null,
    accountNumber: bank ? row.account_number : null,
  };
}

export function channelAdminView(row: ChannelRow, m: Money): TDepositChannelAdmin {
  return {
    ...channelView(row, m),
    enabled: row.enabled,
    sortOrder: row.sort_order,
    gatewayUrl: row.gateway_url,
    gatewayMchId: row.gateway_mch_id,
    hasGatewaySecret: !!row.gateway_secret,
  };
}

const invalid = (path: string, message: string) =>
  new AppError('request_param_err', { value: { issues: [{ path, message, code: 'custom' }] } });

/**
 * The whole channel (after a patch is merged) -> stored values. Kind-specific fields are required
 * for their kind and cleared for the other, so a bank channel never carries a gateway secret.
 */
function toValues(input: TDepositChannelInput, m: Money): ChannelValues {
  const minAmount = parseAmount(input.minAmount, m);
  const maxAmount = parseAmount(input.maxAmount, m);
  const feeFixed = parseAmount(input.feeFixed, m);
  if (minAmount <= 0n) throw invalid('minAmount', 'must be greater than zero');
  if (maxAmount < minAmount) throw invalid('maxAmount', 'must not be below minAmount');
  if (depositCredit(minAmount, { fixed: feeFixed, bps: input.feeRate }) <= 0n) {
    throw invalid('feeFixed', 'the fee would take the whole minimum deposit');
  }
  const bank = input.kind === 'bank';
  const need = (field: keyof TDepositChannelInput, v: string | null | undefined) => {
    if (!v) throw invalid(field, `required for ${input.kind} channels`);
    return v;
  };
  return {
    kind: input.kind,
    name: input.name,
    bankName: bank ? need('bankName', input.bankName) : null,
    accountName: bank ? need('accountName', input.accountName) : null,
    accountNumber: bank ? need('accountNumber', input.accountNumber) : null,
    gatewayUrl: bank ? null : need('gatewayUrl', input.gatewayUrl),
    gatewayMchId: bank ? null : need('gatewayMchId', input.gatewayMchId),
    gatewaySecret: bank ? null : need('gatewaySecret', input.gatewaySecret),
    minAmount,
    maxAmount,
    feeFixed,
    feeBps: input.feeRate,
    enabled: input.enabled,
    sortOrder: input.sortOrder,
  };
}

/** The operator's deposit channels: owners and admins write (audited), viewers read; secrets write-only. */
export function createDepositChannelAdmin({ db, audit }: { db: Db; audit: AuditService }) {
  return {
    async list(actor: AuditWho['actor'], merchant: MerchantContext): Promise<TDepositChannelAdmin[]> {
      assertCan(actor, 'read');
      const list = await depositRepo.listChannels(db, actor.merchantId, false);
      return list.map((r) => channelAdminView(r, merchant));
    },

    async create(who: AuditWho, merchant: MerchantContext, input: TDepositChannelInput) {
      assertCan(who.actor, 'write');
      const values = toValues(input, merchant);
      return db.transaction(async (tx) => {
        const row = await depositRepo.insertChannel(tx, who.actor.merchantId, values);
        const view = channelAdminView(row, merchant);
        await audit.record(tx, who, {
          action: 'deposit_channel.create',
          entityType: 'deposit_channel',
          entityId: row.id,
          after: view,
        });
        return view;
      });
    },

    async update(who: AuditWho, merchant: MerchantContext, id: number, patch: TDepositChannelUpdate) {
      assertCan(who.actor, 'write');
      return db.transaction(async (tx) => {
        const stored = await depositRepo.findChannel(tx, who.actor.merchantId, id);
        if (!stored) throw new AppError('not_found');
        const before = channelAdminView(stored, merchant);
        const money = (v: bigint) => fromMinor(BigInt(v), merchant.currencyDecimals);
        const merged: TDepositChannelInput = {
          kind: stored.kind,
          name: stored.name,
          bankName: stored.bank_name,
          accountName: stored.account_name,
          accountNumber: stored.account_number,
          gatewayUrl: stored.gateway_url,
          gatewayMchId: stored.gateway_mch_id,
          gatewaySecret: stored.gateway_secret ?? undefined,
          minAmount: money(stored.min_amount),
          maxAmount: money(stored.max_amount),
          feeFixed: money(stored.fee_fixed),
          feeRate: stored.fee_bps,
          enabled: stored.enabled,
          sortOrder: stored.sort_order,
          ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)),
        };
        const row = await depositRepo.updateChannel(tx, who.actor.merchantId, id, toValues(merged, merchant));
        const view = channelAdminView(row, merchant);
        await audit.record(tx, who, {
          action: 'deposit_channel.update',
          entityType: 'deposit_channel',
          entityId: id,
          before,
          after: { ...view, secretChanged: patch.gatewaySecret !== undefined },
        });
        return view;
      });
    },
  };
}
export type DepositChannelAdmin = ReturnType<typeof createDepositChannelAdmin>;
