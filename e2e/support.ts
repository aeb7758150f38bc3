import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateSync } from 'node:zlib';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

export { expect };

/**
 * Each Playwright worker plays on a merchant of its own: a copy of the demo merchant (same brand,
 * content, catalogue, operator and demo accounts) that e2e/serve.ts asks the server to seed as
 * e2e0, e2e1, ... (E2E_MERCHANTS, apps/server/src/seed/e2e-merchants.ts), each on its own domain
 * <code>.e2e.test. Whatever a spec switches merchant-wide (maintenance, region rules, auth settings,
 * module switches, announcements) and whatever it does to the demo accounts stays on its worker's
 * merchant, so the two workers never see each other's changes.
 */
export const e2eMerchantCode = (parallelIndex: number) => `e2e${parallelIndex}`;

/** The merchant this worker plays on: its parallel index's copy, or the one its project names. */
let merchantCode = e2eMerchantCode(Number(process.env.TEST_PARALLEL_INDEX ?? 0));

export const DEMO = {
  get merchant() {
    return merchantCode;
  },
  operator: 'admin',
  password: 'Admin@12345',
} as const;

/** The server's address under another host name (the port stays). */
const withHost = (url: string, hostname: string) => {
  const u = new URL(url);
  u.hostname = hostname;
  return u.origin;
};

export interface E2eWorkerOptions {
  /**
   * A project that needs a merchant no other worker touches names it (playwright.config.ts: the
   * settlement project moves the server's clock and plays on a copy of its own); by default the
   * worker's parallel index picks it.
   */
  ownMerchant: string | undefined;
}

/**
 * `test` of every spec: the browser opens the worker's merchant on its own domain, as a player would
 * (Chromium maps *.e2e.test to this machine, playwright.config.ts), in the page fixture and in every
 * context a test opens itself; API calls through `request` go to the server's own address with the
 * Merchant header.
 */
export const test = base.extend<object, E2eWorkerOptions & { merchantOfWorker: string }>({
  ownMerchant: [undefined, { option: true, scope: 'worker' }],
  // workers belong to one project: the helpers below (DEMO.merchant) follow the project's merchant
  merchantOfWorker: [
    async ({ ownMerchant }, use) => {
      if (ownMerchant) merchantCode = ownMerchant;
      await use(merchantCode);
    },
    { scope: 'worker', auto: true },
  ],
  baseURL: async ({ baseURL, merchantOfWorker }, use) => {
    await use(withHost(baseURL!, `${merchantOfWorker}.e2e.test`));
  },
  request: async ({ playwright, baseURL, merchantOfWorker }, use) => {
    const request = await playwright.request.newContext({
      baseURL: withHost(baseURL!, '127.0.0.1'),
      extraHTTPHeaders: { merchant: merchantOfWorker },
    });
    await use(request);
    await request.dispose();
  },
});

export const SCREENSHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');

/** Operator token through the real operator API. */
export async function operatorToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/admin/api/session/login', {
    data: { merchantCode: DEMO.merchant, username: DEMO.operator, password: DEMO.password },
  });
  const body = await res.json();
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body.value.token as string;
}

/** An operator or member API call with a session token; fails the test on `success:false`. */
export async function api<T = unknown>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  data?: unknown,
): Promise<T> {
  const res = await request.fetch(url, { method, headers: { authorization: token }, data });
  const body = await res.json();
  expect(body.success, `${method} ${url}: ${JSON.stringify(body)}`).toBe(true);
  return body.value as T;
}
/** Operator API call with the operator token. */
export const admin = api;
/** Member API call with the member's session token. */
export const member = api;

export async function shot(page: Page, name: string) {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: false });
}

/** Bengali script block: proves Bengali text (not transliteration) is on screen. */
export const BENGALI = /[\u0980-\u09FF]/;

// ---- accounts and sessions --------------------------------------------------------------------

/** Seeded by the session module: a member and an agent of the demo merchant. */
export const DEMO_MEMBER = { username: 'demo01', password: 'Demo@1234' } as const;
export const DEMO_AGENT = { username: 'agent01', password: 'Agent@1234' } as const;

