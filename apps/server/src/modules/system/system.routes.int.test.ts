import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import geoip from 'geoip-country';
import {
  decodeCustomerServicePath,
  ZAnnouncements,
  ZCountry,
  ZHelpItem,
  ZSystemStatus,
  ZWhitelabelNode,
} from '@bp/contract';
import { z } from 'zod';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.js';
import { banner, customerService, helpArticle, notice, popup } from '../../db/schema/index.js';
import type { SystemService } from './system.service.js';
import { systemTestPeer } from './system.test-support.js';
import { createMerchant, memberSession, merchantIdOf } from '../../test/factories.js';

const BD_IP = '103.4.145.2';
const US_IP = '8.8.8.8';
const US_IP6 = '2001:4860:4860::8888';
const HOUR = 3_600_000;

let t: TestApp;
const peer: { system?: SystemService } = {};
let system: SystemService;

beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: 'true' }, deps: { extraModules: [systemTestPeer(peer)] } });
  system = peer.system!;
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, merchant: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { merchant, ...headers } });
const status = async (merchant: string, ip = BD_IP) => {
  const res = await get('/wps/system/status', merchant, { 'x-forwarded-for': ip });
  expect(res.statusCode).toBe(200);
  return res.json().value as z.infer<typeof ZSystemStatus>;
};
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();

describe('geoip fixtures', () => {
  it('places the test IPs where the tests assume', () => {
    expect(geoip.lookup(BD_IP)?.country).toBe('BD');
    expect(geoip.lookup(US_IP)?.country).toBe('US');
    expect(geoip.lookup(US_IP6)?.country).toBe('US');
  });
});

