import { signBody } from '../platform/vendor-signature.js';

/** What the seamless wallet answered, as the game server acts on it. */
export type WalletAnswer =
  | { kind: 'ok'; balance: string; replayed: boolean }
  /** the wallet refused (4xx with an error code): nothing was applied */
  | { kind: 'refused'; code: string; balance?: string }
  /** no answer, a timeout or a 5xx: the call may or may not have been applied */
  | { kind: 'unavailable'; detail: string };

export interface WalletCall {
  merchantCode: string;
  vendorCode: string;
  secret: string;
  body: Record<string, unknown>;
}

export const WALLET_TIMEOUT_MS = 5000;

/**
 * The game server's side of the seamless wallet: signed JSON over HTTP to
 * `/vendor/<code>/wallet/<op>`, exactly as an outside vendor calls it. No retry loop inside a request:
 * a call without an answer is left to the recovery job, which retries by the same transaction ids.
 */
export function createWalletClient({
  baseUrl,
  timeoutMs = WALLET_TIMEOUT_MS,
}: {
  /** resolved per call: tests listen on a random port after the app is built */
  baseUrl: () => string;
  timeoutMs?: number;
}) {
  async function call(op: 'balance' | 'debit' | 'credit' | 'rollback', c: WalletCall): Promise<WalletAnswer> {
    const raw = JSON.stringify(c.body);
    let res: Response;
    try {
      res = await fetch(`${baseUrl()}/vendor/${c.vendorCode}/wallet/${op}`, {
        method: 'POST',
        headers: {
          merchant: c.merchantCode,
          'content-type': 'application/json',
          'x-signature': signBody(c.secret, raw),
        },
        body: raw,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      return { kind: 'unavailable', detail: err instanceof Error ? err.message : String(err) };
    }
    let json: { success?: boolean; errorCode?: string; value?: { balance?: string; replayed?: boolean } };
    try {
      json = (await res.json()) as typeof json;
    } catch {
      return { kind: 'unavailable', detail: `HTTP ${res.status}, no JSON` };
    }
    if (res.ok && json.success) {
      return { kind: 'ok', balance: String(json.value?.balance ?? '0'), replayed: !!json.value?.replayed };
    }
    if (res.status >= 500 || !json.errorCode) {
      return { kind: 'unavailable', detail: `HTTP ${res.status} ${json.errorCode ?? ''}` };
    }
    return { kind: 'refused', code: json.errorCode, balance: json.value?.balance };
  }
  return {
    balance: (c: WalletCall) => call('balance', c),
    debit: (c: WalletCall) => call('debit', c),
    credit: (c: WalletCall) => call('credit', c),
    rollback: (c: WalletCall) => call('rollback', c),
  };
}
export type WalletClient = ReturnType<typeof createWalletClient>;
