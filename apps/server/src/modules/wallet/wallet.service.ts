import { randomUUID } from 'node:crypto';
import {
  ACCOUNT_TYPE_ID,
  fromMinor,
  isTrialType,
  MAIN_WALLET,
  MoneyFormatError,
  toMinor,
  type TAmount,
  type TConsolidatedFundsReply,
  type TMerchantWallet,
  type TWalletBalanceReply,
  type TWalletRowReply,
  type TWalletTransferRequest,
} from '@bp/contract';
import type { Db } from '../../db/client.js';
import type { MemberActor } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events.js';
import { exactNumber } from '../../platform/json-reply.js';
import type { MerchantContext } from '../../platform/merchant.js';
import type { LedgerService } from '../ledger/index.js';
import type { AgentContractService, ContractFlags } from '../agent-contract/index.js';
import { walletRepo } from './wallet.repo.js';

/** Request amount -> minor units of the merchant's currency; more decimals than it has is an error. */
export function parseAmount(amount: TAmount, merchant: Pick<MerchantContext, 'currencyDecimals'>): bigint {
  try {
    return toMinor(amount, merchant.currencyDecimals);
  } catch (err) {
    if (err instanceof MoneyFormatError) throw new AppError('amount_invalid', { detail: err.reason });
    throw err;
  }
}

interface WalletRow {
  accountTypeId: number;
  accountType: string;
  vendorCode: string | null;
  avail: bigint;
  balance: bigint;
  held: bigint;
}

const NO_CONTRACT_FLAGS: ContractFlags = {
  dailysalreqtype: 0,
  divtypereq: 0,
  contracthoursalreq: 0,
  realtimesalreqtype: 0,
  contractmrdailysalinfotype: 0,
  contracthoursalinfo: 0,
  dailysalinfotype: 0,
  divtypeinfo: 0,
  realtimesalinfotype: 0,
};

