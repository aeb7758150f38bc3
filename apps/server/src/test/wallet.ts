import type { FastifyInstance } from 'fastify';

const BALANCE_NUMBER = /"(availBalance|balance|frozenBalance|sumBalance)":(-?\d+(?:\.\d+)?)/g;

/**
 * A wallet reply parsed with its balances kept as their exact JSON text (`10000.00` stays
 * "10000.00", where JSON.parse would give 10000): what tests compare amounts against.
 */
export function parseBalances(body: string) {
  return JSON.parse(body.replace(BALANCE_NUMBER, '"$1":"$2"'));
}

/** GET /wps/v2/wallets/balance, amounts as exact text. */
export async function walletBalance(app: FastifyInstance, headers: Record<string, string>) {
  const res = await app.inject({ url: '/wps/v2/wallets/balance', headers });
  if (res.statusCode !== 200) throw new Error(`wallet balance: ${res.statusCode} ${res.body}`);
  return parseBalances(res.body).value as {
    sumBalance: string;
    balance: { accountTypeId: number; accountType: string; availBalance: string; balance: string }[];
  };
}
