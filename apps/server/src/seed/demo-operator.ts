import type { Tx } from '../db/client.js';
import { operatorRepo } from '../modules/operator/index.js';
import { DEMO_MERCHANT_CODE } from './demo-merchant.js';
import { demoPasswordHash } from './demo-passwords.js';

/** Documented in the README; change it (or remove the account) on anything reachable from outside. */
export const DEMO_OPERATOR = { username: 'admin', password: 'Admin@12345', role: 'owner' } as const;

/** The demo merchant's owner account for the operator API. */
export async function seedDemoOperator(tx: Tx, { merchantId }: { merchantId: number }): Promise<string[]> {
  await operatorRepo.insert(tx, {
    merchantId,
    username: DEMO_OPERATOR.username,
    passwordHash: await demoPasswordHash(DEMO_OPERATOR.password),
    role: DEMO_OPERATOR.role,
  });
  return [
    `Operator login:  ${DEMO_OPERATOR.username} / ${DEMO_OPERATOR.password} (POST /admin/api/session/login, merchantCode ${DEMO_MERCHANT_CODE})`,
  ];
}
