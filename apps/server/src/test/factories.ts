import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { TOperatorRole } from '@bp/contract';
import type { Db } from '../db/client.js';
import { merchant, merchantDomain, merchantModule, sliderChallenge } from '../db/schema/index.js';
import { DEMO_MODULE_TREE, flattenModuleTree } from '../seed/demo-merchant.js';
import { systemClock } from '../platform/module.js';
import { hashPassword } from '../platform/password.js';
import { rows } from '../platform/sql.js';
import { createMemberService, type MemberRow } from '../modules/member/member.service.js';
import { operatorRepo } from '../modules/operator/operator.repo.js';
import { createLedgerService } from '../modules/ledger/ledger.service.js';
import { checkLedgerInvariants } from '../modules/ledger/ledger.invariants.js';
import { DEMO } from './harness.js';

/**
 * The server's test factories, shared by the int tests, the bench and the e2e set-up: merchants,
 * operators, members and agents, funds and vendors, and logging in as an operator or a member. Each
 * test builds the data it needs on its own merchant or members.
 */

/** The password `createOperator` gives an operator unless told otherwise. */
export const OPERATOR_PASSWORD = 'Secret#12345';
/** The password `newMember` gives a member. */
export const TEST_PASSWORD = 'Passw0rd!x';

// ---------------------------------------------------------------- callers