describe('GET /wps/system/status', () => {
  it('answers the contract shape for the demo merchant with the caller location', async () => {
    const res = await get('/wps/system/status', DEMO.merchant, { 'x-forwarded-for': BD_IP });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    const v = ZSystemStatus.parse(body.value);
    expect(v).toMatchObject({
      maintenance: false,
      regionRestriction: false,
      status: 0,
      maintenanceInfo: null,
    });
    expect(v.location).toEqual({ ip: BD_IP, countryCode: 'BD' });
    expect(v.info.merchant).toMatchObject({
      code: DEMO.merchant,
      defaultLanguage: 'BN',
      currencySymbol: '৳',
    });
    expect(v.info.domainRoute).toContain('localhost');
    expect(v.info.whitelabel.map((n) => n.modId)).toContain('COMM3');
    expect(v.info.register.username).toMatchObject({
      minLength: 4,
      maxLength: 16,
      patternId: 1,
      required: true,
    });
    expect(v.info.register.password).toMatchObject({ minLength: 6, maxLength: 20 });
    expect(v.info.resources.length).toBeGreaterThan(0);
    expect(v.info.mainDomain).toBe('demobet.local');
    expect(v.info.analytics).toEqual({ gtagId: null });
    expect(v.info.imageCDNs).toEqual([]);
  });

  it('echoes the caller IP: a private or loopback address has no country', async () => {
    expect((await status(DEMO.merchant, '10.1.2.3')).location).toEqual({ ip: '10.1.2.3', countryCode: null });
    expect((await status(DEMO.merchant, US_IP6)).location).toEqual({ ip: US_IP6, countryCode: 'US' });
    const direct = await t.app.inject({ url: '/wps/system/status', headers: { merchant: DEMO.merchant } });
    expect(direct.json().value.location).toEqual({ ip: '127.0.0.1', countryCode: null });
  });

  it('obfuscates customer-service paths; they decode to the stored link', async () => {
    const v = await status(DEMO.merchant);
    const types = v.info.customerService.map((c) => c.csType);
    expect(types).toEqual(expect.arrayContaining(['FACEBOOK', 'TELEGRAM', 'WHATSAPP', 'LIVECHAT']));
    const tg = v.info.customerService.find((c) => c.csType === 'TELEGRAM')!;
    expect(tg.path).not.toContain('t.me');
    expect(await decodeCustomerServicePath(tg.path)).toBe('https://t.me/demobetbd_support');
    const raw = JSON.stringify(v);
    expect(raw).not.toContain('https://wa.me');
  });

  it('reports maintenance (status 1) while switched on, and follows the window', async () => {
    const m = await createMerchant(t.database.db);
    await system.setMaintenance(m.id, { enabled: true, message: 'Upgrading' });
    let v = await status(m.code);
    expect(v).toMatchObject({ maintenance: true, status: 1 });
    expect(v.maintenanceInfo).toMatchObject({ message: 'Upgrading', startTime: null, endTime: null });

    await system.setMaintenance(m.id, { enabled: true, startTime: iso(-2 * HOUR), endTime: iso(-HOUR) });
    v = await status(m.code);
    expect(v).toMatchObject({ maintenance: false, status: 0, maintenanceInfo: null });

    const start = iso(HOUR);
    await system.setMaintenance(m.id, { enabled: true, startTime: start, endTime: iso(2 * HOUR) });
    v = await status(m.code);
    expect(v).toMatchObject({ maintenance: false, status: 0 });
    expect(v.maintenanceInfo?.startTime).toBe(start); // scheduled: announced but not on

    await system.setMaintenance(m.id, { enabled: true, startTime: iso(-HOUR), endTime: iso(HOUR) });
    expect((await status(m.code)).status).toBe(1);

    await system.setMaintenance(m.id, { enabled: false });
    expect((await status(m.code)).status).toBe(0);
  });

  it('lets maintenance win over a region block', async () => {
    const m = await createMerchant(t.database.db);
    await system.addRegionRule(m.id, { action: 'deny', kind: 'country', value: 'us' });
    expect((await status(m.code, US_IP)).status).toBe(2);
    await system.setMaintenance(m.id, { enabled: true });
    const v = await status(m.code, US_IP);
    expect(v).toMatchObject({ maintenance: true, regionRestriction: true, status: 1 });
  });

  it('blocks a denied country (status 2) and lets other countries in', async () => {
    const m = await createMerchant(t.database.db);
    await system.addRegionRule(m.id, { action: 'deny', kind: 'country', value: 'US' });
    expect(await status(m.code, US_IP)).toMatchObject({ regionRestriction: true, status: 2 });
    expect((await status(m.code, US_IP)).location).toEqual({ ip: US_IP, countryCode: 'US' });
    expect(await status(m.code, US_IP6)).toMatchObject({ status: 2 });
    expect(await status(m.code, BD_IP)).toMatchObject({ regionRestriction: false, status: 0 });
  });

  it('blocks a denied CIDR (IPv4 and IPv6)', async () => {
    const m = await createMerchant(t.database.db);
    await system.addRegionRule(m.id, { action: 'deny', kind: 'cidr', value: '103.4.144.0/22' });
    await system.addRegionRule(m.id, { action: 'deny', kind: 'cidr', value: '2001:4860::/32' });
    expect((await status(m.code, BD_IP)).status).toBe(2);
    expect((await status(m.code, '103.4.148.1')).status).toBe(0);
    expect((await status(m.code, US_IP6)).status).toBe(2);
    expect((await status(m.code, US_IP)).status).toBe(0);
  });

  it('in allow-list mode blocks callers matching no allow rule; an allowed IP beats a country deny', async () => {
    const m = await createMerchant(t.database.db);
    const { after } = await system.addRegionRule(m.id, { action: 'allow', kind: 'country', value: 'BD' });
    expect((await status(m.code, BD_IP)).status).toBe(0);
    expect((await status(m.code, US_IP)).status).toBe(2);
    await system.deleteRegionRule(m.id, after!.id);

    await system.addRegionRule(m.id, { action: 'deny', kind: 'country', value: 'US' });
    await system.addRegionRule(m.id, { action: 'allow', kind: 'cidr', value: US_IP, note: 'office' });
    expect((await status(m.code, US_IP)).status).toBe(0);
    expect((await status(m.code, '8.8.4.4')).status).toBe(2);
  });

  it('stays reachable for maintenance and region-blocked callers, with the other public calls', async () => {
    const m = await createMerchant(t.database.db);
    await system.setMaintenance(m.id, { enabled: true });
    await system.addRegionRule(m.id, { action: 'deny', kind: 'country', value: 'US' });
    for (const url of [
      '/wps/system/whitelabel',
      '/wps/system/domainRoute',
      '/wps/system/helpCenter',
      '/wps/relay/MCSFE_getListAnnouncements',
      '/wps/system/country',
    ]) {
      const res = await get(url, m.code, { 'x-forwarded-for': US_IP });
      expect(res.statusCode, url).toBe(200);
    }
  });
});

