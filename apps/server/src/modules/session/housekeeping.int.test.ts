import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  captcha,
  loginEmailCode,
  loginPending,
  passwordReset,
  sliderChallenge,
  socialFlow,
  socialTicket,
} from '../../db/schema/index.js';
import { createMemberService } from '../member/index.js';
import { createMerchant } from '../../test/factories.js';
import { testClock } from '../../test/clock.js';

const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ deps: { clock } });
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 3_600_000;
const hex64 = () => randomBytes(32).toString('hex');

/** Ids of `table` rows among `ids` still in the database. */
async function remaining(table: PgTable & { id: PgColumn }, ids: (string | number)[]) {
  const rows = await t.database.db
    .select({ id: table.id })
    .from(table)
    .where(inArray(table.id, ids as never[]));
  return rows.map((r) => r.id).sort();
}

describe('the hourly purge of short-lived authentication rows', () => {
  it('drops what expired more than a day ago; live and lately expired rows stay', async () => {
    const db = t.database.db;
    const m = await createMerchant(db);
    const member = await createMemberService({ db, clock }).createMember(db, {
      merchantId: m.id,
      username: 'sweeper1',
      password: 'Secret#123',
    });
    const now = clock.now();
    // for each table: one row expired 25 hours ago (goes), one an hour ago and one still live (stay)
    const ages = { old: -25 * HOUR, recent: -HOUR, live: 10 * 60_000 } as const;
    const at = (ms: number) => new Date(now.getTime() + ms);
    const made: Record<string, Record<keyof typeof ages, string | number>> = {};
    for (const [age, ms] of Object.entries(ages) as [keyof typeof ages, number][]) {
      const times = { createdAt: at(ms - 10 * 60_000), expiresAt: at(ms) };
      const put = (table: string, id: string | number) => ((made[table] ??= {} as never)[age] = id);

      const captchaId = randomUUID();
      await db.insert(captcha).values({
        id: captchaId,
        merchantId: m.id,
        answerHash: hex64(),
        browserId: 'b1',
        ...times,
      });
      put('captcha', captchaId);
      const sliderId = randomUUID();
      await db.insert(sliderChallenge).values({
        id: sliderId,
        merchantId: m.id,
        targetX: 100,
        pieceY: 20,
        tolerance: 6,
        ...times,
      });
      put('slider', sliderId);
      const [pending] = await db
        .insert(loginPending)
        .values({ ticketHash: hex64(), memberId: member.id, merchantId: m.id, reason: 'ip_verify', ...times })
        .returning({ id: loginPending.id });
      put('pending', pending!.id);
      // the e-mail code of a live pending login, so only its own expiry decides
      const [livePending] = await db
        .insert(loginPending)
        .values({
          ticketHash: hex64(),
          memberId: member.id,
          merchantId: m.id,
          reason: 'ip_verify',
          createdAt: now,
          expiresAt: at(10 * 60_000),
        })
        .returning({ id: loginPending.id });
      const [code] = await db
        .insert(loginEmailCode)
        .values({
          merchantId: m.id,
          memberId: member.id,
          pendingId: livePending!.id,
          codeHash: hex64(),
          codeSalt: 's',
          ...times,
        })
        .returning({ id: loginEmailCode.id });
      put('emailCode', code!.id);
      const [reset] = await db
        .insert(passwordReset)
        .values({
          merchantId: m.id,
          memberId: member.id,
          tokenHash: hex64(),
          codeHash: hex64(),
          codeSalt: 's',
          ...times,
        })
        .returning({ id: passwordReset.id });
      put('reset', reset!.id);
      const [flow] = await db
        .insert(socialFlow)
        .values({
          merchantId: m.id,
          provider: 'google',
          stateHash: hex64(),
          nonce: 'n',
          codeVerifier: 'v',
          redirectUri: 'http://localhost/cb',
          ...times,
        })
        .returning({ id: socialFlow.id });
      put('flow', flow!.id);
      const [ticket] = await db
        .insert(socialTicket)
        .values({
          merchantId: m.id,
          ticketHash: hex64(),
          kind: 'bind',
          provider: 'google',
          issuer: 'http://idp.test',
          subject: `s-${age}`,
          ...times,
        })
        .returning({ id: socialTicket.id });
      put('ticket', ticket!.id);
    }

    // any visitor asking for a slider (or a captcha) runs the sweep, at most once an hour
    const res = await t.app.inject({ url: '/wps/captcha/slider', headers: { merchant: m.code } });
    expect(res.statusCode, res.body).toBe(200);

    const tables = {
      captcha,
      slider: sliderChallenge,
      pending: loginPending,
      emailCode: loginEmailCode,
      reset: passwordReset,
      flow: socialFlow,
      ticket: socialTicket,
    };
    for (const [name, table] of Object.entries(tables)) {
      const ids = made[name]!;
      const left = await remaining(table, [ids.old, ids.recent, ids.live]);
      expect(left, name).toEqual([ids.recent, ids.live].sort());
    }
  });
});