let addressSeq = 0;
/** A caller address no other test of this process used, so per-IP limits never leak between tests. */
export function freshIp(): string {
  const n = addressSeq++;
  return `10.${100 + (Math.floor(n / 62_500) % 150)}.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
}

let phoneSeq = 0;
/** A Bangladeshi mobile number in national form (`17xxxxxxxx`) no other test of this process used. */
export function freshPhone(prefix = '17'): string {
  return `${prefix}${String(10_000_000 + phoneSeq++).slice(-8)}`;
}

// ---------------------------------------------------------------- merchants

/**
 * A fresh merchant (BDT, BN default + EN, domain `<code>.local`) so a test owns its data; `code`
 * defaults to a random one. `modules` (default true): with the demo's full module tree; false leaves
 * the tree empty for the test to switch modules on itself.
 */
export async function createMerchant(
  db: Db,
  opts: { code?: string; defaultLanguage?: string; modules?: boolean } = {},
): Promise<{ id: number; code: string }> {
  const code = opts.code ?? `t${randomBytes(5).toString('hex')}`;
  const [m] = await db
    .insert(merchant)
    .values({
      code,
      name: `Brand ${code}`,
      currency: 'BDT',
      currencySymbol: '৳',
      languages: ['BN', 'EN'],
      defaultLanguage: opts.defaultLanguage ?? 'BN',
      mainDomain: `${code}.local`,
    })
    .returning({ id: merchant.id });
  const id = m!.id;
  await db.insert(merchantDomain).values({ merchantId: id, domain: `${code}.local` });
  if (opts.modules !== false) {
    await db
      .insert(merchantModule)
      .values(flattenModuleTree(DEMO_MODULE_TREE).map((x, i) => ({ merchantId: id, ...x, sort: i })));
  }
  return { id, code };
}

/** The id of a merchant by code (the demo merchant by default). */
export async function merchantIdOf(db: Db, code: string = DEMO.merchant): Promise<number> {
  const [m] = await db.select({ id: merchant.id }).from(merchant).where(eq(merchant.code, code));
  if (!m) throw new Error(`no merchant ${code}`);
  return m.id;
}

// ---------------------------------------------------------------- operators

export async function createOperator(
  db: Db,
  merchantId: number,
  username: string,
  role: TOperatorRole,
  password = OPERATOR_PASSWORD,
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

/** Logs an operator in through the operator API; answers the token (throws on failure). */
export async function operatorLogin(
  app: FastifyInstance,
  merchantCode: string,
  username: string,
  password = OPERATOR_PASSWORD,
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/admin/api/session/login',
    payload: { merchantCode, username, password },
  });
  if (res.statusCode !== 200) throw new Error(`login ${username}@${merchantCode}: ${res.body}`);
  return res.json().value.token as string;
}

// ---------------------------------------------------------------- members and agents

export async function newMember(
  db: Db,
  merchantId: number,
  opts: { username?: string; type?: number; parentId?: number | null; paymentPassword?: string } = {},
): Promise<MemberRow> {
  const members = createMemberService({ db, clock: systemClock });
  return db.transaction((tx) =>
    members.createMember(tx, {
      merchantId,
      username: opts.username ?? `u${randomBytes(5).toString('hex')}`,
      password: TEST_PASSWORD,
      type: opts.type ?? 0,
      parentId: opts.parentId ?? null,
      paymentPassword: opts.paymentPassword ?? null,
    }),
  );
}

/** An agent (member type 1); members made with `parentId: agent.id` are its downline. */
export function newAgent(
  db: Db,
  merchantId: number,
  opts: { username?: string; parentId?: number | null; paymentPassword?: string } = {},
): Promise<MemberRow> {
  return newMember(db, merchantId, { ...opts, type: 1 });
}

/** Solves a slider challenge the way a person would: reads the gap position (from the database) and verifies. */
export async function solveSlider(app: FastifyInstance, db: Db, merchantCode: string = DEMO.merchant) {
  const ch = await app.inject({ url: '/wps/captcha/slider', headers: { merchant: merchantCode } });
  if (ch.statusCode !== 200) throw new Error(`slider: ${ch.body}`);
  const id = ch.json().value.id as string;
  const [row] = await db.select().from(sliderChallenge).where(eq(sliderChallenge.id, id));
  const res = await app.inject({
    method: 'POST',
    url: '/wps/captcha/slider/verify',
    headers: { merchant: merchantCode },
    payload: { id, x: row!.targetX + 2 },
  });
  if (res.statusCode !== 200) throw new Error(`slider verify: ${res.body}`);
  return res.json().value.sliderToken as string;
}

export interface LoginOptions {
  merchant?: string;
  remoteAddress?: string;
  headers?: Record<string, string>;
  extra?: Record<string, unknown>;
}

/** POST /wps/session/login with a solved slider (plain JSON body); returns the raw response. */
export async function loginRequest(
  app: FastifyInstance,
  db: Db,
  username: string,
  password: string,
  opts: LoginOptions = {},
) {
  const merchantCode = opts.merchant ?? DEMO.merchant;
  const sliderToken = await solveSlider(app, db, merchantCode);
  return app.inject({
    method: 'POST',
    url: '/wps/session/login',
    headers: { merchant: merchantCode, ...opts.headers },
    remoteAddress: opts.remoteAddress,
    payload: { username, password, type: 'username', sliderToken, ...opts.extra },
  });
}

/** Logs a member in and returns the token (throws on failure). */
export async function loginToken(
  app: FastifyInstance,
  db: Db,
  username: string,
  password: string,
  opts: LoginOptions = {},
): Promise<string> {
  const res = await loginRequest(app, db, username, password, opts);
  if (res.statusCode !== 200) throw new Error(`login ${username}: ${res.body}`);
  return res.json().value.token as string;
}

// ---------------------------------------------------------------- funds and vendors

/** Credits a member's MAIN from the house adjustment account (an operator top-up). */
export async function fund(db: Db, merchantId: number, memberId: number, minor: bigint) {
  const ledger = createLedgerService({ db });
  await ledger.transaction((tx) =>
    ledger.post(tx, {
      merchantId,
      key: `test_fund:${randomBytes(8).toString('hex')}`,
      type: 'adjustment',
      memberId,
      lines: [
        { account: { house: 'adjustment' }, amount: -minor },
        { account: { memberId, code: 'main' }, amount: minor },
      ],
    }),
  );
}

export async function mainBalance(db: Db, memberId: number): Promise<bigint> {
  const [r] = await rows<{ balance: bigint }>(
    db,
    sql`select balance from ledger_account where member_id = ${memberId} and code = 'main'`,
  );
  return r ? BigInt(r.balance) : 0n;
}

/** A vendor on the merchant (seamless wallet unless told otherwise); answers its API secret. */
export async function addVendor(
  db: Db,
  merchantId: number,
  code: string,
  opts: { secret?: string; walletMode?: 'seamless' | 'transfer'; errorCodes?: Record<string, string> } = {},
) {
  const secret = opts.secret ?? `secret-${code}-${randomBytes(8).toString('hex')}`;
  await db.execute(
    sql`insert into merchant_vendor (merchant_id, vendor_code, display_name, wallet_mode, api_secret, error_codes)
        values (${merchantId}, ${code}, ${code}, ${opts.walletMode ?? 'seamless'}, ${secret},
                ${JSON.stringify(opts.errorCodes ?? {})}::jsonb)`,
  );
  return secret;
}

export async function expectLedgerInvariants(db: Db) {
  expect(await checkLedgerInvariants(db)).toEqual([]);
}
