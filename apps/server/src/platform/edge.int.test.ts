import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../test/harness.js';
import { createMerchant, createOperator, merchantIdOf, operatorLogin as login } from '../test/factories.js';

/**
 * The HTTP edge (issue 12): security headers on every kind of answer, CORS per merchant, and every
 * refusal of the framework itself (404, 405, 413, 414, 431, a malformed URL) in the envelope.
 */

const fixtures = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-edge-'));
const webDist = path.join(fixtures, 'web');
const gameDist = path.join(fixtures, 'game');
fs.mkdirSync(path.join(gameDist, 'assets'), { recursive: true });
fs.mkdirSync(webDist, { recursive: true });
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>site</title>');
fs.writeFileSync(path.join(gameDist, 'index.html'), '<!doctype html><title>game</title>');
fs.writeFileSync(path.join(gameDist, 'assets', 'app-1.js'), 'console.log(1)');

let t: TestApp;
let closed: TestApp;
let port: number;
let owner: string;
let viewer: string;
let otherOwner: string;

beforeAll(async () => {
  t = await createTestApp({
    env: { TRUST_PROXY: 'true', WEB_DIST: webDist, GAME_CLIENT_DIST: gameDist, DOCS_ENABLED: 'true' },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
  const db = t.database.db;
  const demoId = await merchantIdOf(db, DEMO.merchant);
  const otherId = (await createMerchant(db, { code: 'edgeother', modules: false })).id;
  await Promise.all([
    createOperator(db, demoId, 'edgeowner', 'owner'),
    createOperator(db, demoId, 'edgeviewer', 'viewer'),
    createOperator(db, otherId, 'edgeother', 'owner'),
  ]);
  [owner, viewer, otherOwner] = await Promise.all([
    login(t.app, DEMO.merchant, 'edgeowner'),
    login(t.app, DEMO.merchant, 'edgeviewer'),
    login(t.app, 'edgeother', 'edgeother'),
  ]);
  // production-like: /metrics and /docs closed, no proxy trusted
  closed = await createTestApp({ env: { METRICS_ENABLED: 'false', DOCS_ENABLED: 'false' } });
}, 120_000);
afterAll(async () => {
  await Promise.all([t?.close(), closed?.close()]);
  fs.rmSync(fixtures, { recursive: true, force: true });
});

/** One raw HTTP/1.1 exchange: `fetch` and `inject` normalise or refuse the URLs these tests send. */
function raw(request: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(request));
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n', 2);
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const l of lines) {
        const i = l.indexOf(':');
        headers[l.slice(0, i).trim().toLowerCase()] = l.slice(i + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
  });
}
const get = (target: string, headers = '') =>
  raw(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${headers}\r\n`);

function expectEnvelope(res: { headers: Record<string, string>; body: string }, errorCode: string) {
  const body = JSON.parse(res.body);
  expect(body).toEqual({ success: false, errorCode, message: expect.any(String), msg: body.message });
  expect(res.headers['content-type']).toContain('application/json');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
}

const csp = (h: Record<string, string | string[] | number | undefined>) =>
  Object.fromEntries(
    String(h['content-security-policy'])
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([k, ...v]) => [k, v]),
  ) as Record<string, string[]>;

describe('security headers', () => {
  it('the player site and the agent centre: a CSP without inline script, framed only by itself', async () => {
    for (const url of ['/', '/agentHome', '/member/withdraw']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      const p = csp(res.headers);
      expect(p['script-src']).toEqual(["'self'"]);
      expect(p['frame-ancestors']).toEqual(["'self'"]);
      expect(p['object-src']).toEqual(["'none'"]);
      expect(p['default-src']).toEqual(["'self'"]);
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      // plain HTTP: no HSTS (it would pin a development host to HTTPS)
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('API answers, success and failure, carry the same headers: nothing may load or frame them', async () => {
    const ok = await t.app.inject({ url: '/wps/system/status', headers: { merchant: DEMO.merchant } });
    const bad = await t.app.inject({ url: '/wps/member/info', headers: { merchant: DEMO.merchant } });
    const vendor = await t.app.inject({ method: 'POST', url: '/vendor/NOSUCH/wallet/balance', payload: {} });
    for (const res of [ok, bad, vendor]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(csp(res.headers)).toEqual({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] });
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      // the page policy's other headers are the site's, not the API's
      expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
      expect(res.headers['x-dns-prefetch-control']).toBeUndefined();
    }
    expect(ok.statusCode).toBe(200);
    expect(bad.statusCode).toBe(401);
  });

  it('/docs is served under the CSP (no inline script needed)', async () => {
    const res = await t.app.inject({ url: '/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/<script>|<script\s+type="text\/javascript">/);
    expect(csp(res.headers)['script-src']).toEqual(["'self'"]);
    const init = await t.app.inject({ url: '/docs/static/swagger-initializer.js' });
    expect(init.statusCode).toBe(200);
  });

  it("the game iframe may be framed by the merchant's own domains only", async () => {
    for (const url of ['/gs/play/?t=abc&lang=bn', '/gs/verify/?round=gs1']) {
      const res = await t.app.inject({ url, headers: { host: 'demobet.local' } });
      expect(res.statusCode).toBe(200);
      const ancestors = csp(res.headers)['frame-ancestors'];
      expect(ancestors).toContain("'self'");
      expect(ancestors).toContain('agent.demobet.local');
      expect(ancestors).toContain('demobet.local');
      expect(ancestors).not.toContain('edgeother.local');
      expect(ancestors).not.toContain('*');
      expect(csp(res.headers)['script-src']).toEqual(["'self'"]);
      // X-Frame-Options cannot name other origins; frame-ancestors rules
      expect(res.headers['x-frame-options']).toBeUndefined();
    }
    const other = await t.app.inject({ url: '/gs/play/?t=abc', headers: { host: 'edgeother.local' } });
    expect(csp(other.headers)['frame-ancestors']).toEqual(["'self'", 'edgeother.local']);
  });

  it('over HTTPS (X-Forwarded-Proto from a trusted proxy): HSTS and Secure cookies', async () => {
    const https = await t.app.inject({
      url: '/wps/captcha',
      headers: { merchant: DEMO.merchant, 'x-forwarded-proto': 'https' },
    });
    expect(https.statusCode).toBe(200);
    expect(https.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}; includeSubDomains$/);
    const cookie = String(https.headers['set-cookie']);
    expect(cookie).toMatch(/^captchaId=/);
    expect(cookie).toMatch(/; Secure$/);
    expect(cookie).toContain('HttpOnly');
    const html = await t.app.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(html.headers['strict-transport-security']).toBeDefined();

    const plain = await t.app.inject({ url: '/wps/captcha', headers: { merchant: DEMO.merchant } });
    expect(String(plain.headers['set-cookie'])).not.toContain('Secure');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });

  it('X-Forwarded-Proto from an untrusted client is ignored', async () => {
    const res = await closed.app.inject({
      url: '/wps/captcha',
      headers: { merchant: DEMO.merchant, 'x-forwarded-proto': 'https' },
    });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(String(res.headers['set-cookie'])).not.toContain('Secure');
  });
});

describe('/metrics and /docs', () => {
  it('are open by default and closed by METRICS_ENABLED / DOCS_ENABLED = false (envelope 404)', async () => {
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(200);
    for (const url of ['/metrics', '/docs', '/docs/', '/docs/json', '/docs/static/index.html']) {
      const res = await closed.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ success: false, errorCode: 'not_found' });
    }
  });
});

describe('CORS', () => {
  const preflight = (origin: string, url = '/wps/member/info', host = '127.0.0.1') =>
    t.app.inject({
      method: 'OPTIONS',
      url,
      headers: {
        host,
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'merchant,authorization,content-type',
      },
    });

  it("one of the merchant's own domains may call; a foreign origin gets no CORS headers", async () => {
    const allowed = await t.app.inject({
      url: '/wps/system/status',
      headers: { merchant: DEMO.merchant, origin: 'https://agent.demobet.local' },
    });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://agent.demobet.local');
    expect(allowed.headers['access-control-expose-headers']).toContain('X-Key-Id');

    const foreign = await t.app.inject({
      url: '/wps/system/status',
      headers: { merchant: DEMO.merchant, origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(200);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();

    // another merchant's domain may not read this merchant's answers
    const crossBrand = await t.app.inject({
      url: '/wps/system/status',
      headers: { merchant: DEMO.merchant, origin: 'https://edgeother.local' },
    });
    expect(crossBrand.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers vary by Origin whether or not the request sent one (a cache keeps them apart)', async () => {
    const same = await t.app.inject({ url: '/wps/system/status', headers: { merchant: DEMO.merchant } });
    expect(same.statusCode).toBe(200);
    expect(same.headers.vary).toBe('Origin');
    expect(same.headers['access-control-allow-origin']).toBeUndefined();
    expect(same.headers['access-control-expose-headers']).toBeUndefined();
    const cross = await t.app.inject({
      url: '/wps/system/status',
      headers: { merchant: DEMO.merchant, origin: 'https://agent.demobet.local' },
    });
    expect(cross.headers.vary).toBe('Origin');
    expect(cross.headers['access-control-allow-origin']).toBe('https://agent.demobet.local');
  });

  it('preflights are answered 204 (never 405): with the CORS headers for allowed origins only', async () => {
    const ok = await preflight('https://demobet.local');
    expect(ok.statusCode).toBe(204);
    expect(ok.headers['access-control-allow-origin']).toBe('https://demobet.local');
    expect(String(ok.headers['access-control-allow-methods'])).toContain('POST');
    expect(String(ok.headers['access-control-allow-headers'])).toContain('authorization');

    const foreign = await preflight('https://evil.example');
    expect(foreign.statusCode).toBe(204);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    expect(foreign.headers['access-control-allow-methods']).toBeUndefined();

    // a route that only answers GET (the old 405 path) and an unknown path
    for (const url of ['/wps/game/launchGame', '/wps/no/such/path']) {
      const res = await preflight('https://demobet.local', url);
      expect(res.statusCode, url).toBe(204);
    }
  });

  it('an operator adds extra origins for its merchant only (viewers cannot; audited)', async () => {
    const partner = 'https://partner.example';
    expect((await preflight(partner)).headers['access-control-allow-origin']).toBeUndefined();

    const put = (token: string, origins: string[]) =>
      t.app.inject({
        method: 'PUT',
        url: '/admin/api/security/cors',
        headers: { authorization: token },
        payload: { origins },
      });
    expect((await put(viewer, [partner])).statusCode).toBe(403);
    const bad = await put(owner, ['https://x.example/path', 'javascript:alert(1)']);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errorCode).toBe('request_param_err');

    const res = await put(owner, [partner, 'HTTP://App.Partner.Example:8443']);
    expect(res.statusCode).toBe(200);
    expect(res.json().value.origins).toEqual([partner, 'http://app.partner.example:8443']);
    expect(res.json().value.domains).toContain('demobet.local');
    const view = await t.app.inject({ url: '/admin/api/security/cors', headers: { authorization: viewer } });
    expect(view.json().value.origins).toEqual([partner, 'http://app.partner.example:8443']);

    const now = await preflight(partner);
    expect(now.headers['access-control-allow-origin']).toBe(partner);
    const forDemo = await t.app.inject({
      url: '/wps/system/status',
      headers: { merchant: DEMO.merchant, origin: partner },
    });
    expect(forDemo.headers['access-control-allow-origin']).toBe(partner);
    // the list is the demo merchant's: calls for another merchant get no CORS headers
    const forOther = await t.app.inject({
      url: '/wps/system/status',
      headers: { merchant: 'edgeother', origin: partner },
    });
    expect(forOther.headers['access-control-allow-origin']).toBeUndefined();
    const otherView = await t.app.inject({
      url: '/admin/api/security/cors',
      headers: { authorization: otherOwner },
    });
    expect(otherView.json().value).toEqual({ origins: [], domains: ['edgeother.local'] });

    const audit = await t.app.inject({
      url: '/admin/api/audit-log?action=cors.update',
      headers: { authorization: owner },
    });
    expect(audit.json().value.list).toHaveLength(1);

    expect((await put(owner, [])).statusCode).toBe(200);
    expect((await preflight(partner)).headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('every framework error in the envelope, without echoing the input', () => {
  it('404 and 405', async () => {
    const missing = await get('/wps/no/such/thing');
    expect(missing.status).toBe(404);
    expectEnvelope(missing, 'not_found');
    const method = await raw(
      'DELETE /wps/game/launchGame HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
    );
    expect(method.status).toBe(405);
    expect(JSON.parse(method.body).errorCode).toBe('http_method_not_support');
  });

  it('413: a body over the limit', async () => {
    const res = await raw(
      'POST /wps/member/login HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n' +
        'Content-Type: application/json\r\nContent-Length: 7000000\r\n\r\n{}',
    );
    expect(res.status).toBe(413);
    expectEnvelope(res, 'payload_too_large');
  });

  it('414: a path parameter over 100 characters', async () => {
    const id = '7'.repeat(150);
    const res = await get(`/admin/api/withdrawals/${id}`);
    expect(res.status).toBe(414);
    expectEnvelope(res, 'uri_too_long');
    expect(res.body).not.toContain(id);
  });

  it('431: a URL over 16 KB, refused by the HTTP parser before Fastify', async () => {
    const res = await get(`/wps/system/status?q=${'a'.repeat(17_000)}`);
    expect(res.status).toBe(431);
    expectEnvelope(res, 'header_too_large');
    expect(res.body).not.toContain('aaaa');
    const headers = await get('/wps/system/status', `X-Big: ${'b'.repeat(17_000)}\r\n`);
    expect(headers.status).toBe(431);
    expectEnvelope(headers, 'header_too_large');
  });

  it('400: malformed percent-encoding, answered in the caller language and not echoed', async () => {
    for (const target of ['/wps/%E0%A4%A', '/admin/api/withdrawals/%zz%3Cscript%3E']) {
      const res = await get(target, 'Language: BN\r\n');
      expect(res.status, target).toBe(400);
      expectEnvelope(res, 'bad_url');
      expect(JSON.parse(res.body).message).toBe('ঠিকানাটি বৈধ নয়');
      expect(res.body).not.toMatch(/%E0|%zz|script/i);
    }
  });

  it('400: a request the HTTP parser cannot read', async () => {
    const res = await raw('NOT HTTP AT ALL\r\n\r\n');
    expect(res.status).toBe(400);
    expectEnvelope(res, 'request_param_err');
  });
});