/**
 * Solves the slider check the way a person would: finds the gap in the picture (its left edge is
 * drawn in light grey, a colour the background never reaches) and moves the handle there with the
 * keyboard (Shift+→ = 10 px, → = 2 px of the picture), then confirms with Enter.
 */
export async function solveSlider(page: Page) {
  const img = page.getByTestId('slider-image');
  await expect(img).toBeVisible();
  const id = await img.getAttribute('data-challenge-id');
  const x = await img.evaluate(async (el: HTMLImageElement) => {
    await el.decode();
    const c = document.createElement('canvas');
    c.width = el.naturalWidth;
    c.height = el.naturalHeight;
    const ctx = c.getContext('2d')!;
    ctx.drawImage(el, 0, 0);
    const { data } = ctx.getImageData(0, 0, c.width, c.height);
    // first light-grey column on any row = the gap's left edge
    for (let y = 0; y < c.height; y++) {
      for (let px = 0; px < c.width; px++) {
        const i = (y * c.width + px) * 4;
        if (data[i]! >= 240 && data[i + 1]! >= 240 && data[i + 2]! >= 240) return px;
      }
    }
    return -1;
  });
  expect(x, `gap of slider ${id}`).toBeGreaterThanOrEqual(0);
  const handle = page.getByTestId('slider-handle');
  await handle.focus();
  for (let i = 0; i < Math.floor(x / 10); i++) await handle.press('Shift+ArrowRight');
  for (let i = 0; i < Math.round((x % 10) / 2); i++) await handle.press('ArrowRight');
  await handle.press('Enter');
  await expect(page.getByTestId('slider-modal')).toBeHidden();
}

/**
 * The RGB(A) pixels of an 8-bit, non-interlaced PNG (what the slider and captcha images are): the IDAT
 * data inflated and unfiltered row by row (PNG filters 0-4).
 */
function decodePng(png: Buffer): { width: number; height: number; channels: number; data: Uint8Array } {
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const channels = ({ 2: 3, 6: 4 } as Record<number, number>)[png[25]!];
  if (png[24] !== 8 || !channels || png[28] !== 0) throw new Error('unsupported PNG');
  const idat: Buffer[] = [];
  for (let at = 8; at < png.length;) {
    const len = png.readUInt32BE(at);
    if (png.toString('ascii', at + 4, at + 8) === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + len));
    at += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const data = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    for (let i = 0; i < stride; i++) {
      const x = raw[y * (stride + 1) + 1 + i]!;
      const a = i >= channels ? data[y * stride + i - channels]! : 0;
      const b = y > 0 ? data[(y - 1) * stride + i]! : 0;
      const c = y > 0 && i >= channels ? data[(y - 1) * stride + i - channels]! : 0;
      const p = a + b - c;
      const paeth =
        Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c)
          ? a
          : Math.abs(p - b) <= Math.abs(p - c)
            ? b
            : c;
      const pred = [0, a, b, (a + b) >> 1, paeth][filter] ?? 0;
      data[y * stride + i] = (x + pred) & 255;
    }
  }
  return { width, height, channels, data };
}

/**
 * Solves a slider challenge through the API for calls made without a browser (registration helpers):
 * reads the gap's left edge from the picture, as `solveSlider` does on the page, and returns the
 * single-use sliderToken.
 */
export async function sliderTokenViaApi(request: APIRequestContext): Promise<string> {
  const ch = await request.get('/wps/captcha/slider');
  const challenge = (await ch.json()).value as { id: string; background: string };
  const img = decodePng(Buffer.from(challenge.background, 'base64'));
  let x = -1;
  for (let y = 0; y < img.height && x < 0; y++) {
    for (let px = 0; px < img.width; px++) {
      const i = (y * img.width + px) * img.channels;
      if (img.data[i]! >= 240 && img.data[i + 1]! >= 240 && img.data[i + 2]! >= 240) {
        x = px;
        break;
      }
    }
  }
  expect(x, `gap of slider ${challenge.id}`).toBeGreaterThanOrEqual(0);
  const res = await request.post('/wps/captcha/slider/verify', { data: { id: challenge.id, x } });
  const body = await res.json();
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body.value.sliderToken as string;
}

