import { randomBytes } from 'node:crypto';
import type { Tx } from '../db/client.js';
import { builtInGatewayUrl, parseGatewayPort } from '../config.js';
import { depositRepo } from '../modules/deposit/index.js';
import { DEMO_MERCHANT_CODE } from './demo-merchant.js';

/**
 * Two demo deposit channels: a manual bank transfer (approved through the operator API) and an online
 * channel at the built-in test gateway that `npm start` runs on GATEWAY_PORT. The channel's secret is
 * random per database: main.ts hands the gateway the secrets of the stored channels.
 */
export async function seedDemoDeposit(tx: Tx, { merchantId }: { merchantId: number }): Promise<string[]> {
  const port = parseGatewayPort(process.env.GATEWAY_PORT);
  const common = { feeFixed: 0n, feeBps: 0, minAmount: 100_00n, maxAmount: 50_000_00n };
  await depositRepo.insertChannel(tx, merchantId, {
    ...common,
    kind: 'bank',
    name: 'Bank transfer',
    bankName: 'Demo Bank Ltd',
    accountName: 'Demo Bet Ltd',
    accountNumber: '1234 5678 9012',
    gatewayUrl: null,
    gatewayMchId: null,
    gatewaySecret: null,
    enabled: true,
    sortOrder: 1,
  });
  await depositRepo.insertChannel(tx, merchantId, {
    ...common,
    kind: 'online',
    name: 'Test Pay',
    bankName: null,
    accountName: null,
    accountNumber: null,
    gatewayUrl: builtInGatewayUrl(port ?? 8081),
    gatewayMchId: DEMO_MERCHANT_CODE,
    gatewaySecret: randomBytes(24).toString('base64url'),
    enabled: port !== undefined,
    sortOrder: 0,
  });
  return [];
}