export function createWalletService({
  db,
  ledger,
  contracts,
  events,
}: {
  db: Db;
  ledger: LedgerService;
  contracts: Pick<AgentContractService, 'flags'>;
  events: EventBus;
}) {
  const money = (m: MerchantContext, v: bigint) => fromMinor(v, m.currencyDecimals);
  // balances are JSON numbers (clients of the original read them so), written from minor units exactly
  const amount = (m: MerchantContext, v: bigint) => exactNumber(v, m.currencyDecimals);

  /** The member's wallets in minor units: MAIN first, then each vendor sub-wallet. */
  async function walletRows(actor: MemberActor) {
    const accounts = await ledger.memberAccounts(db, actor.memberId);
    const main = accounts.find((a) => a.code === 'main');
    const rows: WalletRow[] = [
      {
        accountTypeId: ACCOUNT_TYPE_ID.MAIN,
        accountType: MAIN_WALLET,
        vendorCode: null,
        avail: main ? ledger.available(main) : 0n,
        balance: main ? BigInt(main.balance) : 0n,
        held: main ? BigInt(main.held) : 0n,
      },
    ];
    for (const a of accounts) {
      if (!a.code.startsWith('vendor:')) continue;
      const code = a.code.slice('vendor:'.length);
      rows.push({
        accountTypeId: ACCOUNT_TYPE_ID.VENDOR,
        accountType: code,
        vendorCode: code,
        avail: ledger.available(a),
        balance: BigInt(a.balance),
        held: BigInt(a.held),
      });
    }
    return { rows, sum: rows.reduce((s, r) => s + r.avail, 0n) };
  }

  async function balance(actor: MemberActor, merchant: MerchantContext): Promise<TWalletBalanceReply> {
    const { rows, sum } = await walletRows(actor);
    return {
      sumBalance: amount(merchant, sum),
      currency: merchant.currency,
      currencySymbol: merchant.currencySymbol,
      decimals: merchant.currencyDecimals,
      playMoney: isTrialType(actor.type),
      balance: rows.map((r): TWalletRowReply => ({
        accountTypeId: r.accountTypeId,
        accountType: r.accountType,
        vendorCode: r.vendorCode,
        availBalance: amount(merchant, r.avail),
        balance: amount(merchant, r.balance),
        frozenBalance: amount(merchant, r.held),
      })),
    };
  }

  async function transferVendors(merchantId: number) {
    return (await walletRepo.vendors(db, merchantId)).filter(
      (v) => v.enabled && v.wallet_mode === 'transfer',
    );
  }

  return {
    balance,

    async merchantWallet(merchant: MerchantContext): Promise<TMerchantWallet> {
      const vendors = await transferVendors(merchant.id);
      return {
        isSingle: (await walletRepo.isSingle(db, merchant.id)) ?? vendors.length === 0,
        transferVendors: vendors.map((v) => ({ vendorCode: v.vendor_code, displayName: v.display_name })),
      };
    },

    async consolidated(actor: MemberActor, merchant: MerchantContext): Promise<TConsolidatedFundsReply> {
      const { rows, sum } = await walletRows(actor);
      const main = rows[0]!;
      // the contract flags: 0 unless AGENTPOLICY3 (and the kind's switch) is on for this agent
      const flags =
        merchant.modules.AGENTPOLICY3 === false ? undefined : await contracts.flags(actor, merchant);
      return {
        ...(flags ?? NO_CONTRACT_FLAGS),
        sumBalance: amount(merchant, sum),
        balance: amount(merchant, main.balance),
        frozenBalance: amount(merchant, main.held),
        currency: merchant.currency,
        currencySymbol: merchant.currencySymbol,
      };
    },

    /** MAIN <-> a transfer-wallet vendor's sub-wallet, or every sub-wallet back to MAIN. */
    async transfer(actor: MemberActor, merchant: MerchantContext, body: TWalletTransferRequest) {
      if (isTrialType(actor.type)) throw new AppError('need_real_account');
      const requestId = body.requestId ?? randomUUID();
      const vendors = new Set((await transferVendors(merchant.id)).map((v) => v.vendor_code));
      let moved = 0n;
      if (body.recallAll) {
        await ledger.transaction(async (tx) => {
          for (const a of await ledger.memberAccounts(tx, actor.memberId)) {
            if (!a.code.startsWith('vendor:') || ledger.available(a) <= 0n) continue;
            const amount = ledger.available(a);
            const r = await ledger.post(tx, {
              merchantId: merchant.id,
              key: `wallet_transfer:${actor.memberId}:${requestId}:${a.code}`,
              type: 'wallet_transfer',
              memberId: actor.memberId,
              refType: 'recall',
              memo: { from: a.code.slice(7), to: MAIN_WALLET },
              lines: [
                {
                  account: { memberId: actor.memberId, code: a.code as `vendor:${string}` },
                  amount: -amount,
                },
                { account: { memberId: actor.memberId, code: 'main' }, amount },
              ],
            });
            if (!r.replayed) moved += amount;
          }
        });
      } else {
        const from = body.from!.toUpperCase() === MAIN_WALLET ? MAIN_WALLET : body.from!;
        const to = body.to!.toUpperCase() === MAIN_WALLET ? MAIN_WALLET : body.to!;
        const vendor = from === MAIN_WALLET ? to : from;
        if ((from === MAIN_WALLET) === (to === MAIN_WALLET) || !vendors.has(vendor)) {
          throw new AppError('wallet_not_found');
        }
        const amount = parseAmount(body.amount!, merchant);
        if (amount <= 0n) throw new AppError('amount_invalid');
        const vendorAccount = { memberId: actor.memberId, code: `vendor:${vendor}` as const };
        const mainAccount = { memberId: actor.memberId, code: 'main' as const };
        await ledger.transaction((tx) =>
          ledger.post(tx, {
            merchantId: merchant.id,
            key: `wallet_transfer:${actor.memberId}:${requestId}`,
            type: 'wallet_transfer',
            memberId: actor.memberId,
            memo: { from, to },
            lines: [
              { account: from === MAIN_WALLET ? mainAccount : vendorAccount, amount: -amount },
              { account: from === MAIN_WALLET ? vendorAccount : mainAccount, amount },
            ],
          }),
        );
        moved = amount;
      }
      events.emit('wallet.changed', { merchantId: merchant.id, memberId: actor.memberId });
      return { amount: money(merchant, moved), wallets: await balance(actor, merchant) };
    },
  };
}
export type WalletService = ReturnType<typeof createWalletService>;