/**
 * Holds back the player site's entry script (index-*.js) until the returned function is called: what
 * the page shows before any of the app's code has run (the skeleton and its pictures) can be looked at.
 */
export async function holdEntryScript(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** A layout shift the page recorded: its score, when, and what moved from where to where. */
export interface LayoutShift {
  value: number;
  at: number;
  hadRecentInput: boolean;
  sources: { node: string; from: Box; to: Box }[];
}
type Box = { x: number; y: number; width: number; height: number };

/**
 * Records the page's layout shifts from its first byte on (a buffered PerformanceObserver registered
 * before any of the page's own scripts, for every load of this page): each shift's score and its
 * sources, named by tag, test id, id and classes at the time of the shift, with the boxes they moved
 * between. Read them with `layoutShifts`.
 */
export async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    type Source = { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
    type Entry = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: Source[] };
    const name = (n: Node | null) => {
      if (!n) return '(gone)';
      if (!(n instanceof Element)) return n.nodeName;
      const testId = n.getAttribute('data-testid');
      const cls = typeof n.className === 'string' ? n.className.trim().split(/\s+/).filter(Boolean) : [];
      return (
        n.tagName.toLowerCase() +
        (testId ? `[data-testid=${testId}]` : '') +
        (n.id ? `#${n.id}` : '') +
        cls.map((c) => `.${c}`).join('') +
        (n.isConnected ? '' : ' (removed)')
      );
    };
    const box = (r: DOMRectReadOnly) => ({ x: r.x, y: r.y, width: r.width, height: r.height });
    const shifts: unknown[] = [];
    const keep = (entries: PerformanceEntryList) => {
      for (const e of entries as Entry[])
        shifts.push({
          value: e.value,
          at: Math.round(e.startTime),
          hadRecentInput: e.hadRecentInput,
          sources: e.sources.map((s) => ({
            node: name(s.node),
            from: box(s.previousRect),
            to: box(s.currentRect),
          })),
        });
    };
    const observer = new PerformanceObserver((list) => keep(list.getEntries()));
    observer.observe({ type: 'layout-shift', buffered: true });
    (window as unknown as { __layoutShifts: () => unknown[] }).__layoutShifts = () => {
      keep(observer.takeRecords());
      return shifts;
    };
  });
}

/**
 * The layout shifts `recordLayoutShifts` has seen up to now: read once the page's web fonts are in
 * (their swap moves text) and two frames later, so a shift of the last frame drawn has been reported.
 */
export async function layoutShifts(page: Page): Promise<LayoutShift[]> {
  return page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    return (window as unknown as { __layoutShifts: () => LayoutShift[] }).__layoutShifts();
  });
}

/** Layout shifts one a line, for a failure message: when, the score, what moved from where to where. */
export const describeShifts = (shifts: LayoutShift[]) =>
  shifts
    .map((s) => {
      const box = (b: Box) => `(${b.x},${b.y} ${b.width}x${b.height})`;
      const what = s.sources.map((x) => `${x.node} ${box(x.from)} -> ${box(x.to)}`).join('; ');
      return `${s.at} ms, ${s.value.toFixed(4)}${s.hadRecentInput ? ' (input)' : ''}: ${what}`;
    })
    .join('\n') || 'none';

/** A member's session token through the API (a solved slider), as a phone app would log in. */
export async function memberTokenViaApi(
  request: APIRequestContext,
  username: string,
  password: string,
): Promise<string> {
  const res = await request.post('/wps/session/login', {
    data: { username, password, type: 'username', sliderToken: await sliderTokenViaApi(request) },
  });
  const body = await res.json();
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body.value.token as string;
}

/** Opens /login and logs in with username and password (solving the slider). */
export async function loginWithPassword(page: Page, username: string, password: string) {
  await page.goto('/login');
  await expect(page.getByTestId('login-modal')).toBeVisible();
  await submitLogin(page, username, password);
}

/** Fills the open login form (the player site's popup or the agent page) and solves the slider. */
export async function submitLogin(page: Page, username: string, password: string) {
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await solveSlider(page);
}