describe('GET /wps/system/status answered from the caches', () => {
  // once the merchant and its site state are cached, the call is answered without a database round
  // trip (route.ts and system.service.ts answer it at once): the same bytes, the same checks
  const raw = (merchant: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url: '/wps/system/status', headers: { merchant, ...headers } });

  it('answers the same bytes warm as cold, each caller its own location', async () => {
    const m = await createMerchant(t.database.db);
    const cold = await raw(m.code, { 'x-forwarded-for': BD_IP });
    const warm = await raw(m.code, { 'x-forwarded-for': BD_IP });
    expect(warm.statusCode).toBe(200);
    expect(warm.body).toBe(cold.body);
    expect(warm.headers).toMatchObject({
      'content-type': cold.headers['content-type'],
      'content-length': cold.headers['content-length'],
      'x-frame-options': cold.headers['x-frame-options'],
      'content-security-policy': cold.headers['content-security-policy'],
      vary: cold.headers['vary'],
    });
    const us = (await raw(m.code, { 'x-forwarded-for': US_IP })).json().value;
    expect(us.location).toEqual({ ip: US_IP, countryCode: 'US' });
    expect((await raw(m.code, { 'x-forwarded-for': BD_IP })).json().value.location).toEqual({
      ip: BD_IP,
      countryCode: 'BD',
    });
    // compressed as before: once per answer, negotiated per request
    const br = await raw(m.code, { 'x-forwarded-for': BD_IP, 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
  });

  it('follows operator changes made after the answer was cached (maintenance, region rules, modules)', async () => {
    const m = await createMerchant(t.database.db);
    for (let i = 0; i < 2; i++) expect(await status(m.code, US_IP)).toMatchObject({ status: 0 });
    await system.setMaintenance(m.id, { enabled: true, message: 'Later' });
    for (let i = 0; i < 2; i++)
      expect(await status(m.code, US_IP)).toMatchObject({ maintenance: true, status: 1 });
    await system.setMaintenance(m.id, { enabled: false });
    for (let i = 0; i < 2; i++)
      expect(await status(m.code, US_IP)).toMatchObject({ maintenance: false, status: 0 });
    await system.addRegionRule(m.id, { action: 'deny', kind: 'country', value: 'US' });
    for (let i = 0; i < 2; i++) expect(await status(m.code, US_IP)).toMatchObject({ status: 2 });
    for (let i = 0; i < 2; i++) expect(await status(m.code, BD_IP)).toMatchObject({ status: 0 });
    await system.setModuleEnabled(m.id, 'REG3', false);
    for (let i = 0; i < 2; i++)
      expect((await status(m.code)).info.whitelabel.find((n) => n.modId === 'REG3')?.enabled).toBe('0');
  });

  it('keeps the refusals warm: a bad or unknown merchant, twice in a row', async () => {
    const first = { unknown: await raw('nosuchmerchant'), bad: await raw('bad code!') };
    expect(first.unknown.json()).toMatchObject({ success: false, errorCode: 'merchant.not.found' });
    expect(first.bad.json()).toMatchObject({ success: false, errorCode: 'merchant.header.invalid' });
    const unknown = await raw('nosuchmerchant');
    expect([unknown.statusCode, unknown.body]).toEqual([first.unknown.statusCode, first.unknown.body]);
    const bad = await raw('bad code!');
    expect([bad.statusCode, bad.body]).toEqual([first.bad.statusCode, first.bad.body]);
  });

  it('answers a caller with a session token (optional auth) the same', async () => {
    const anonymous = await raw(DEMO.merchant, { 'x-forwarded-for': BD_IP });
    const member = await memberSession(t.app, t.database.db, await merchantIdOf(t.database.db));
    for (let i = 0; i < 2; i++) {
      const res = await raw(DEMO.merchant, {
        'x-forwarded-for': BD_IP,
        authorization: member.headers.authorization,
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(anonymous.body);
    }
  });
});

describe('white-label switches', () => {
  it('serves the module tree and reflects a switch at once', async () => {
    const m = await createMerchant(t.database.db);
    const res = await get('/wps/system/whitelabel', m.code);
    const tree = z.array(ZWhitelabelNode).parse(res.json().value);
    const reg = tree.find((n) => n.modId === 'REG3')!;
    expect(reg).toMatchObject({ enabled: '1', name: 'Registration' });
    expect(reg.childrenNodes.map((c) => c.modId)).toContain('MOBILENUMREG3');

    const change = await system.setModuleEnabled(m.id, 'REG3', false);
    expect(change).toEqual({
      before: { modId: 'REG3', enabled: true },
      after: { modId: 'REG3', enabled: false },
    });
    const after = (await get('/wps/system/whitelabel', m.code)).json().value;
    expect(after.find((n: { modId: string }) => n.modId === 'REG3').enabled).toBe('0');
    expect((await status(m.code)).info.whitelabel.find((n) => n.modId === 'REG3')?.enabled).toBe('0');
  });

  it('refuses a call whose module is switched off, and never lets COMM3 (status) be switched off', async () => {
    const m = await createMerchant(t.database.db);
    expect((await get('/wps/test-peer/feedback', m.code)).statusCode).toBe(200);
    await system.setModuleEnabled(m.id, 'FEEDBACK3', false);
    const off = await get('/wps/test-peer/feedback', m.code);
    expect(off.statusCode).toBe(400);
    expect(off.json()).toMatchObject({ success: false, errorCode: 'function.not.available' });
    await system.setModuleEnabled(m.id, 'FEEDBACK3', true);
    expect((await get('/wps/test-peer/feedback', m.code)).statusCode).toBe(200);

    await expect(system.setModuleEnabled(m.id, 'COMM3', false)).rejects.toMatchObject({
      code: 'request_param_err',
    });
    await expect(system.setModuleEnabled(m.id, 'NOPE3', true)).rejects.toMatchObject({ code: 'not_found' });
    expect((await get('/wps/system/status', m.code)).statusCode).toBe(200);
  });
});

describe('GET /wps/system/domainRoute and /wps/system/country', () => {
  it('lists the merchant domains', async () => {
    const m = await createMerchant(t.database.db);
    const res = await get('/wps/system/domainRoute', m.code);
    expect(res.json().value).toEqual([{ domain: `${m.code}.local`, routeType: 'MAIN' }]);
  });

  it('lists the countries, Bangladesh first', async () => {
    const res = await get('/wps/system/country', DEMO.merchant);
    const list = z.array(ZCountry).parse(res.json().value);
    expect(list.map((c) => [c.countryCode, c.countryDialingCode])).toEqual([
      ['BD', '+880'],
      ['IN', '+91'],
      ['NP', '+977'],
      ['PK', '+92'],
    ]);
  });
});

describe('GET /wps/system/helpCenter', () => {
  it('answers in the asked language and falls back to the merchant default', async () => {
    const en = (await get('/wps/system/helpCenter?lang=EN&device=WEB', DEMO.merchant)).json().value;
    const items = z.array(ZHelpItem).parse(en);
    expect(items.map((i) => i.tag)).toEqual(['aboutus', 'deposit', 'withdraw', 'game', 'faqs', 'terms']);
    expect(items.every((i) => i.lang === 'EN')).toBe(true);
    expect(items.find((i) => i.tag === 'faqs')!.children.length).toBe(2);

    const bn = (await get('/wps/system/helpCenter', DEMO.merchant, { language: 'BN' })).json().value;
    expect(bn[0].lang).toBe('BN');
    expect(bn[0].title).toMatch(/[\u0980-\u09FF]/);
    const byHeader = (await get('/wps/system/helpCenter', DEMO.merchant, { language: 'en' })).json().value;
    expect(byHeader[0].lang).toBe('EN');
    const fallback = (await get('/wps/system/helpCenter?lang=TH', DEMO.merchant)).json().value;
    expect(fallback[0].lang).toBe('BN');
  });

  it('never returns scripts or handlers, even from rows written around the service', async () => {
    const m = await createMerchant(t.database.db);
    await t.database.db.insert(helpArticle).values([
      {
        merchantId: m.id,
        tag: 'faqs',
        lang: 'EN',
        title: 'Q<script>x</script>',
        content: '<p onclick="x()">a</p><script>alert(1)</script><img src=x onerror=alert(1)>',
      },
      { merchantId: m.id, tag: 'terms', lang: 'EN', title: 'hidden', content: 'x', display: false },
      { merchantId: m.id, tag: 'game', lang: 'EN', title: 'mobile only', content: 'x', device: 'MOBILE' },
    ]);
    const v = (await get('/wps/system/helpCenter?lang=EN&device=WEB', m.code)).json().value;
    expect(v).toHaveLength(1);
    expect(v[0].content).toBe('<p>a</p><img src="x" />');
    expect(v[0].title).toBe('Q');
  });
});

describe('GET /wps/relay/MCSFE_getListAnnouncements', () => {
  const ann = async (merchant: string, qs: string, headers: Record<string, string> = {}) => {
    const res = await get(`/wps/relay/MCSFE_getListAnnouncements${qs}`, merchant, headers);
    expect(res.statusCode).toBe(200);
    return ZAnnouncements.parse(res.json().value);
  };

  it('serves the demo banners, marquee and the anonymous popup', async () => {
    const v = await ann(DEMO.merchant, '?types=B,PL,PU,PR,H&platform=W&execution=B');
    const groups = v.banners.map((b) => b.groupName);
    expect(groups.filter((g) => g === 'w_home').length).toBeGreaterThanOrEqual(3);
    for (const g of ['w_leftmenu', 'w_login', 'w_register', 'w_forget']) expect(groups).toContain(g);
    expect(v.banners[0]!.url).toMatch(/^\/banners\/banner-.+\.svg$/);
    expect(v.player.length).toBeGreaterThanOrEqual(3);
    expect(v.popup.map((p) => p.execution)).toEqual(['B']);
    expect(v.promotion.length).toBeGreaterThan(0);
  });

  it('answers the same under CCSFE_getListAnnouncements (PX-HOME), also with ?AFTER_LOGIN', async () => {
    const m = await createMerchant(t.database.db);
    await system.createBanner(m.id, {
      groupName: 'w_home',
      imageUrl: '/m.svg',
      title: { EN: 'm' },
      platform: 'M',
    });
    await system.createNotice(m.id, { content: { EN: 'hello' } });
    for (const qs of ['?types=B,PL&platform=M', '?AFTER_LOGIN&types=B,PL&platform=M', '']) {
      const ccsfe = await get(`/wps/relay/CCSFE_getListAnnouncements${qs}`, m.code);
      expect(ccsfe.statusCode, ccsfe.body).toBe(200);
      const mcsfe = await get(`/wps/relay/MCSFE_getListAnnouncements${qs}`, m.code);
      expect(ccsfe.json()).toEqual(mcsfe.json());
    }
    const v = ZAnnouncements.parse(
      (await get('/wps/relay/CCSFE_getListAnnouncements?types=B,PL&platform=M', m.code)).json().value,
    );
    expect(v.banners.map((x) => x.title)).toEqual(['m']);
    expect(v.player.map((n) => n.content)).toEqual(['hello']);
  });

  it('filters by types, platform, activity and dates, sorted by sequence', async () => {
    const m = await createMerchant(t.database.db);
    const mk = (n: number, extra: Record<string, unknown> = {}) =>
      system.createBanner(m.id, {
        groupName: 'w_home',
        imageUrl: `/b${n}.svg`,
        title: { EN: `b${n}` },
        sequence: n,
        ...extra,
      });
    await mk(3);
    await mk(1, { platform: 'W' });
    await mk(2, { platform: 'M' });
    await mk(4, { active: false });
    await mk(5, { startDate: iso(HOUR) });
    await mk(6, { endDate: iso(-HOUR) });
    await mk(7, { startDate: iso(-HOUR), endDate: iso(HOUR) });
    await system.createNotice(m.id, { content: { EN: 'hello' } });

    const web = await ann(m.code, '?types=B&platform=W&language=EN');
    expect(web.banners.map((b) => b.title)).toEqual(['b1', 'b3', 'b7']);
    expect(web.player).toEqual([]);
    const mobile = await ann(m.code, '?types=B,PL&platform=M&language=EN');
    expect(mobile.banners.map((b) => b.title)).toEqual(['b2', 'b3', 'b7']);
    expect(mobile.player.map((n) => n.content)).toEqual(['hello']);
    const all = await ann(m.code, '');
    expect(all.banners).toHaveLength(4);
  });

  it('picks popups by audience: anonymous B only; members A, and F on the first login', async () => {
    const m = await createMerchant(t.database.db);
    for (const e of ['A', 'B', 'F'] as const) {
      await system.createPopup(m.id, { execution: e, title: { EN: e }, content: { EN: `<p>${e}</p>` } });
    }
    const execs = async (qs: string, headers: Record<string, string> = {}) =>
      (await ann(m.code, `?types=PU${qs}`, headers)).popup.map((p) => p.execution);
    expect(await execs('&execution=B')).toEqual(['B']);
    expect(await execs('&execution=A')).toEqual(['B']); // asking is not enough without a session
    expect(await execs('&execution=A', { authorization: 'member-1' })).toEqual(['A']);
    expect(await execs('', { authorization: 'member-1' })).toEqual(['A']);
    expect(await execs('&execution=A&firstTimeLogin=true', { authorization: 'member-1' })).toEqual([
      'A',
      'F',
    ]);
    expect(await execs('&execution=F', { authorization: 'member-1' })).toEqual(['F']);
  });

  it('answers in the request language, item by item falling back to the merchant default', async () => {
    const m = await createMerchant(t.database.db);
    await system.createNotice(m.id, {
      title: { BN: 'শিরোনাম', EN: 'Title' },
      content: { BN: 'বাংলা', EN: 'English' },
      sequence: 1,
    });
    await system.createNotice(m.id, { content: { BN: 'শুধু বাংলা' }, sequence: 2 });
    const en = await ann(m.code, '?types=PL', { language: 'EN' });
    expect(en.player.map((n) => n.content)).toEqual(['English', 'শুধু বাংলা']);
    const bn = await ann(m.code, '?types=PL');
    expect(bn.player.map((n) => n.content)).toEqual(['বাংলা', 'শুধু বাংলা']);
    const q = await ann(m.code, '?types=PL&language=EN', { language: 'BN' });
    expect(q.player[0]!.title).toBe('Title');
  });

  it('sanitises HTML on write and on read', async () => {
    const m = await createMerchant(t.database.db);
    const { after } = await system.createPopup(m.id, {
      execution: 'B',
      title: { EN: '<b>Hi</b><script>x</script>' },
      content: { EN: '<p>ok</p><script>alert(1)</script><img src="/x.png" onerror="alert(1)">' },
    });
    expect(after!.content.EN).toBe('<p>ok</p><img src="/x.png" />');
    await t.database.db.insert(popup).values({
      merchantId: m.id,
      execution: 'B',
      title: { EN: 'raw' },
      content: { EN: '<div onmouseover="x">r</div><iframe src="https://evil.test"></iframe>' },
    });
    await t.database.db
      .insert(notice)
      .values({ merchantId: m.id, content: { EN: 'n<script>bad()</script>' } });
    system.invalidate(m.id);
    const v = await ann(m.code, '?language=EN');
    const raw = JSON.stringify(v);
    expect(raw).not.toMatch(/<script|onerror|onmouseover|iframe/i);
    expect(v.popup.map((p) => p.content)).toEqual(['<p>ok</p><img src="/x.png" />', '<div>r</div>']);
    expect(v.popup[0]!.title).toBe('Hi');
    expect(v.player[0]!.content).toBe('n');
  });
});

describe('system service writes (used by the operator API)', () => {
  it('returns before and after, and runs the audit hook inside the transaction', async () => {
    const m = await createMerchant(t.database.db);
    const seen: unknown[] = [];
    const first = await system.setMaintenance(
      m.id,
      { enabled: true, message: 'x' },
      { audit: async (_tx, c) => void seen.push(c) },
    );
    expect(first.before).toBeNull();
    expect(first.after).toMatchObject({ enabled: true, message: 'x', active: true });
    expect(seen).toEqual([first]);

    // a failing audit rolls the change back
    await expect(
      system.setMaintenance(
        m.id,
        { enabled: false },
        {
          audit: async () => {
            throw new Error('audit down');
          },
        },
      ),
    ).rejects.toThrow('audit down');
    expect((await system.getMaintenance(m.id)).enabled).toBe(true);

    const second = await system.setMaintenance(m.id, { enabled: false });
    expect(second.before).toMatchObject({ enabled: true, message: 'x' });
    expect(second.after).toMatchObject({ enabled: false, message: 'x', active: false });
  });

  it('validates input and scopes every change to the merchant', async () => {
    const a = await createMerchant(t.database.db);
    const b = await createMerchant(t.database.db);
    await expect(
      system.addRegionRule(a.id, { action: 'deny', kind: 'cidr', value: '999.1.1.1' }),
    ).rejects.toMatchObject({
      code: 'request_param_err',
    });
    await expect(
      system.addRegionRule(a.id, { action: 'deny', kind: 'country', value: 'USA' }),
    ).rejects.toMatchObject({
      code: 'request_param_err',
    });
    const { after: rule } = await system.addRegionRule(a.id, {
      action: 'deny',
      kind: 'cidr',
      value: '198.51.100.7',
    });
    expect(rule).toMatchObject({ kind: 'cidr', value: '198.51.100.7/32', note: '', priority: 0 });
    await expect(
      system.addRegionRule(a.id, { action: 'deny', kind: 'cidr', value: '198.51.100.7/32' }),
    ).rejects.toMatchObject({
      code: 'conflict',
    });
    await expect(system.deleteRegionRule(b.id, rule!.id)).rejects.toMatchObject({ code: 'not_found' });
    const upd = await system.updateRegionRule(a.id, rule!.id, { action: 'allow', note: 'office' });
    expect(upd.before).toMatchObject({ action: 'deny' });
    expect(upd.after).toMatchObject({ action: 'allow', note: 'office', value: '198.51.100.7/32' });
    expect(await system.listRegionRules(b.id)).toEqual([]);

    await expect(
      system.createBanner(a.id, { groupName: 'w_home', imageUrl: 'javascript:alert(1)' }),
    ).rejects.toMatchObject({ code: 'request_param_err' });
    const { after: bn } = await system.createBanner(a.id, {
      groupName: 'w_home',
      imageUrl: '/a.svg',
      title: { EN: 'a' },
    });
    await expect(system.updateBanner(b.id, bn!.id, { sequence: 9 })).rejects.toMatchObject({
      code: 'not_found',
    });
    const u = await system.updateBanner(a.id, bn!.id, { sequence: 9, endDate: iso(HOUR) });
    expect(u.before).toMatchObject({ sequence: 0, title: { EN: 'a' }, endDate: null });
    expect(u.after).toMatchObject({ sequence: 9, title: { EN: 'a' } });
    await expect(
      system.createPopup(a.id, { execution: 'X' as 'A', content: { EN: 'x' } }),
    ).rejects.toMatchObject({
      code: 'request_param_err',
    });
    const d = await system.deleteBanner(a.id, bn!.id);
    expect(d).toMatchObject({ before: { id: bn!.id }, after: null });
    await expect(system.getBanner(a.id, bn!.id)).rejects.toMatchObject({ code: 'not_found' });
    await expect(system.getMaintenance(999_999)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('lists banners, notices and popups including inactive ones for the operator', async () => {
    const m = await createMerchant(t.database.db);
    await system.createNotice(m.id, { content: { EN: 'a' }, active: false });
    await system.createPopup(m.id, { execution: 'A', content: { EN: 'b' }, active: false });
    await t.database.db
      .insert(banner)
      .values({ merchantId: m.id, groupName: 'w_home', imageUrl: '/x.svg', active: false });
    expect(await system.listNotices(m.id)).toHaveLength(1);
    expect(await system.listPopups(m.id)).toHaveLength(1);
    expect(await system.listBanners(m.id)).toHaveLength(1);
    const u = await system.updateNotice(m.id, (await system.listNotices(m.id))[0]!.id, { active: true });
    expect(u.after?.active).toBe(true);
    await t.database.db
      .insert(customerService)
      .values({ merchantId: m.id, csType: 'EMAIL', name: 'Mail', path: 'mailto:help@x.test' });
    system.invalidate(m.id);
    const cs = (await status(m.code)).info.customerService;
    expect(await decodeCustomerServicePath(cs[0]!.path)).toBe('mailto:help@x.test');
  });
});
