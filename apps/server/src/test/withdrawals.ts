import { deflateSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { DEMO } from './harness.js';
import { rows } from '../platform/sql.js';
import { walletBalance } from './wallet.js';
import { fund, newMember, TEST_PASSWORD, loginToken } from './factories.js';

/** Factories for tests that withdraw (withdraw, promotion): a funded member with a payment password and a bank account. */

export const PAY_PASSWORD = '246810';

export function memberHeaders(token: string, merchant: string = DEMO.merchant) {
  return { merchant, authorization: token };
}

let seq = 0;
export async function withdrawer(
  app: FastifyInstance,
  db: Db,
  merchantId: number,
  opts: { balance?: bigint; payeeName?: string; bank?: boolean; paymentPassword?: string | null } = {},
) {
  const m = await newMember(db, merchantId, {
    paymentPassword: opts.paymentPassword === undefined ? PAY_PASSWORD : (opts.paymentPassword ?? undefined),
  });
  if (opts.balance) await fund(db, merchantId, m.id, opts.balance);
  const token = await loginToken(app, db, m.username, TEST_PASSWORD);
  const headers = memberHeaders(token);
  let bankAccountId = '';
  if (opts.bank !== false) {
    const res = await app.inject({
      method: 'PUT',
      url: '/wps/member/bankCard',
      headers,
      payload: {
        bankName: 'bKash',
        accountName: opts.payeeName ?? 'Rahim Uddin',
        accountNumber: `0171${String(++seq).padStart(7, '0')}`,
      },
    });
    if (res.statusCode !== 200) throw new Error(`bank account: ${res.body}`);
    bankAccountId = res.json().value.id as string;
  }
  return { id: m.id, username: m.username, token, headers, bankAccountId };
}

export function requestWithdraw(
  app: FastifyInstance,
  w: { headers: Record<string, string>; bankAccountId: string },
  amount: string,
  extra: Record<string, unknown> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/wps/v2/transaction/withdraw',
    headers: w.headers,
    payload: { amount, bankAccountId: w.bankAccountId, paymentPassword: PAY_PASSWORD, ...extra },
  });
}

export async function availBalance(app: FastifyInstance, headers: Record<string, string>) {
  const main = (await walletBalance(app, headers)).balance.find((r) => r.accountTypeId === 2)!;
  return { avail: main.availBalance, balance: main.balance };
}

/** A real (tiny) PNG: signature, IHDR, IDAT, IEND; `padTo` pads it with an ancillary chunk. */
export function pngBytes(padTo = 0): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    // CRC is not checked by the server (it sniffs the signature and IHDR); zeros keep this short
    return Buffer.concat([len, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(1, 0);
  ihdr.writeUInt32BE(1, 4);
  ihdr[8] = 8;
  ihdr[9] = 0;
  const parts = [
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from([0, 0]))),
  ];
  const size = parts.reduce((n, p) => n + p.length, 0) + 12;
  if (padTo > size + 12) parts.push(chunk('tEXt', Buffer.alloc(padTo - size - 12, 0x61)));
  parts.push(chunk('IEND', Buffer.alloc(0)));
  return Buffer.concat(parts);
}

export async function withdrawalRow(db: Db, id: string) {
  const [r] = await rows<{ status: string; amount: bigint }>(
    db,
    sql`select status, amount from withdrawal where id = ${id}::bigint`,
  );
  return r;
}

export async function entriesWithKey(db: Db, key: string) {
  const [r] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ledger_entry where idem_key = ${key}`,
  );
  return r?.n ?? 0;
}
