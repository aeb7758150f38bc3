import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp, expectNoSecret } from '../../test/harness.js';
import { authEvent, socialIdentity } from '../../db/schema/index.js';
import { createTestMember, createOperator, merchantIdOf, operatorLogin } from '../../test/factories.js';
import { captureProcessOutput } from '../../test/process-output.js';
import {
  cookieJar,
  followRedirects,
  startTestOidcProvider,
  type TestIdentity,
  type TestOidcProvider,
} from '../../test/oidc.js';

let t: TestApp;
let idp: TestOidcProvider;
let base: string;
let demoId: number;
let log: ReturnType<typeof captureProcessOutput>;
const secrets: string[] = [];
const H = { merchant: DEMO.merchant, language: 'EN' };

beforeAll(async () => {
  log = captureProcessOutput();
  idp = await startTestOidcProvider();
  t = await createTestApp({
    env: {
      LOG_LEVEL: 'trace',
      SOCIAL_GOOGLE_ISSUER: idp.issuer,
      SOCIAL_GOOGLE_CLIENT_ID: idp.client.clientId,
      SOCIAL_GOOGLE_CLIENT_SECRET: idp.client.clientSecret,
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  idp.configure([`${base}/wps/session/social/google/callback`]);
  demoId = await merchantIdOf(t.database.db, DEMO.merchant);
});
afterAll(async () => {
  log?.restore();
  await t?.close();
  await idp?.close();
});

/** The provider's form_post page -> its action and hidden fields. */
function parseFormPost(html: string) {
  const action = /<form[^>]*action="([^"]+)"/i.exec(html)?.[1]?.replace(/&amp;/g, '&');
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/gi)) {
    fields[m[1]!] = m[2]!
      .replace(/&amp;/g, '&')
      .replace(/&#x2F;/g, '/')
      .replace(/&#x3D;/g, '=');
  }
  return { action, fields };
}

/** Starts at our API, signs in at the provider as `who`, posts the answer back; returns the site URL. */
async function providerRound(who: TestIdentity, redirect = '/member') {
  idp.setNextIdentity(who);
  const start = await fetch(
    `${base}/wps/session/social/google/start?redirect=${encodeURIComponent(redirect)}`,
  );
  expect(start.status).toBe(200);
  const { url } = ((await start.json()) as { value: { url: string } }).value;
  const auth = new URL(url);
  expect(auth.origin).toBe(idp.issuer);
  expect(auth.searchParams.get('code_challenge_method')).toBe('S256');
  expect(auth.searchParams.get('response_mode')).toBe('form_post');
  expect(auth.searchParams.get('state')).toBeTruthy();
  expect(auth.searchParams.get('nonce')).toBeTruthy();
  const page = await followRedirects(url, (u) => u.origin === base, cookieJar());
  expect(page.status).toBe(200);
  const form = parseFormPost(page.body!);
  expect(form.action).toBe(`${base}/wps/session/social/google/callback`);
  secrets.push(form.fields.code!);
  return { form, post: () => postCallback(form.action!, form.fields) };
}

async function postCallback(action: string, fields: Record<string, string>) {
  const res = await fetch(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
  const loc = new URL(res.headers.get('location')!);
  const hash = new URLSearchParams(loc.hash.slice(1));
  if (hash.get('ticket')) secrets.push(hash.get('ticket')!);
  return { path: loc.pathname, hash };
}

async function socialRound(who: TestIdentity, redirect?: string) {
  const r = await providerRound(who, redirect);
  return r.post();
}

const api = (path: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/wps/session/social/${path}`, headers: H, payload });

describe('social login against a local OpenID provider', () => {
  it('lists the configured providers', async () => {
    const res = await t.app.inject({ url: '/wps/session/social/providers', headers: H });
    expect(res.json().value).toEqual([{ provider: 'google' }]);
    const fb = await t.app.inject({ url: '/wps/session/social/facebook/start', headers: H });
    expect(fb.json().errorCode).toBe('function.not.available');
  });

  it('an unknown identity registers a new account, then logs straight in next time', async () => {
    const who = { sub: 'google-new-1', email: 'new1@idp.test', name: 'New One' };
    const first = await socialRound(who);
    expect(first.path).toBe('/social/bind');
    expect(first.hash.get('provider')).toBe('google');
    expect(first.hash.get('redirect')).toBe('/member');
    const ticket = first.hash.get('ticket')!;
    const pending = await api('pending', { ticket });
    expect(pending.json().value).toEqual({ provider: 'google', email: 'new1@idp.test', name: 'New One' });
    const weak = await api('register', {
      ticket,
      username: 'socialnew1',
      password: 'x',
      confirmPassword: 'x',
    });
    expect(weak.json().errorCode).toBe('password_rule');
    const badName = await api('register', {
      ticket,
      username: '1bad',
      password: 'Social#2026',
      confirmPassword: 'Social#2026',
    });
    expect(badName.json().errorCode).toBe('register_field_invalid');
    const taken = await api('register', {
      ticket,
      username: 'demo01',
      password: 'Social#2026',
      confirmPassword: 'Social#2026',
    });
    expect(taken.json().errorCode).toBe('username_taken');
    const reg = await api('register', {
      ticket,
      username: 'socialnew1',
      password: 'Social#2026',
      confirmPassword: 'Social#2026',
    });
    expect(reg.statusCode).toBe(200);
    const v = reg.json().value;
    expect(v).toMatchObject({
      userName: 'socialnew1',
      customerType: 0,
      firstTimeLogin: true,
      token: expect.any(String),
    });
    secrets.push(v.token);
    const info = await t.app.inject({ url: '/wps/member/info', headers: { ...H, authorization: v.token } });
    expect(info.json().value.account).toBe('socialnew1');
    // used once
    expect((await api('pending', { ticket })).json().errorCode).toBe('social_ticket_invalid');

    const second = await socialRound(who);
    expect(second.path).toBe('/social/done');
    const ex = await api('exchange', { ticket: second.hash.get('ticket')! });
    expect(ex.statusCode).toBe(200);
    expect(ex.json().value).toMatchObject({ id: v.id, userName: 'socialnew1', firstTimeLogin: false });
    const reuse = await api('exchange', { ticket: second.hash.get('ticket')! });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().errorCode).toBe('social_ticket_invalid');
    const ev = await t.database.db
      .select()
      .from(authEvent)
      .where(and(eq(authEvent.memberId, v.id), eq(authEvent.kind, 'social_login')));
    expect(ev.map((e) => e.result).sort()).toEqual(['ok', 'ok', 'registered']);
  });

  it('registers without a username: one is made from the e-mail under the username rule', async () => {
    const r = await socialRound({ sub: 'google-auto-1', email: 'Auto.User@idp.test', name: 'Auto' });
    const res = await api('register', {
      ticket: r.hash.get('ticket')!,
      password: 'Social#2026',
      confirmPassword: 'Social#2026',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value.userName).toMatch(/^autouser\d{4}$/);
    const none = await socialRound({ sub: 'google-auto-2' });
    const res2 = await api('register', {
      ticket: none.hash.get('ticket')!,
      password: 'Social#2026',
      confirmPassword: 'Social#2026',
    });
    expect(res2.json().value.userName).toMatch(/^user\d{4}$/);
  });

  it('binds an existing account with its password, irreversibly and once per provider', async () => {
    const m = await createTestMember(t.database.db, demoId);
    const who = { sub: 'google-bind-1', email: 'bind1@idp.test', name: 'Bind One' };
    const a = await socialRound(who);
    const b = await socialRound(who);
    const ticket = a.hash.get('ticket')!;
    const wrong = await api('bind', { ticket, username: m.username, password: 'Wrong#1234' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().errorCode).toBe('login_failed');
    const ok = await api('bind', { ticket, username: m.username, password: m.password });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().value.id).toBe(m.id);
    // the same identity again (a ticket issued before the binding)
    const m2 = await createTestMember(t.database.db, demoId);
    const dup = await api('bind', {
      ticket: b.hash.get('ticket')!,
      username: m2.username,
      password: m2.password,
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errorCode).toBe('social_identity_bound');
    // another identity of the same provider onto the bound account
    const other = await socialRound({ sub: 'google-bind-2', email: 'bind2@idp.test' });
    const second = await api('bind', {
      ticket: other.hash.get('ticket')!,
      username: m.username,
      password: m.password,
    });
    expect(second.json().errorCode).toBe('social_account_bound');
    const rows = await t.database.db.select().from(socialIdentity).where(eq(socialIdentity.memberId, m.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ provider: 'google', subject: 'google-bind-1', issuer: idp.issuer });
    // and next time the identity logs straight in
    const again = await socialRound(who);
    expect(again.path).toBe('/social/done');
    expect((await api('exchange', { ticket: again.hash.get('ticket')! })).json().value.id).toBe(m.id);
  });

  it('refuses a trial account as the account to bind', async () => {
    const trial = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login/freeplay',
      headers: H,
      payload: {},
    });
    const trialName = trial.json().value.userName as string;
    const r = await socialRound({ sub: 'google-trial-1' });
    const res = await api('bind', {
      ticket: r.hash.get('ticket')!,
      username: trialName,
      password: 'anything',
    });
    expect(res.json().errorCode).toBe('login_failed');
  });

  it('a replayed or forged state ends on the site with an error, not a ticket', async () => {
    const r = await providerRound({ sub: 'google-replay-1' });
    const first = await r.post();
    expect(first.path).toBe('/social/bind');
    const replay = await postCallback(r.form.action!, r.form.fields);
    expect(replay.path).toBe('/social/done');
    expect(replay.hash.get('error')).toBe('social_state_invalid');
    expect(replay.hash.get('ticket')).toBeNull();
    const forged = await postCallback(r.form.action!, { ...r.form.fields, state: 'forged-state-value' });
    expect(forged.hash.get('error')).toBe('social_state_invalid');
    const none = await postCallback(r.form.action!, { code: 'x' });
    expect(none.hash.get('error')).toBe('social_state_invalid');
  });

  it('a refusal at the provider and a bad code end with social_login_failed', async () => {
    const r = await providerRound({ sub: 'google-denied-1' });
    const denied = await postCallback(r.form.action!, {
      state: r.form.fields.state!,
      error: 'access_denied',
    });
    expect(denied.hash.get('error')).toBe('social_login_failed');
    const r2 = await providerRound({ sub: 'google-badcode-1' });
    const bad = await postCallback(r2.form.action!, { ...r2.form.fields, code: 'not-the-code' });
    expect(bad.hash.get('error')).toBe('social_login_failed');
    expect(bad.hash.get('redirect')).toBe('/member');
  });

  it('validates inputs: redirect must stay on the site, tickets must be tickets', async () => {
    for (const redirect of ['//evil.test/x', 'https://evil.test', '/\\evil']) {
      const res = await t.app.inject({
        url: `/wps/session/social/google/start?redirect=${encodeURIComponent(redirect)}`,
        headers: H,
      });
      expect(res.statusCode, redirect).toBe(422);
    }
    expect((await t.app.inject({ url: '/wps/session/social/twitter/start', headers: H })).statusCode).toBe(
      422,
    );
    expect((await api('exchange', {})).json().errorCode).toBe('request_param_err');
    expect((await api('exchange', { ticket: 'q'.repeat(43) })).json().errorCode).toBe(
      'social_ticket_invalid',
    );
    expect(
      (await api('bind', { ticket: 'q'.repeat(43), username: 'demo01', password: 'x' })).json().errorCode,
    ).toBe('social_ticket_invalid');
  });

  it('operators see and set the provider settings; secrets are write-only', async () => {
    const owner = await operatorLogin(t.app, DEMO.merchant, 'admin', 'Admin@12345');
    await createOperator(t.database.db, demoId, 'socialviewer', 'viewer');
    const viewer = await operatorLogin(t.app, DEMO.merchant, 'socialviewer');
    const list = await t.app.inject({
      url: '/admin/api/social-providers',
      headers: { authorization: viewer },
    });
    expect(list.json().value).toEqual([
      {
        provider: 'google',
        source: 'environment',
        issuer: idp.issuer,
        clientId: idp.client.clientId,
        hasClientSecret: true,
        enabled: true,
      },
      {
        provider: 'facebook',
        source: 'none',
        issuer: null,
        clientId: null,
        hasClientSecret: false,
        enabled: false,
      },
    ]);
    expect(list.body).not.toContain(idp.client.clientSecret);
    const put = (token: string, payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: '/admin/api/social-providers/facebook',
        headers: { authorization: token },
        payload,
      });
    const body = {
      issuer: idp.issuer,
      clientId: 'fb-client',
      clientSecret: 'fb-secret-value',
      enabled: true,
    };
    expect((await put(viewer, body)).statusCode).toBe(403);
    expect((await put(owner, { ...body, issuer: 'not a url' })).statusCode).toBe(422);
    const ok = await put(owner, body);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().value).toMatchObject({
      provider: 'facebook',
      source: 'merchant',
      hasClientSecret: true,
    });
    expect(ok.body).not.toContain('fb-secret-value');
    const kept = await put(owner, { issuer: idp.issuer, clientId: 'fb-client', enabled: true });
    expect(kept.json().value.hasClientSecret).toBe(true);
    const providers = await t.app.inject({ url: '/wps/session/social/providers', headers: H });
    expect(providers.json().value).toEqual([{ provider: 'google' }, { provider: 'facebook' }]);
    const start = await t.app.inject({ url: '/wps/session/social/facebook/start', headers: H });
    expect(new URL(start.json().value.url).searchParams.get('client_id')).toBe('fb-client');
    const audit = await t.app.inject({
      url: '/admin/api/audit-log?action=social_provider.update',
      headers: { authorization: owner },
    });
    expect(audit.json().value.totalCount).toBe(2);
    expect(audit.body).not.toContain('fb-secret-value');
    await put(owner, { ...body, enabled: false });
    const after = await t.app.inject({ url: '/wps/session/social/providers', headers: H });
    expect(after.json().value).toEqual([{ provider: 'google' }]);
    expect((await t.app.inject('/admin/api/social-providers')).statusCode).toBe(401);
  });

  it('keeps codes and tickets out of the logs', () => {
    const text = log.text();
    expect(text).toContain('/wps/session/social/google/callback');
    for (const s of secrets) expectNoSecret(text, s);
  });
});
