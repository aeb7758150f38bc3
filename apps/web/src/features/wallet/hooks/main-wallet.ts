import { ACCOUNT_TYPE_ID } from '@bp/contract';
import type { WalletBalanceView, WalletRowView } from '../api/get-balance';

/** The MAIN row (accountTypeId 2): what the header shows and what deposits and withdrawals move. */
export const mainRow = (b: WalletBalanceView | undefined): WalletRowView | undefined =>
  b?.balance.find((r) => r.accountTypeId === ACCOUNT_TYPE_ID.MAIN);

export const vendorRows = (b: WalletBalanceView | undefined): WalletRowView[] =>
  b?.balance.filter((r) => r.accountTypeId !== ACCOUNT_TYPE_ID.MAIN) ?? [];
