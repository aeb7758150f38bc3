import { ACCOUNT_TYPE_ID, type TWalletBalance, type TWalletRow } from '@bp/contract';

/** The MAIN row (accountTypeId 2): what the header shows and what deposits and withdrawals move. */
export const mainRow = (b: TWalletBalance | undefined): TWalletRow | undefined =>
  b?.balance.find((r) => r.accountTypeId === ACCOUNT_TYPE_ID.MAIN);

export const vendorRows = (b: TWalletBalance | undefined): TWalletRow[] =>
  b?.balance.filter((r) => r.accountTypeId !== ACCOUNT_TYPE_ID.MAIN) ?? [];
