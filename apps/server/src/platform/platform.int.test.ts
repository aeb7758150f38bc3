import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { DOCS_ENABLED: 'true' } });
});
afterAll(async () => {
  await t?.close();
});

describe('platform', () => {
  it('answers health and readiness', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ success: true, value: { status: 'ok' } });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().value.status).toBe('ready');
  });

  it('exposes Prometheus metrics', async () => {
    await t.app.inject('/healthz');
    const res = await t.app.inject('/metrics');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('http_request_duration_seconds_bucket');
    expect(res.body).toContain('process_cpu_user_seconds_total');
  });

  it('serves an OpenAPI document generated from the contract', async () => {
    const res = await t.app.inject('/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/wps/system/status'].get.operationId).toBe('system.status');
    // written on its first read, after start-up: endpoints of encapsulated scopes (registered while
    // the app boots) are in it too
    expect(doc.paths['/wps/relay/MCSFE_applyPromotion'].post.operationId).toBe('promotion.apply');
  });

  it('answers unknown API paths with the envelope and wrong methods with 405', async () => {
    const nf = await t.app.inject('/wps/nothing/here');
    expect(nf.statusCode).toBe(404);
    expect(nf.json()).toMatchObject({ success: false, errorCode: 'not_found' });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/wps/system/status',
      headers: { merchant: DEMO.merchant },
    });
    expect(wrong.statusCode).toBe(405);
    expect(wrong.json()).toMatchObject({ success: false, errorCode: 'http_method_not_support' });
  });

  it('refuses an unknown merchant and a malformed or duplicated Merchant header with a clear error', async () => {
    const unknown = await t.app.inject({ url: '/wps/system/status', headers: { merchant: 'nosuchbrand' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ success: false, errorCode: 'merchant.not.found' });
    expect(unknown.json().message).toMatch(/domain check failed/i);

    const malformed = await t.app.inject({
      url: '/wps/system/status',
      headers: { merchant: "x'; drop table merchant" },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errorCode).toBe('merchant.header.invalid');

    const dup = await t.app.inject({
      url: '/wps/system/status',
      headers: { merchant: [DEMO.merchant, DEMO.merchant] as unknown as string },
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errorCode).toBe('merchant.header.invalid');
  });

  it('resolves the merchant from the host when no header is sent, and refuses unknown hosts', async () => {
    const byHost = await t.app.inject({ url: '/wps/system/status', headers: { host: 'localhost:8080' } });
    expect(byHost.statusCode).toBe(200);
    expect(byHost.json().value.info.merchant.code).toBe(DEMO.merchant);
    const other = await t.app.inject({ url: '/wps/system/status', headers: { host: 'evil.example:8080' } });
    expect(other.statusCode).toBe(400);
    expect(other.json().errorCode).toBe('merchant.not.found');
  });

  it('writes server messages in the language of the Language header', async () => {
    const bn = await t.app.inject({
      url: '/wps/system/status',
      headers: { merchant: 'nosuch', language: 'BN' },
    });
    expect(bn.json().message).toMatch(/[\u0980-\u09FF]/);
    const en = await t.app.inject({
      url: '/wps/system/status',
      headers: { merchant: 'nosuch', language: 'en' },
    });
    expect(en.json().message).toMatch(/^Invalid URL/);
    expect(en.json().msg).toBe(en.json().message);
  });

  it('turns malformed JSON into a 400 envelope, never a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/nothing',
      headers: { 'content-type': 'application/json', merchant: DEMO.merchant },
      payload: '{bad json',
    });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().success).toBe(false);
  });
});

describe('reply serialisation', () => {
  it('writes bigints exactly as strings', async () => {
    // the app's serializer is what matters: a route of an extra module returns a bigint
    const t2 = await createTestApp({
      deps: {
        extraModules: [
          ({ app }) => {
            app.get('/wps/test-bigint', async () => ({ success: true, value: { big: 9007199254740993n } }));
          },
        ],
      },
    });
    try {
      const res = await t2.app.inject('/wps/test-bigint');
      expect(res.body).toBe('{"success":true,"value":{"big":"9007199254740993"}}');
    } finally {
      await t2.close();
    }
  });
});