/** The latest SMS code of a purpose sent to a national number, read from the operator's SMS outbox. */
export async function latestSmsCode(
  request: APIRequestContext,
  mobile: string,
  purpose: 'login' | 'register' | 'reset' | 'bind' | 'verify' = 'register',
): Promise<string> {
  const token = await operatorToken(request);
  let code = '';
  await expect
    .poll(async () => {
      const page = await admin<{ list?: { text: string }[]; content?: { text: string }[] }>(
        request,
        token,
        'GET',
        `/admin/api/sms-outbox?mobile=${encodeURIComponent(mobile)}&purpose=${purpose}&pageSize=1`,
      );
      const rows = page.list ?? page.content ?? [];
      code = /\b(\d{6})\b/.exec(rows[0]?.text ?? '')?.[1] ?? '';
      return code;
    })
    .not.toBe('');
  return code;
}

/** Closes the visitor / member announcement popups if any are open. */
export async function closePopups(page: Page) {
  const popup = page.getByTestId('announcement-popup');
  for (let i = 0; i < 10 && (await popup.isVisible()); i++)
    await page.getByTestId('announcement-popup-close').click();
}

/** A fresh username that fits the demo rules (a letter first, then letters and digits). */
export const uniqueName = (prefix = 'e2e') =>
  `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`.slice(0, 14);

/** Sets the language before the first page load. */
export async function useLanguage(page: Page, lng: 'bn' | 'en') {
  await page.addInitScript((l) => localStorage.setItem('language', l), lng);
}

/** Marks the announcement popups as already closed for every page load of this test (they are not under test). */
export async function skipPopups(page: Page) {
  await page.addInitScript(() => {
    sessionStorage.setItem('popupClosed_anon', '1');
    sessionStorage.setItem('popupClosed_user', '1');
  });
}

let ipSeq = 0;
/** A distinct address in the benchmarking range 198.18.0.0/15 (never a real visitor, never region-blocked). */
export const nextTestIp = () => {
  ipSeq += 1;
  return `198.18.${(process.pid + ipSeq) % 250}.${1 + (ipSeq % 250)}`;
};

/** A Bangladeshi mobile number nobody has used yet (01 + 9 digits); its national form drops the 0. */
export const freshMobile = (prefix = '017') => `${prefix}${String(Date.now()).slice(-8)}`;

/**
 * Registers a member through the API (plain JSON, which the demo merchant allows), with the SMS code
 * from the outbox and a solved slider. Returns the credentials.
 */
export async function registerViaApi(
  request: APIRequestContext,
  opts: { username: string; password: string; email?: string; mobile?: string },
) {
  const mobile = opts.mobile ?? freshMobile('019');
  // every spec talks from 127.0.0.1: an address of its own keeps the per-IP SMS throttles (1/s, 20/h) out of
  // the way of specs that are not about them (the server trusts X-Forwarded-For in e2e)
  const sms = await request.post('/wps/verification/sms/register', {
    data: { mobileNo: mobile, countryDialingCode: '+880' },
    headers: { 'x-forwarded-for': nextTestIp() },
  });
  expect((await sms.json()).success, await sms.text()).toBe(true);
  const code = await latestSmsCode(request, mobile.slice(1));
  const reg = await request.put('/wps/member/register', {
    data: {
      username: opts.username,
      password: opts.password,
      confirmPassword: opts.password,
      email: opts.email,
      mobileNum: mobile,
      countryDialingCode: '+880',
      verificationCode: code,
      termsAccepted: true,
      ageConfirmed: true,
      sliderToken: await sliderTokenViaApi(request),
    },
  });
  expect((await reg.json()).success, await reg.text()).toBe(true);
  return { ...opts, mobile };
}

/** The newest mail to an address, from the operator's mail outbox. */
export async function latestMail(request: APIRequestContext, to: string) {
  const token = await operatorToken(request);
  let text = '';
  await expect
    .poll(async () => {
      const page = await admin<{ list: { text: string }[] }>(
        request,
        token,
        'GET',
        `/admin/api/mail-outbox?to=${encodeURIComponent(to)}&pageSize=1`,
      );
      text = page.list[0]?.text ?? '';
      return text;
    })
    .not.toBe('');
  return text;
}
