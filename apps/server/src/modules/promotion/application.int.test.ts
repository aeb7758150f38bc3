import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_LIMITS } from '@bp/contract';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.js';
import { rows } from '../../platform/sql.js';
import {
  createMerchant,
  createOperator,
  expectLedgerInvariants,
  mainBalance,
  memberSession,
  merchantIdOf,
  operatorLogin,
  operatorToken,
} from '../../test/factories.js';

/**
 * Promotion applications through HTTP (APPLICATION trigger): a member applies with a remark and
 * images checked by content; an operator of the merchant approves (paid once, whatever arrives at the
 * same time) or rejects with a reason; nobody else sees the images.
 */
let t: TestApp;
let merchantId: number;
let admin: string;
let viewer: string;
let foreignAdmin: string;
const db = () => t.database.db;

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452', 'hex'),
  randomBytes(64),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]), randomBytes(64)]);
const b64 = (b: Buffer) => b.toString('base64');

beforeAll(async () => {
  t = await createTestApp({ poolMax: 12 });
  merchantId = await merchantIdOf(db());
  admin = await operatorToken(t.app);
  await createOperator(db(), merchantId, 'appviewer', 'viewer');
  viewer = await operatorLogin(t.app, DEMO.merchant, 'appviewer');
  const other = await createMerchant(db());
  await createOperator(db(), other.id, 'otheradmin', 'admin');
  foreignAdmin = await operatorLogin(t.app, other.code, 'otheradmin');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

type Member = Awaited<ReturnType<typeof memberSession>>;

async function promotion(body: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/admin/api/promotions',
    headers: { authorization: admin },
    payload: {
      category: 'other_promo',
      title: { EN: 'Share your win', BN: 'আপনার জয় শেয়ার করুন' },
      trigger: 'APPLICATION',
      rewardKind: 'FIXED',
      rewardAmount: '25',
      ...body,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as { id: number };
}

const apply = (m: Member, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/wps/relay/MCSFE_applyPromotion', headers: m.headers, payload });

const op = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });

async function statusIn(m: Member, promotionId: number) {
  const res = await t.app.inject({ url: '/wps/relay/MCSFE_getAvailablePromotions', headers: m.headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().value as { id: number; status: string }[]).find((p) => p.id === promotionId)?.status;
}

async function mine(m: Member, promotionId: number) {
  const res = await t.app.inject({
    url: `/wps/relay/MCSFE_getPromotionApplications?promotionId=${promotionId}`,
    headers: m.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as {
    canApply: boolean;
    list: { id: string; status: string; reason: string | null; imageCount: number; claim: unknown }[];
  };
}

const count = async (table: string, promotionId: number) => {
  const [r] = await rows<{ n: number }>(
    db(),
    sql`select count(*)::int as n from ${sql.raw(table)} where promotion_id = ${promotionId}`,
  );
  return r!.n;
};

const bonusBalance = async (memberId: number) => {
  const [r] = await rows<{ b: string }>(
    db(),
    sql`select coalesce(sum(balance), 0)::text as b from ledger_account where member_id = ${memberId} and code = 'bonus'`,
  );
  return BigInt(r!.b);
};

describe('applying', () => {
  it('takes a remark and images checked by content; refuses fakes, oversize, a 4th image and 141 characters', async () => {
    const p = await promotion();
    const m = await memberSession(t.app, db(), merchantId);
    expect(await statusIn(m, p.id)).toBe('Join');

    const fake = await apply(m, {
      promotionId: p.id,
      remark: 'a text file named png',
      images: [{ data: `data:image/png;base64,${b64(Buffer.from('just some text, not a picture'))}` }],
    });
    expect(fake.statusCode, fake.body).toBe(422);
    expect(fake.json().errorCode).toBe('promotion_application_image_invalid');
    const gif = await apply(m, {
      promotionId: p.id,
      remark: 'gif',
      images: [{ data: b64(Buffer.from('GIF89a-----------')) }],
    });
    expect(gif.json().errorCode).toBe('promotion_application_image_invalid');

    const big = Buffer.concat([PNG, Buffer.alloc(APPLICATION_LIMITS.MAX_IMAGE_BYTES - PNG.length + 1, 1)]);
    const oversize = await apply(m, { promotionId: p.id, remark: 'big', images: [{ data: b64(big) }] });
    expect(oversize.statusCode, oversize.body).toBe(413);
    expect(oversize.json().errorCode).toBe('promotion_application_image_too_large');

    const four = await apply(m, {
      promotionId: p.id,
      remark: 'four',
      images: [PNG, PNG, JPEG, JPEG].map((b) => ({ data: b64(b) })),
    });
    expect(four.statusCode, four.body).toBe(422);
    expect(four.json().errorCode).toBe('request_param_err');

    const long = await apply(m, { promotionId: p.id, remark: 'x'.repeat(141) });
    expect(long.json().errorCode).toBe('request_param_err');
    const empty = await apply(m, { promotionId: p.id, remark: '   ' });
    expect(empty.json().errorCode).toBe('request_param_err');
    expect(await count('promotion_application', p.id)).toBe(0);

    // 140 Bengali characters and three images, the largest allowed: taken, waiting for review
    const max = Buffer.concat([PNG, Buffer.alloc(APPLICATION_LIMITS.MAX_IMAGE_BYTES - PNG.length, 2)]);
    const ok = await apply(m, {
      promotionId: p.id,
      remark: 'জ'.repeat(140),
      images: [{ data: `data:image/jpeg;base64,${b64(max)}` }, { data: b64(JPEG) }, { data: b64(PNG) }],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().value).toMatchObject({ state: 'APPLYING', status: 'Applying', imageCount: 3 });
    expect(await statusIn(m, p.id)).toBe('Applying');
    const [stored] = await rows<{ content_type: string; n: number }>(
      db(),
      sql`select content_type, octet_length(data)::int as n from promotion_application_image
          where application_id = ${Number(ok.json().value.id)} and idx = 0`,
    );
    // the data URL said jpeg; the bytes say png
    expect(stored).toEqual({ content_type: 'image/png', n: APPLICATION_LIMITS.MAX_IMAGE_BYTES });

    // a second one while it waits is refused; joining it the generic way too
    const again = await apply(m, { promotionId: p.id, remark: 'again' });
    expect(again.json().errorCode).toBe('promotion_application_pending');
    const join = await t.app.inject({
      method: 'POST',
      url: '/wps/promotions',
      headers: m.headers,
      payload: { promotionId: p.id },
    });
    expect(join.json().errorCode).toBe('promotion_unavailable');
  });

  it('only applies to APPLICATION promotions', async () => {
    const claim = await promotion({ trigger: 'CLAIM' });
    const m = await memberSession(t.app, db(), merchantId);
    const res = await apply(m, { promotionId: claim.id, remark: 'hello' });
    expect(res.json().errorCode).toBe('promotion_not_found');
  });

  it('10 parallel applies of one member make one application', async () => {
    const p = await promotion();
    const m = await memberSession(t.app, db(), merchantId);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        apply(m, { promotionId: p.id, remark: `try ${i}`, images: [{ data: b64(PNG) }] }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 200)) {
      expect(a.json().errorCode).toBe('promotion_application_pending');
    }
    expect(await count('promotion_application', p.id)).toBe(1);
    const [imgs] = await rows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from promotion_application_image i
          join promotion_application a on a.id = i.application_id where a.promotion_id = ${p.id}`,
    );
    expect(imgs!.n).toBe(1);
  });
});

describe('review', () => {
  it('approval pays once under 10 parallel approvals (bonus with wagering), audited, notified', async () => {
    const p = await promotion({ rewardAmount: '40', wageringMultiple: 3 });
    const m = await memberSession(t.app, db(), merchantId);
    const a = (
      await apply(m, { promotionId: p.id, remark: 'my screenshot', images: [{ data: b64(PNG) }] })
    ).json().value as { id: string };

    // the queue: a viewer reads it with the images, but may not decide
    const list = await op(
      viewer,
      'GET',
      `/admin/api/promotion-applications?state=APPLYING&promotionId=${p.id}`,
    );
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().value).toMatchObject({ totalCount: 1, list: [{ id: a.id, username: m.username }] });
    const detail = await op(viewer, 'GET', `/admin/api/promotion-applications/${a.id}`);
    expect(detail.json().value.images).toEqual([{ contentType: 'image/png', data: b64(PNG) }]);
    const byViewer = await op(viewer, 'POST', `/admin/api/promotion-applications/${a.id}/approve`, {});
    expect(byViewer.statusCode).toBe(403);

    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        op(admin, 'POST', `/admin/api/promotion-applications/${a.id}/approve`, {}),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of answers.filter((x) => x.statusCode !== 200)) {
      expect(r.json().errorCode).toBe('promotion_application_decided');
    }
    const won = answers.find((r) => r.statusCode === 200)!.json().value;
    expect(won).toMatchObject({ state: 'APPROVED', status: 'Process', decidedBy: 'admin' });
    expect(await bonusBalance(m.id)).toBe(40_00n);
    const [entries] = await rows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from ledger_entry where member_id = ${m.id} and idem_key like 'promo:grant:%'`,
    );
    expect(entries!.n).toBe(1);
    await expectLedgerInvariants(db());

    const [audit] = await rows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from audit_log where action = 'promotion.application.approve' and entity_id = ${a.id}`,
    );
    expect(audit!.n).toBe(1);
    const inbox = await t.app.inject({ url: '/wps/relay/CSP_getInbox', headers: m.headers });
    expect(JSON.stringify(inbox.json().value)).toContain('promotion_application_approved');

    expect(await statusIn(m, p.id)).toBe('Process');
    const own = await mine(m, p.id);
    expect(own.canApply).toBe(false);
    expect(own.list[0]).toMatchObject({
      status: 'Process',
      claim: { bonusAmount: '40.00', requiredTurnover: '120.00' },
    });
    const rejectLate = await op(admin, 'POST', `/admin/api/promotion-applications/${a.id}/reject`, {
      reason: 'no',
    });
    expect(rejectLate.json().errorCode).toBe('promotion_application_decided');
  });

  it('a cash reward (no wagering) lands in the main wallet', async () => {
    const p = await promotion({ rewardAmount: '12.50' });
    const m = await memberSession(t.app, db(), merchantId);
    const before = await mainBalance(db(), m.id);
    const a = (await apply(m, { promotionId: p.id, remark: 'cash please' })).json().value as { id: string };
    const res = await op(admin, 'POST', `/admin/api/promotion-applications/${a.id}/approve`, {
      remark: 'ok',
    });
    expect(res.json().value).toMatchObject({ status: 'Claimed' });
    expect((await mainBalance(db(), m.id)) - before).toBe(12_50n);
    await expectLedgerInvariants(db());
  });

  it('a rejection carries its reason to the member; re-applying only when the promotion allows it', async () => {
    const p = await promotion();
    const m = await memberSession(t.app, db(), merchantId);
    const first = (await apply(m, { promotionId: p.id, remark: 'first' })).json().value as { id: string };
    const noReason = await op(admin, 'POST', `/admin/api/promotion-applications/${first.id}/reject`, {});
    expect(noReason.json().errorCode).toBe('request_param_err');
    const rejected = await op(admin, 'POST', `/admin/api/promotion-applications/${first.id}/reject`, {
      reason: 'The screenshot is unreadable',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().value).toMatchObject({
      state: 'REJECTED',
      reason: 'The screenshot is unreadable',
    });
    expect(await statusIn(m, p.id)).toBe('Rejected');
    expect(await mine(m, p.id)).toMatchObject({
      canApply: false,
      list: [{ status: 'Rejected', reason: 'The screenshot is unreadable' }],
    });
    const inbox = await t.app.inject({ url: '/wps/relay/CSP_getInbox', headers: m.headers });
    expect(JSON.stringify(inbox.json().value)).toContain('The screenshot is unreadable');
    expect((await apply(m, { promotionId: p.id, remark: 'again' })).json().errorCode).toBe(
      'promotion_unavailable',
    );

    // the operator allows re-applying: a second application is taken
    const set = await op(admin, 'PUT', `/admin/api/promotions/${p.id}/application-settings`, {
      allowReapply: true,
    });
    expect(set.json().value).toEqual({ allowReapply: true });
    expect((await mine(m, p.id)).canApply).toBe(true);
    const second = await apply(m, { promotionId: p.id, remark: 'a clearer one' });
    expect(second.statusCode, second.body).toBe(200);
    expect(await statusIn(m, p.id)).toBe('Applying');
    expect((await mine(m, p.id)).list.map((x) => x.status)).toEqual(['Applying', 'Rejected']);
    expect(await bonusBalance(m.id)).toBe(0n);
  });
});

describe('scoping', () => {
  it("another merchant's operator neither sees nor decides; a member cannot fetch another member's image", async () => {
    const p = await promotion();
    const m = await memberSession(t.app, db(), merchantId);
    const other = await memberSession(t.app, db(), merchantId);
    const a = (await apply(m, { promotionId: p.id, remark: 'mine', images: [{ data: b64(JPEG) }] })).json()
      .value as { id: string };

    const list = await op(foreignAdmin, 'GET', '/admin/api/promotion-applications');
    expect(list.json().value.totalCount).toBe(0);
    for (const [method, url, body] of [
      ['GET', `/admin/api/promotion-applications/${a.id}`, undefined],
      ['POST', `/admin/api/promotion-applications/${a.id}/approve`, {}],
      ['POST', `/admin/api/promotion-applications/${a.id}/reject`, { reason: 'nope' }],
    ] as const) {
      const res = await op(foreignAdmin, method, url, body);
      expect(res.statusCode, url).toBe(404);
    }

    const own = await t.app.inject({
      url: `/wps/relay/MCSFE_getPromotionApplicationImage?id=${a.id}&index=0`,
      headers: m.headers,
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().value).toEqual({ contentType: 'image/jpeg', data: b64(JPEG) });
    const theirs = await t.app.inject({
      url: `/wps/relay/MCSFE_getPromotionApplicationImage?id=${a.id}&index=0`,
      headers: other.headers,
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().errorCode).toBe('promotion_application_not_found');
    const anonymous = await t.app.inject({
      url: `/wps/relay/MCSFE_getPromotionApplicationImage?id=${a.id}&index=0`,
      headers: { merchant: DEMO.merchant },
    });
    expect(anonymous.statusCode).toBe(401);
    // still waiting: nobody decided it
    expect(await statusIn(m, p.id)).toBe('Applying');
  });
});
