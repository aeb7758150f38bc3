import type { FastifyInstance } from 'fastify';
import type { TOperatorRole } from '@bp/contract';
import type { Db } from '../../db/client.js';
import { merchant, merchantDomain } from '../../db/schema/index.js';
import { operatorRepo } from '../operator/operator.repo.js';
import { hashPassword } from '../../platform/password.js';

/** Factories for the operator API's integration tests (each test builds the data it needs). */
export async function createMerchant(db: Db, code: string): Promise<number> {
  const [m] = await db
    .insert(merchant)
    .values({
      code,
      name: `Brand ${code}`,
      currency: 'BDT',
      currencySymbol: '৳',
      languages: ['BN', 'EN'],
      defaultLanguage: 'BN',
      mainDomain: `${code}.local`,
    })
    .returning({ id: merchant.id });
  await db.insert(merchantDomain).values({ merchantId: m!.id, domain: `${code}.local` });
  return m!.id;
}

export async function findMerchantId(db: Db, code: string): Promise<number> {
  const rows = await db.select({ id: merchant.id, code: merchant.code }).from(merchant);
  const m = rows.find((r) => r.code === code);
  if (!m) throw new Error(`no merchant ${code}`);
  return m.id;
}

export async function createOperator(
  db: Db,
  merchantId: number,
  username: string,
  role: TOperatorRole,
  password = 'Secret#12345',
  active = true,
) {
  return operatorRepo.insert(db, {
    merchantId,
    username,
    role,
    active,
    passwordHash: await hashPassword(password),
  });
}

export async function login(
  app: FastifyInstance,
  merchantCode: string,
  username: string,
  password = 'Secret#12345',
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/admin/api/session/login',
    payload: { merchantCode, username, password },
  });
  if (res.statusCode !== 200) throw new Error(`login ${username}@${merchantCode}: ${res.body}`);
  return res.json().value.token as string;
}

/** Mutable test clock: real time plus an offset the test moves forward. */
export function offsetClock() {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms: number) {
      offset += ms;
    },
  };
}
