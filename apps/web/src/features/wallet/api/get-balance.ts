import { walletEndpoints, type TWalletBalance, type TWalletRow } from '@bp/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api';
import { useAppStore } from '../../../shared/store/app-store';

/** Every wallet query starts with this key: one invalidation refreshes them all (real-time event, transfers). */
export const WALLET_KEY = ['wallet'] as const;

type Amounts = 'availBalance' | 'balance' | 'frozenBalance';
/** A wallet row as the site works on it: amounts as exact decimal text. */
export type WalletRowView = Omit<TWalletRow, Amounts> & Record<Amounts, string>;
export type WalletBalanceView = Omit<TWalletBalance, 'sumBalance' | 'balance'> & {
  sumBalance: string;
  balance: WalletRowView[];
};

/**
 * Balances arrive as JSON numbers written with the currency's decimals (the original platform's
 * shape). The site formats and compares money as decimal text, so each number goes back to text at
 * those decimals once, here: toFixed of a parsed `1234.50` is exactly "1234.50" for any amount below
 * 2^53 minor units.
 */
export function balanceView(b: TWalletBalance): WalletBalanceView {
  const text = (n: number | string) => (typeof n === 'number' ? n.toFixed(b.decimals) : String(n));
  return {
    ...b,
    sumBalance: text(b.sumBalance),
    balance: b.balance.map((r) => ({
      ...r,
      availBalance: text(r.availBalance),
      balance: text(r.balance),
      frozenBalance: text(r.frozenBalance),
    })),
  };
}

/** GET /wps/v2/wallets/balance for the current session (the token is part of the key). */
export const balanceQuery = (token: string | null) =>
  queryOptions({
    queryKey: [...WALLET_KEY, 'balance', token],
    queryFn: async ({ signal }) => balanceView(await callEndpoint(walletEndpoints.balance, { signal })),
    enabled: !!token,
    staleTime: 30_000,
  });

export function useBalance() {
  const token = useAppStore((s) => s.token);
  const isLogin = useAppStore((s) => s.isLogin);
  return useQuery({ ...balanceQuery(token), enabled: !!token && isLogin });
}
