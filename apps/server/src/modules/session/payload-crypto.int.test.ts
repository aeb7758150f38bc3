import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { encryptPayload } from '@bp/contract';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.js';
import { auditLog, rsaKey } from '../../db/schema/index.js';
import { createOperator, merchantIdOf, operatorLogin, solveSlider } from '../../test/factories.js';
import { testClock } from '../../test/clock.js';

const clock = testClock();
let t: TestApp;
let op: string;
let demoId: number;
const H = { merchant: DEMO.merchant };

beforeAll(async () => {
  t = await createTestApp({ deps: { clock } });
  op = await operatorLogin(t.app, DEMO.merchant, 'admin', 'Admin@12345');
  demoId = await merchantIdOf(t.database.db, DEMO.merchant);
});
afterAll(async () => {
  await t?.close();
});

async function publicKey() {
  const res = await t.app.inject({ url: '/wps/session/key/rsa?t=1', headers: H });
  return { spki: res.body, keyId: String(res.headers['x-key-id']) };
}

async function loginPayload() {
  return {
    username: 'demo01',
    password: 'Demo@1234',
    type: 'username',
    sliderToken: await solveSlider(t.app, t.database.db),
  };
}

const postLogin = (headers: Record<string, string>, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/session/login',
    headers: { ...H, ...headers },
    payload: payload as object,
  });

describe('GET /wps/session/key/rsa', () => {
  it('serves the base64 SPKI as text/plain with its key id, the same key each time', async () => {
    const res = await t.app.inject({ url: '/wps/session/key/rsa?t=123', headers: H });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['x-key-id']).toMatch(/^k[0-9a-f]{12}$/);
    expect(res.body).toMatch(/^[A-Za-z0-9+/]+=*$/);
    // DER SEQUENCE of an RSA-2048 SubjectPublicKeyInfo is 294 bytes
    expect(Buffer.from(res.body, 'base64').length).toBe(294);
    const json = await t.app.inject({ url: '/wps/session/key/rsa?format=json', headers: H });
    expect(json.json()).toEqual({ success: true, value: { keyId: res.headers['x-key-id'], spki: res.body } });
    expect((await t.app.inject({ url: '/wps/session/key/rsa?format=xml', headers: H })).statusCode).toBe(422);
  });

  it('keeps one key per merchant', async () => {
    const rows = await t.database.db.select().from(rsaKey).where(eq(rsaKey.merchantId, demoId));
    expect(rows.filter((r) => r.active)).toHaveLength(1);
  });
});

describe('encrypted login', () => {
  it('accepts an encrypted body, with or without the key id prefix', async () => {
    const { spki, keyId } = await publicKey();
    for (const opts of [{}, { keyId }]) {
      const { encryption, body } = await encryptPayload(spki, await loginPayload(), opts);
      const res = await postLogin({ encryption }, body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().value.userName).toBe('demo01');
    }
  });

  it('validates the decrypted JSON like any body', async () => {
    const { spki } = await publicKey();
    const { encryption, body } = await encryptPayload(spki, { username: 'demo01' });
    const res = await postLogin({ encryption }, body);
    expect(res.statusCode).toBe(422);
    expect(res.json().errorCode).toBe('request_param_err');
  });

  it('answers request_param_err (never a 500) for tampered ciphertext, a wrong key or a malformed envelope', async () => {
    const { spki } = await publicKey();
    const { encryption, body } = await encryptPayload(spki, await loginPayload());
    const raw = Buffer.from(body.value, 'base64');
    raw[20]! ^= 0xff;
    const other = await crypto.subtle.generateKey(
      { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
      true,
      ['encrypt', 'decrypt'],
    );
    const otherSpki = Buffer.from(await crypto.subtle.exportKey('spki', other.publicKey)).toString('base64');
    const foreign = await encryptPayload(otherSpki, await loginPayload());
    for (const [headers, payload] of [
      [{ encryption }, { value: raw.toString('base64') }],
      [{ encryption: foreign.encryption }, foreign.body],
      [{ encryption: 'kunknown1.' + encryption }, body],
      [{ encryption: '%%%' }, body],
      [{ encryption }, { value: '' }],
      [{ encryption }, { other: 1 }],
    ] as const) {
      const res = await postLogin(headers, payload);
      expect(res.statusCode, JSON.stringify(headers)).toBe(422);
      expect(res.json().errorCode).toBe('request_param_err');
    }
  });

  it('takes plain JSON while the merchant allows it, and refuses it when switched off', async () => {
    expect((await postLogin({}, await loginPayload())).statusCode).toBe(200);
    const put = (allowPlainPayloads: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: '/admin/api/security/auth-settings',
        headers: { authorization: op },
        payload: { allowPlainPayloads },
      });
    expect((await put(false)).json().value.allowPlainPayloads).toBe(false);
    try {
      const plain = await postLogin({}, await loginPayload());
      expect(plain.statusCode).toBe(400);
      expect(plain.json().errorCode).toBe('request_body_required');
      const { spki } = await publicKey();
      const { encryption, body } = await encryptPayload(spki, await loginPayload());
      expect((await postLogin({ encryption }, body)).statusCode).toBe(200);
      // calls not marked encrypted are unaffected
      const slider = await t.app.inject({ url: '/wps/captcha/slider', headers: H });
      expect(slider.statusCode).toBe(200);
    } finally {
      await put(true);
    }
  });
});

describe('POST /admin/api/security/rsa/rotate', () => {
  it('makes a new key, keeps the old one working for the grace period, and audits it', async () => {
    const before = await publicKey();
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/api/security/rsa/rotate',
      headers: { authorization: op },
    });
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().value;
    expect(v.previousKeyId).toBe(before.keyId);
    expect(v.keyId).not.toBe(before.keyId);
    const after = await publicKey();
    expect(after).toEqual({ keyId: v.keyId, spki: v.spki });

    const oldSealed = await encryptPayload(before.spki, await loginPayload());
    expect((await postLogin({ encryption: oldSealed.encryption }, oldSealed.body)).statusCode).toBe(200);
    const newSealed = await encryptPayload(after.spki, await loginPayload(), { keyId: after.keyId });
    expect((await postLogin({ encryption: newSealed.encryption }, newSealed.body)).statusCode).toBe(200);

    clock.advance(25 * 3_600_000);
    const late = await encryptPayload(before.spki, await loginPayload());
    expect((await postLogin({ encryption: late.encryption }, late.body)).json().errorCode).toBe(
      'request_param_err',
    );

    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'security.rsa.rotate'));
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits[0])).not.toContain('PRIVATE');
  });

  it('refuses viewers, anonymous callers and member tokens', async () => {
    await createOperator(t.database.db, demoId, 'viewer9', 'viewer');
    const viewer = await operatorLogin(t.app, DEMO.merchant, 'viewer9');
    const asViewer = await t.app.inject({
      method: 'POST',
      url: '/admin/api/security/rsa/rotate',
      headers: { authorization: viewer },
    });
    expect(asViewer.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/admin/api/security/rsa/rotate' })).statusCode).toBe(
      401,
    );
  });
});
