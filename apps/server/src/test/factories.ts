import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { TAuthSettings, TOperatorRole } from '@bp/contract';
import type { Db } from '../db/client.js';
import { merchant, merchantDomain, merchantModule, sliderChallenge } from '../db/schema/index.js';
import { DEMO_MODULE_TREE, flattenModuleTree } from '../seed/demo-merchant.js';
import { systemClock, type Clock } from '../platform/module.js';
import { hashPassword } from '../platform/password.js';
import { rows } from '../platform/sql.js';
import { createMemberService, type MemberRow, type NewMemberInput } from '../modules/member/index.js';
import { operatorRepo } from '../modules/operator/index.js';
import { checkLedgerInvariants, createLedgerService } from '../modules/ledger/index.js';
import { checkContractInvariants } from '../modules/agent-contract/index.js';
import { vendorWalletServiceFor } from '../modules/vendor-wallet/index.js';
import { depositRepo, type ChannelValues } from '../modules/deposit/index.js';
import { createEventBus } from '../platform/events.js';
import { signBody } from '../platform/vendor-signature.js';
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
  opts: {
    username?: string;
    type?: number;
    parentId?: number | null;
    paymentPassword?: string;
    /** null: a member nobody logs in as (no password hash to compute: a tenth of a second saved) */
    password?: string | null;
  } = {},
): Promise<MemberRow> {
  const members = createMemberService({ db, clock: systemClock });
  return db.transaction((tx) =>
    members.createMember(tx, {
      merchantId,
      username: opts.username ?? `u${randomBytes(5).toString('hex')}`,
      password: opts.password === undefined ? TEST_PASSWORD : opts.password,
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
  opts: {
    username?: string;
    parentId?: number | null;
    paymentPassword?: string;
    password?: string | null;
  } = {},
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

/**
 * A deposit or a payout as the ledger records them (what the deposit and withdrawal flows post once
 * an order succeeds): `deposit` moves house deposit -> MAIN, `withdraw` MAIN -> house withdraw.
 */
export async function postMoney(
  db: Db,
  merchantId: number,
  memberId: number,
  kind: 'deposit' | 'withdraw',
  minor: bigint,
) {
  const ledger = createLedgerService({ db });
  const sign = kind === 'deposit' ? 1n : -1n;
  return ledger.transaction((tx) =>
    ledger.post(tx, {
      merchantId,
      key: `test_${kind}:${randomBytes(8).toString('hex')}`,
      type: kind,
      memberId,
      lines: [
        { account: { house: kind }, amount: -sign * minor },
        { account: { memberId, code: 'main' }, amount: sign * minor },
      ],
    }),
  );
}

/** An agent payout as the settlement engine posts it: house salary/dividend -> the agent's MAIN, with that entry type. */
export async function postPayout(db: Db, merchantId: number, memberId: number, type: string, minor: bigint) {
  const ledger = createLedgerService({ db });
  return ledger.transaction((tx) =>
    ledger.post(tx, {
      merchantId,
      key: `test_payout:${randomBytes(8).toString('hex')}`,
      type,
      memberId,
      lines: [
        { account: { house: type === 'dividend' ? 'dividend' : 'salary' }, amount: -minor },
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

/** Every active agent contract sits under its upline's own active contract of the kind (rates, period). */
export async function expectContractInvariants(db: Db, merchantId?: number) {
  expect(await checkContractInvariants(db, merchantId)).toEqual([]);
}

/** A logged-in agent (type 1) under `parentId` (top level when null): its id, username and headers. */
export async function agentSession(
  app: FastifyInstance,
  db: Db,
  merchantId: number,
  parentId: number | null = null,
) {
  const m = await newAgent(db, merchantId, { parentId });
  const token = await loginToken(app, db, m.username, TEST_PASSWORD);
  return { ...m, token, headers: { merchant: DEMO.merchant, authorization: token } };
}

// ---------------------------------------------------------------- sessions, switches and play

/** The demo merchant's seeded operator (`admin`), logged in. */
export async function operatorToken(app: FastifyInstance): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/admin/api/session/login',
    payload: { merchantCode: DEMO.merchant, username: 'admin', password: 'Admin@12345' },
  });
  if (res.statusCode !== 200) throw new Error(`operator login: ${res.body}`);
  return res.json().value.token as string;
}

let seq = 0;
/** A member with a known password (and whatever profile fields the test needs). */
export async function createTestMember(
  db: Db,
  merchantId: number,
  input: Partial<NewMemberInput> & { password?: string } = {},
) {
  const members = createMemberService({ db, clock: systemClock });
  const username = input.username ?? `sec${process.pid % 1000}${++seq}${Math.floor(Math.random() * 1000)}`;
  const password = input.password ?? 'Start#1234';
  const m = await db.transaction((tx) =>
    members.createMember(tx, { merchantId, ...input, username, password }),
  );
  return { ...m, password };
}

/** Switches a white-label module through the operator API (so the merchant cache is invalidated). */
export async function setModule(
  app: FastifyInstance,
  operatorToken: string,
  modId: string,
  enabled: boolean,
) {
  const res = await app.inject({
    method: 'PUT',
    url: `/admin/api/whitelabel/${modId}`,
    headers: { authorization: operatorToken },
    payload: { enabled },
  });
  if (res.statusCode !== 200) throw new Error(`module ${modId}: ${res.body}`);
}

/**
 * A logged-in member of the demo merchant (type 0 unless told; under `parentId` when given: an agent's
 * downline), with its Merchant and Authorization headers.
 */
export async function memberSession(
  app: FastifyInstance,
  db: Db,
  merchantId: number,
  type = 0,
  opts: { parentId?: number } = {},
) {
  const m = await newMember(db, merchantId, { type, parentId: opts.parentId ?? null });
  const token = await loginToken(app, db, m.username, TEST_PASSWORD);
  return { ...m, headers: { merchant: DEMO.merchant, authorization: token } };
}

// vendor sessions are plain rows: any wallet service over the same database can open them
const sessionEvents = createEventBus();

/** A seamless-wallet session of the member with the vendor (what a game launch opens): its token. */
export function openVendorSession(
  db: Db,
  merchantId: number,
  memberId: number,
  vendorCode: string,
  /** the app's clock when it is not the wall clock (the session expires by it) */
  clock: Clock = systemClock,
) {
  // services are kept per event bus: another clock needs a service of its own
  const events = clock === systemClock ? sessionEvents : createEventBus();
  return vendorWalletServiceFor({ db, events, clock }).openSession(db, {
    merchantId,
    memberId,
    vendorCode,
  });
}

/** Changes the merchant's member sign-up and login settings (slider, captcha, lockouts...). */
export function setAuthSettings(db: Db, merchantId: number, patch: Partial<TAuthSettings>) {
  return createMemberService({ db, clock: systemClock }).updateSettings(db, merchantId, patch);
}

/**
 * One signed seamless-wallet callback (`debit`, `credit`, `rollback`, `balance`) of a vendor of the
 * demo merchant, over HTTP with the merchant's secret for that vendor: the vendor's answer.
 */
export async function vendorCallback(
  app: FastifyInstance,
  db: Db,
  p: {
    merchantId: number;
    vendor: string;
    op: 'debit' | 'credit' | 'rollback' | 'balance';
    body: Record<string, unknown>;
    /** the merchant's code (the demo merchant unless told) */
    merchantCode?: string;
  },
) {
  const [mv] = await rows<{ api_secret: string }>(
    db,
    sql`select api_secret from merchant_vendor where merchant_id = ${p.merchantId} and vendor_code = ${p.vendor}`,
  );
  const raw = JSON.stringify({ currency: 'BDT', ...p.body });
  return app.inject({
    method: 'POST',
    url: `/vendor/${p.vendor}/wallet/${p.op}`,
    headers: {
      merchant: p.merchantCode ?? DEMO.merchant,
      'content-type': 'application/json',
      'x-signature': signBody(mv!.api_secret, raw),
    },
    payload: raw,
  });
}

/**
 * A real settled win: the member bets `bet` and the vendor credits `win` for the same round, both
 * through the signed seamless-wallet HTTP callbacks with the merchant's secret for that vendor.
 */
export async function settleWin(
  app: FastifyInstance,
  db: Db,
  p: { merchantId: number; memberId: number; vendor: string; gameCode: string; bet: string; win: string },
) {
  const session = await openVendorSession(db, p.merchantId, p.memberId, p.vendor);
  const call = async (op: 'debit' | 'credit', body: Record<string, unknown>) => {
    const res = await vendorCallback(app, db, {
      merchantId: p.merchantId,
      vendor: p.vendor,
      op,
      body: { playerId: String(p.memberId), ...body },
    });
    if (res.statusCode !== 200) throw new Error(`${op}: ${res.body}`);
  };
  const roundId = `r-${randomBytes(6).toString('hex')}`;
  await call('debit', {
    token: session.token,
    txnId: `d-${randomBytes(6).toString('hex')}`,
    roundId,
    amount: p.bet,
    gameCode: p.gameCode,
  });
  await call('credit', {
    txnId: `c-${randomBytes(6).toString('hex')}`,
    roundId,
    amount: p.win,
    gameCode: p.gameCode,
  });
}

/** A deposit channel row (bank transfer unless told), enabled. */
export async function addChannel(db: Db, merchantId: number, v: Partial<ChannelValues> = {}) {
  const kind = v.kind ?? 'bank';
  return depositRepo.insertChannel(db, merchantId, {
    kind,
    name: v.name ?? `${kind} ${randomBytes(3).toString('hex')}`,
    bankName: kind === 'bank' ? 'Test Bank' : null,
    accountName: kind === 'bank' ? 'Test Account' : null,
    accountNumber: kind === 'bank' ? '000111222333' : null,
    gatewayUrl: null,
    gatewayMchId: null,
    gatewaySecret: null,
    minAmount: 100_00n,
    maxAmount: 10_000_00n,
    feeFixed: 0n,
    feeBps: 0,
    enabled: true,
    sortOrder: 0,
    ...v,
  });
}

/**
 * A completed deposit the way it really happens: the member submits it on a channel and an operator
 * approves it. Answers the order number.
 */
export async function approvedDeposit(
  app: FastifyInstance,
  p: { member: Record<string, string>; operatorToken: string; channelId: number; amount: string },
): Promise<string> {
  const sub = await app.inject({
    method: 'POST',
    url: '/wps/relay/MCSFE_submitDeposit',
    headers: p.member,
    payload: { channelId: p.channelId, amount: p.amount, reference: `TRX-${randomBytes(3).toString('hex')}` },
  });
  if (sub.statusCode !== 200) throw new Error(`deposit: ${sub.body}`);
  const orderNo = sub.json().value.orderNo as string;
  const ok = await app.inject({
    method: 'POST',
    url: `/admin/api/deposits/${orderNo}/approve`,
    headers: { authorization: p.operatorToken },
    payload: {},
  });
  if (ok.statusCode !== 200) throw new Error(`approve ${orderNo}: ${ok.body}`);
  return orderNo;
}

/**
 * A visitor registering by username through an invitation link (`/register?referralCode=<code>`),
 * slider solved, no mobile number (switch REGMOBVERF3 off first: it asks for an SMS code); answers the
 * raw response.
 */
export async function registerWithCode(
  app: FastifyInstance,
  db: Db,
  code: string,
  opts: {
    merchant?: string;
    username?: string;
    remoteAddress?: string;
    headers?: Record<string, string>;
  } = {},
) {
  const merchantCode = opts.merchant ?? DEMO.merchant;
  return app.inject({
    method: 'PUT',
    url: '/wps/member/register',
    headers: { merchant: merchantCode, ...opts.headers },
    remoteAddress: opts.remoteAddress ?? freshIp(),
    payload: {
      username: opts.username ?? `r${randomBytes(5).toString('hex')}`,
      password: 'Secret#12',
      confirmPassword: 'Secret#12',
      termsAccepted: true,
      ageConfirmed: true,
      referralCode: code,
      registerMethod: 'WEB',
      sliderToken: await solveSlider(app, db, merchantCode),
    },
  });
}
