import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp, expectNoSecret } from '../../test/harness.js';
import { systemClock } from '../../platform/module.js';
import { createMailService } from './mail.service.js';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.js';
import {
  createMerchant,
  createOperator,
  merchantIdOf,
  operatorLogin as login,
} from '../../test/factories.js';

function captureLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      lines.push(String(chunk));
      cb();
    },
  });
  return { log: pino({ level: 'trace' }, stream), lines };
}

const CODE = '482913';
const LINK = 'http://site.local/?resetToken=abcdefTOKEN123';
const message = (merchantId: number, to: string) => ({
  merchantId,
  fromName: 'Demo "Brand"',
  to,
  subject: 'পাসওয়ার্ড রিসেট / Password reset',
  text: `আপনার কোড ${CODE}\nOpen ${LINK}`,
  html: `<p>আপনার কোড <b>${CODE}</b></p><a href="${LINK}">reset</a>`,
  kind: 'password_reset',
  secrets: [CODE, LINK],
});

describe('mail over SMTP', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let demoId: number;

  beforeAll(async () => {
    smtp = await startTestSmtp({ failRecipients: ['bounce@example.test'] });
    t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'no-reply@demo.test' } });
    demoId = await merchantIdOf(t.database.db, DEMO.merchant);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('delivers the mail to the SMTP server and records a masked copy; logs carry no secret', async () => {
    const { log, lines } = captureLog();
    const mail = createMailService({
      db: t.database.db,
      clock: systemClock,
      smtpUrl: t.config.smtpUrl,
      mailFrom: t.config.mailFrom,
      log,
    });
    const r = await mail.send(message(demoId, 'player@example.test'));
    expect(r.transport).toBe('smtp');
    const got = await smtp.waitFor('player@example.test');
    expect(got.subject).toBe('পাসওয়ার্ড রিসেট / Password reset');
    expect(got.from).toContain('no-reply@demo.test');
    expect(got.from).toContain('Demo Brand');
    expect(got.text).toContain(CODE);
    expect(got.text).toContain(LINK);
    expect(got.html).toContain(`<b>${CODE}</b>`);
    mail.close();

    const op = await login(t.app, DEMO.merchant, 'admin', 'Admin@12345');
    const res = await t.app.inject({ url: '/admin/api/mail-outbox', headers: { authorization: op } });
    expect(res.statusCode).toBe(200);
    const [entry] = res.json().value.list;
    expect(entry).toMatchObject({
      to: 'player@example.test',
      transport: 'smtp',
      status: 'sent',
      kind: 'password_reset',
    });
    expect(entry.sentAt).toEqual(expect.any(String));
    expectNoSecret(res.body, CODE);
    expect(res.body).not.toContain('abcdefTOKEN123');
    expect(entry.text).toContain('••••••');

    const logText = lines.join('');
    expect(logText).toContain('mail sent');
    for (const secret of [CODE, 'abcdefTOKEN123', 'player@example.test']) expectNoSecret(logText, secret);
  });

  it('a refused recipient is recorded as failed and answered with mail_send_failed', async () => {
    const { log, lines } = captureLog();
    const mail = createMailService({
      db: t.database.db,
      clock: systemClock,
      smtpUrl: t.config.smtpUrl,
      mailFrom: t.config.mailFrom,
      log,
    });
    await expect(mail.send(message(demoId, 'bounce@example.test'))).rejects.toMatchObject({
      code: 'mail_send_failed',
    });
    mail.close();
    const op = await login(t.app, DEMO.merchant, 'admin', 'Admin@12345');
    const res = await t.app.inject({
      url: '/admin/api/mail-outbox?to=BOUNCE@example.test',
      headers: { authorization: op },
    });
    expect(res.json().value).toMatchObject({ totalCount: 1 });
    expect(res.json().value.list[0]).toMatchObject({ status: 'failed', sentAt: null });
    expectNoSecret(lines.join(''), CODE);
  });
});

describe('mail without SMTP (the outbox)', () => {
  let t: TestApp;
  let demoId: number;
  let owner: string;
  let viewer: string;
  let other: string;
  const outbox = (token: string, q = '') =>
    t.app.inject({ url: `/admin/api/mail-outbox${q}`, headers: { authorization: token } });

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    demoId = await merchantIdOf(db, DEMO.merchant);
    const otherId = (await createMerchant(db, { code: 'othermail', modules: false })).id;
    await createOperator(db, demoId, 'mailviewer', 'viewer');
    await createOperator(db, otherId, 'otherowner', 'owner');
    owner = await login(t.app, DEMO.merchant, 'admin', 'Admin@12345');
    viewer = await login(t.app, DEMO.merchant, 'mailviewer');
    other = await login(t.app, 'othermail', 'otherowner');
    const { log } = captureLog();
    const mail = createMailService({ db, clock: systemClock, smtpUrl: undefined, mailFrom: 'x@y.z', log });
    expect(mail.smtpEnabled).toBe(false);
    for (let i = 0; i < 7; i++) {
      await mail.send({
        ...message(demoId, `p${i}@example.test`),
        kind: i % 2 ? 'login_code' : 'password_reset',
      });
    }
    await mail.send(message(otherId, 'other@example.test'));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores the whole mail (the demo reads its codes here) newest first', async () => {
    const res = await outbox(owner);
    expect(res.statusCode).toBe(200);
    const v = res.json().value;
    expect(v).toMatchObject({ pageNo: 1, pageSize: 20, totalCount: 7, totalPages: 1 });
    expect(v.list[0]).toMatchObject({
      to: 'p6@example.test',
      transport: 'outbox',
      status: 'stored',
      sentAt: null,
    });
    expect(v.list[0].text).toContain(CODE);
    expect(v.list[0].html).toContain(LINK);
  });

  it('pages and filters by recipient and kind; viewers may read', async () => {
    const p2 = (await outbox(viewer, '?pageSize=3&pageNo=2')).json().value;
    expect(p2).toMatchObject({ pageNo: 2, pageSize: 3, totalCount: 7, totalPages: 3 });
    expect(p2.list.map((m: { to: string }) => m.to)).toEqual([
      'p3@example.test',
      'p2@example.test',
      'p1@example.test',
    ]);
    const codes = (await outbox(viewer, '?kind=login_code')).json().value;
    expect(codes.totalCount).toBe(3);
    const one = (await outbox(viewer, '?to=P4@EXAMPLE.TEST')).json().value;
    expect(one.list.map((m: { to: string }) => m.to)).toEqual(['p4@example.test']);
  });

  it('shows each merchant only its own mail', async () => {
    const v = (await outbox(other)).json().value;
    expect(v.totalCount).toBe(1);
    expect(v.list[0].to).toBe('other@example.test');
  });

  it('rejects anonymous callers, bad tokens and bad queries', async () => {
    const anon = await t.app.inject('/admin/api/mail-outbox');
    expect(anon.statusCode).toBe(401);
    expect(anon.json().errorCode).toBe('login.not.session');
    expect((await outbox('not-a-token')).statusCode).toBe(401);
    for (const q of ['?pageSize=0', '?pageSize=101', '?pageNo=-1', '?kind=DROP%20TABLE', '?to=a']) {
      const res = await outbox(owner, q);
      expect(res.statusCode, q).toBe(422);
      expect(res.json().errorCode).toBe('request_param_err');
    }
  });

  it('a member token is not an operator token', async () => {
    const res = await t.app.inject({
      url: '/admin/api/mail-outbox',
      headers: { authorization: 'x'.repeat(43), merchant: DEMO.merchant },
    });
    expect(res.statusCode).toBe(401);
  });
});
