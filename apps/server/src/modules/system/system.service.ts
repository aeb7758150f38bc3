import type { z } from 'zod';
import {
  encodeCustomerServicePath,
  ZBannerInput,
  ZMaintenanceInput,
  ZNoticeInput,
  ZPopupInput,
  ZRegionRuleInput,
  type TAnnouncements,
  type TBannerAdmin,
  type TBannerInput,
  type THelpItem,
  type TMaintenanceInput,
  type TMaintenanceState,
  type TNoticeAdmin,
  type TNoticeInput,
  type TPopupAdmin,
  type TPopupExecution,
  type TPopupInput,
  type TRegionRule,
  type TRegionRuleInput,
  type TRegisterFieldRule,
  type TSystemStatusValue,
} from '@bp/contract';
import type { Db, Tx } from '../../db/client.js';
import type { TLocalized } from '../../db/schema/index.js';
import type { Clock } from '../../platform/module.js';
import type { EventBus } from '../../platform/events.js';
import { AppError, pgErrorCode } from '../../platform/errors.js';
import { PrewrittenJson, serializeReply } from '../../platform/json-reply.js';
import type { MerchantContext, MerchantService } from '../../platform/merchant.js';
import {
  systemRepo,
  type BannerRow,
  type HelpRow,
  type MaintenanceRow,
  type NoticeRow,
  type PopupRow,
  type PromotionRow,
  type RegionRuleRow,
} from './system.repo.js';
import { isMaintenanceOn } from './maintenance.js';
import { evaluateRegion, normaliseIp, normaliseRuleValue } from './region.js';
import { countryOf } from './geo.js';
import { sanitizeHtml, stripTags } from './sanitize.js';
import { DEFAULT_REGISTER_RULES } from './register-rules.js';

/** What a write changed, for the caller's audit log: `before` null on create, `after` null on delete. */
export interface Change<T> {
  before: T | null;
  after: T | null;
}
/**
 * Options of every write. `audit` runs inside the write's transaction after the change, so the audit
 * record commits or rolls back with it; caches are invalidated and `merchant.changed` emitted only
 * after the commit.
 */
export interface WriteOptions<T> {
  audit?: (tx: Tx, change: Change<T>) => Promise<void>;
}

/**
 * One operator change and its audit entry in one transaction (the audit row never outlives a rolled
 * back change); a unique-key clash answers `conflict`. Callers refresh their caches afterwards.
 */
export async function auditedWrite<T>(
  db: Db,
  opts: WriteOptions<T> | undefined,
  fn: (tx: Tx) => Promise<Change<T>>,
): Promise<Change<T>> {
  try {
    return await db.transaction(async (tx) => {
      const c = await fn(tx);
      if (opts?.audit) await opts.audit(tx, c);
      return c;
    });
  } catch (err) {
    if (pgErrorCode(err) === '23505') throw new AppError('conflict');
    throw err;
  }
}

export interface Access {
  ip: string;
  countryCode: string | null;
  maintenance: boolean;
  regionRestriction: boolean;
}

export type AnnouncementType = 'B' | 'PL' | 'PU' | 'PR';
export interface AnnouncementQuery {
  language: string;
  types?: readonly string[];
  platform?: 'W' | 'M';
  /** Popup audiences to include (the route derives them from the session). */
  executions: readonly TPopupExecution[];
}

const CACHE_TTL_MS = 5000;
/** status answers kept per merchant state, one per distinct caller part (verdict and location) */
const MAX_CALLER_ANSWERS = 1000;
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const toDate = (s: string | null | undefined) => (s ? new Date(s) : null);

function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const r = schema.safeParse(input);
  if (!r.success) {
    throw new AppError('request_param_err', {
      value: { issues: r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) },
    });
  }
  return r.data;
}

/** Text in `lang`, else in the merchant default, else any language present. */
export function pickText(t: TLocalized | null | undefined, lang: string, fallback: string): string {
  if (!t) return '';
  return t[lang] ?? t[fallback] ?? Object.values(t)[0] ?? '';
}
const mapText = (t: TLocalized, fn: (s: string) => string): TLocalized =>
  Object.fromEntries(Object.entries(t).map(([k, v]) => [k, fn(v)]));

const inWindow = (r: { active: boolean; startDate: Date | null; endDate: Date | null }, now: number) =>
  r.active && (!r.startDate || r.startDate.getTime() <= now) && (!r.endDate || now < r.endDate.getTime());
const onPlatform = (r: { platform: string }, p: 'W' | 'M' | undefined) =>
  !p || r.platform === 'ALL' || r.platform === p;

// ---- views ----
function maintenanceView(row: MaintenanceRow | undefined, now: Date): TMaintenanceState {
  return {
    enabled: row?.enabled ?? false,
    startTime: iso(row?.startTime),
    endTime: iso(row?.endTime),
    message: row?.message ?? null,
    active: isMaintenanceOn(row, now),
    updatedAt: iso(row?.updatedAt),
  };
}
const ruleView = (r: RegionRuleRow): TRegionRule => ({
  id: r.id,
  action: r.action,
  kind: r.kind,
  value: r.value,
  note: r.note,
  priority: r.priority,
  createdAt: r.createdAt.toISOString(),
});
const bannerView = (r: BannerRow): TBannerAdmin => ({
  id: r.id,
  groupName: r.groupName,
  title: r.title,
  imageUrl: r.imageUrl,
  sequence: r.sequence,
  linkageType: r.linkageType,
  redirect: r.redirect,
  externalLink: r.externalLink,
  redirectPromotionId: r.redirectPromotionId,
  gameLinkageMapping: r.gameLinkageMapping,
  platform: r.platform,
  active: r.active,
  startDate: iso(r.startDate),
  endDate: iso(r.endDate),
  updatedAt: r.updatedAt.toISOString(),
});
const noticeView = (r: NoticeRow): TNoticeAdmin => ({
  id: r.id,
  title: r.title,
  content: r.content,
  externalLink: r.externalLink,
  displaySpeed: r.displaySpeed,
  sequence: r.sequence,
  platform: r.platform,
  active: r.active,
  startDate: iso(r.startDate),
  endDate: iso(r.endDate),
  updatedAt: r.updatedAt.toISOString(),
});
const popupView = (r: PopupRow): TPopupAdmin => ({
  id: r.id,
  title: r.title,
  content: r.content,
  execution: r.execution,
  promotionType: r.promotionType,
  platform: r.platform,
  sequence: r.sequence,
  active: r.active,
  startDate: iso(r.startDate),
  endDate: iso(r.endDate),
  updatedAt: r.updatedAt.toISOString(),
});

// ---- write-input normalisation (sanitising happens here, for every writer) ----
const isSafeLink = (v: string | null) => v === null || /^(https?:\/\/|\/(?!\/)|#)/i.test(v);
function linkOrThrow(v: string | null, field: string): string | null {
  if (!isSafeLink(v)) {
    throw new AppError('request_param_err', {
      value: { issues: [{ path: field, message: 'must be an http(s) URL or a site path' }] },
    });
  }
  return v;
}
function bannerValues(input: TBannerInput) {
  const v = parseInput(ZBannerInput, input);
  return {
    ...v,
    title: mapText(v.title, stripTags),
    imageUrl: linkOrThrow(v.imageUrl, 'imageUrl')!,
    redirect: linkOrThrow(v.redirect, 'redirect'),
    externalLink: linkOrThrow(v.externalLink, 'externalLink'),
    startDate: toDate(v.startDate),
    endDate: toDate(v.endDate),
  };
}
function noticeValues(input: TNoticeInput) {
  const v = parseInput(ZNoticeInput, input);
  return {
    ...v,
    title: mapText(v.title, stripTags),
    content: mapText(v.content, sanitizeHtml),
    externalLink: linkOrThrow(v.externalLink, 'externalLink'),
    startDate: toDate(v.startDate),
    endDate: toDate(v.endDate),
  };
}
function popupValues(input: TPopupInput) {
  const v = parseInput(ZPopupInput, input);
  return {
    ...v,
    title: mapText(v.title, stripTags),
    content: mapText(v.content, sanitizeHtml),
    startDate: toDate(v.startDate),
    endDate: toDate(v.endDate),
  };
}

/** Rows as stored may predate the sanitiser or come from raw SQL: the public reads sanitise again (cached). */
const cleanBanner = (r: BannerRow): BannerRow => ({ ...r, title: mapText(r.title, stripTags) });
const cleanNotice = (r: NoticeRow): NoticeRow => ({
  ...r,
  title: mapText(r.title, stripTags),
  content: mapText(r.content, sanitizeHtml),
});
const cleanPopup = (r: PopupRow): PopupRow => ({
  ...r,
  title: mapText(r.title, stripTags),
  content: mapText(r.content, sanitizeHtml),
});
const cleanPromotion = (r: PromotionRow): PromotionRow => ({
  ...r,
  title: mapText(r.title, stripTags),
  content: mapText(r.content, sanitizeHtml),
});
const cleanHelp = (r: HelpRow): HelpRow => ({
  ...r,
  title: stripTags(r.title),
  content: sanitizeHtml(r.content),
});

export function createSystemService({
  db,
  clock,
  merchants,
  events,
  ttlMs = CACHE_TTL_MS,
}: {
  db: Db;
  clock: Clock;
  merchants: MerchantService;
  events: EventBus;
  ttlMs?: number;
}) {
  // ---- per-merchant read cache: the public reads run on every page load ----
  // per merchant, per part: `settled` holds the loaded value once the load has resolved, for readers
  // that answer at once
  type CacheEntry = { at: number; value: Promise<unknown>; settled?: { value: unknown } };
  const cache = new Map<number, Map<string, CacheEntry>>();
  const generation = new Map<number, number>();
  function cached<T>(merchantId: number, part: string, load: () => Promise<T>): Promise<T> {
    let parts = cache.get(merchantId);
    const hit = parts?.get(part);
    const t = Date.now();
    if (hit && t - hit.at < ttlMs) return hit.value as Promise<T>;
    const gen = generation.get(merchantId) ?? 0;
    const value = load();
    const entry: CacheEntry = { at: t, value };
    if (!parts) cache.set(merchantId, (parts = new Map()));
    parts.set(part, entry);
    const isCurrent = () => cache.get(merchantId)?.get(part) === entry;
    value.then(
      (loaded) => {
        // invalidated while loading: do not keep what may be the old state
        if ((generation.get(merchantId) ?? 0) !== gen) {
          if (isCurrent()) cache.get(merchantId)?.delete(part);
        } else entry.settled = { value: loaded };
      },
      () => {
        if (isCurrent()) cache.get(merchantId)?.delete(part);
      },
    );
    return value;
  }
  /** What `cached` would answer at once: the loaded value while it is fresh, else undefined. */
  function cachedNow<T>(merchantId: number, part: string): { value: T } | undefined {
    const hit = cache.get(merchantId)?.get(part);
    return hit?.settled && Date.now() - hit.at < ttlMs ? (hit.settled as { value: T }) : undefined;
  }
  function invalidate(merchantId: number) {
    generation.set(merchantId, (generation.get(merchantId) ?? 0) + 1);
    cache.delete(merchantId);
  }
  events.on('merchant.changed', ({ merchantId }) => invalidate(merchantId));

  const siteState = (merchantId: number) =>
    cached(merchantId, 'state', async () => {
      const [maintenance, rules] = await Promise.all([
        systemRepo.getMaintenance(db, merchantId),
        systemRepo.listRegionRules(db, merchantId),
      ]);
      return { maintenance, rules };
    });

  const siteInfo = (merchantId: number) =>
    cached(merchantId, 'info', async () => {
      const [cs, resources, rules, domains] = await Promise.all([
        systemRepo.listCustomerService(db, merchantId),
        systemRepo.listResources(db, merchantId),
        systemRepo.listRegisterRules(db, merchantId),
        merchants.listDomains(merchantId),
      ]);
      const register: Record<string, TRegisterFieldRule> = { ...DEFAULT_REGISTER_RULES };
      for (const r of rules) {
        register[r.field] = {
          acceptedPattern: r.acceptedPattern,
          minLength: r.minLength,
          maxLength: r.maxLength,
          patternId: r.patternId,
          enabled: r.enabled,
          required: r.required,
        };
      }
      return {
        customerService: await Promise.all(
          cs.map(async (c) => ({
            csType: c.csType,
            name: c.name,
            path: await encodeCustomerServicePath(c.path),
          })),
        ),
        resources: resources.map((r) => ({
          resourceType: r.resourceType,
          labelNameEn: r.labelNameEn,
          url: r.url,
        })),
        register,
        domains,
      };
    });

  const content = (merchantId: number) =>
    cached(merchantId, 'content', async () => {
      const [banners, notices, popups, promotions] = await Promise.all([
        systemRepo.banners.list(db, merchantId),
        systemRepo.notices.list(db, merchantId),
        systemRepo.popups.list(db, merchantId),
        systemRepo.listPromotions(db, merchantId),
      ]);
      return {
        banners: banners.map(cleanBanner),
        notices: notices.map(cleanNotice),
        popups: popups.map(cleanPopup),
        promotions: promotions.map(cleanPromotion),
      };
    });

  const helpRows = (merchantId: number) =>
    cached(merchantId, 'help', async () => (await systemRepo.listHelp(db, merchantId)).map(cleanHelp));

  const countries = (merchantId: number) =>
    cached(merchantId, 'countries', async () =>
      (await systemRepo.listCountries(db, merchantId)).map((c) => ({
        countryCode: c.countryCode,
        countryDialingCode: c.dialingCode,
        name: c.name,
      })),
    );

  async function requireMerchant(merchantId: number): Promise<MerchantContext> {
    const m = await merchants.getById(merchantId);
    if (!m) throw new AppError('not_found', { detail: `merchant ${merchantId}` });
    return m;
  }

  /** Runs a change in a transaction with the caller's audit hook, then refreshes the caches. */
  async function write<T>(
    merchantId: number,
    opts: WriteOptions<T> | undefined,
    fn: (tx: Tx) => Promise<Change<T>>,
  ): Promise<Change<T>> {
    await requireMerchant(merchantId);
    const change = await auditedWrite(db, opts, fn);
    invalidate(merchantId);
    events.emit('merchant.changed', { merchantId });
    return change;
  }

  function notFound(what: string, id: number | string): never {
    throw new AppError('not_found', { detail: `${what} ${id}` });
  }

  // ---- region-rule input ----
  function ruleValues(input: TRegionRuleInput) {
    const v = parseInput(ZRegionRuleInput, input);
    const value = normaliseRuleValue(v.kind, v.value);
    if (!value) {
      throw new AppError('request_param_err', {
        value: {
          issues: [
            {
              path: 'value',
              message:
                v.kind === 'country'
                  ? 'expected an ISO 3166-1 alpha-2 code'
                  : 'expected an IP address or CIDR',
            },
          ],
        },
      });
    }
    return { action: v.action, kind: v.kind, value, note: v.note ?? '', priority: v.priority ?? 0 };
  }

  function contentCrud<Row extends { id: number }, Input, View>(
    name: string,
    table: (typeof systemRepo)['banners' | 'notices' | 'popups'],
    values: (input: Input) => object,
    view: (r: Row) => View,
    toInput: (v: View) => Input,
  ) {
    const t = table as unknown as {
      list(db: Db | Tx, m: number): Promise<Row[]>;
      get(db: Db | Tx, m: number, id: number, forUpdate?: boolean): Promise<Row | undefined>;
      insert(db: Db | Tx, m: number, v: object): Promise<Row>;
      update(db: Db | Tx, m: number, id: number, v: object): Promise<Row | undefined>;
      delete(db: Db | Tx, m: number, id: number): Promise<Row | undefined>;
    };
    return {
      async list(merchantId: number): Promise<View[]> {
        return (await t.list(db, merchantId)).map(view);
      },
      async get(merchantId: number, id: number): Promise<View> {
        const row = await t.get(db, merchantId, id);
        if (!row) notFound(name, id);
        return view(row);
      },
      async create(merchantId: number, input: Input, opts?: WriteOptions<View>) {
        const v = values(input);
        return write(merchantId, opts, async (tx) => ({
          before: null,
          after: view(await t.insert(tx, merchantId, v)),
        }));
      },
      /** Partial update: the patch is merged over the current state and validated as a whole. */
      async update(merchantId: number, id: number, patch: Partial<Input>, opts?: WriteOptions<View>) {
        return write(merchantId, opts, async (tx) => {
          const row = await t.get(tx, merchantId, id, true);
          if (!row) notFound(name, id);
          const before = view(row);
          const v = values({ ...toInput(before), ...patch });
          const after = await t.update(tx, merchantId, id, v);
          return { before, after: view(after!) };
        });
      },
      async delete(merchantId: number, id: number, opts?: WriteOptions<View>) {
        return write(merchantId, opts, async (tx) => {
          const row = await t.delete(tx, merchantId, id);
          if (!row) notFound(name, id);
          return { before: view(row), after: null };
        });
      },
    };
  }

  const stripAdmin = <T extends { id: number; updatedAt: string }>(v: T) => {
    const { id: _id, updatedAt: _u, ...rest } = v;
    return rest;
  };
  const banners = contentCrud<BannerRow, TBannerInput, TBannerAdmin>(
    'banner',
    systemRepo.banners,
    bannerValues,
    bannerView,
    (v) => stripAdmin(v) as TBannerInput,
  );
  const notices = contentCrud<NoticeRow, TNoticeInput, TNoticeAdmin>(
    'notice',
    systemRepo.notices,
    noticeValues,
    noticeView,
    (v) => stripAdmin(v),
  );
  const popups = contentCrud<PopupRow, TPopupInput, TPopupAdmin>(
    'popup',
    systemRepo.popups,
    popupValues,
    popupView,
    (v) => stripAdmin(v),
  );

  /**
   * A caller's address in canonical form and its country (geoip-country's database, fixed while the
   * process runs), remembered for the last few thousand addresses: players load several pages.
   */
  const places = new Map<string, { ip: string; countryCode: string | null }>();
  function placeOf(callerIp: string) {
    let place = places.get(callerIp);
    if (!place) {
      if (places.size >= 5000) places.clear();
      const ip = normaliseIp(callerIp);
      place = { ip, countryCode: countryOf(ip) };
      places.set(callerIp, place);
    }
    return place;
  }

  type SiteState = Awaited<ReturnType<typeof siteState>>;
  /** Maintenance and region verdict for a caller (IP as seen by the server). */
  async function evaluateAccess(
    merchantId: number,
    callerIp: string,
  ): Promise<Access & { maintenanceRow?: MaintenanceRow }> {
    return accessIn(await siteState(merchantId), callerIp);
  }
  function accessIn(
    { maintenance: row, rules }: SiteState,
    callerIp: string,
  ): Access & { maintenanceRow?: MaintenanceRow } {
    const { ip, countryCode } = placeOf(callerIp);
    return {
      ip,
      countryCode,
      maintenance: isMaintenanceOn(row, clock.now()),
      regionRestriction: evaluateRegion(rules, ip, countryCode).blocked,
      maintenanceRow: row,
    };
  }

  type StatusInfo = TSystemStatusValue['info'];
  type SiteInfo = Awaited<ReturnType<typeof siteInfo>>;
  /**
   * The status answer's merchant part as objects and as JSON, per merchant context and site info.
   * Both are cached objects replaced on `merchant.changed` (bridged across instances) or at their TTL,
   * so a change of either writes the JSON anew; the WeakMap lets replaced contexts go.
   */
  const statusInfoOf = new WeakMap<
    MerchantContext,
    {
      site: SiteInfo;
      value: StatusInfo;
      json: string;
      /** the site state the answers by address were written from (a reload or change starts anew) */
      state: SiteState | undefined;
      /** answers by the caller's address as the server saw it, while `state` holds */
      byIp: Map<string, PrewrittenJson<TSystemStatusValue>>;
    }
  >();
  function statusInfo(merchant: MerchantContext, site: SiteInfo) {
    const hit = statusInfoOf.get(merchant);
    if (hit && hit.site === site) return hit;
    const value: StatusInfo = {
      merchant: {
        code: merchant.code,
        name: merchant.name,
        currency: merchant.currency,
        currencySymbol: merchant.currencySymbol,
        currencyDecimals: merchant.currencyDecimals,
        languages: merchant.languages,
        defaultLanguage: merchant.defaultLanguage,
        theme: merchant.theme,
        timeZone: merchant.timeZone,
        logoUrl: merchant.logoUrl,
        copyright: merchant.copyright,
        socialLinks: merchant.socialLinks,
      },
      customerService: site.customerService,
      domainRoute: site.domains.map((d) => d.domain),
      resources: site.resources,
      whitelabel: merchant.whitelabel,
      register: site.register,
      mainDomain: merchant.mainDomain,
      analytics: { gtagId: merchant.gtagId },
      imageCDNs: merchant.imageCdns,
      launchGameCDNs: merchant.launchGameCdns,
    };
    const entry = {
      site,
      value,
      json: serializeReply(value),
      state: undefined,
      byIp: new Map(),
    };
    statusInfoOf.set(merchant, entry);
    return entry;
  }

  async function statusAnswer(
    merchant: MerchantContext,
    callerIp: string,
  ): Promise<PrewrittenJson<TSystemStatusValue>> {
    const [state, site] = await Promise.all([siteState(merchant.id), siteInfo(merchant.id)]);
    return statusAnswerFrom(merchant, callerIp, state, site);
  }

  /** The status answer when the site state and info are cached (fresh), without waiting; else undefined. */
  function cachedStatusAnswer(
    merchant: MerchantContext,
    callerIp: string,
  ): PrewrittenJson<TSystemStatusValue> | undefined {
    const state = cachedNow<SiteState>(merchant.id, 'state');
    const site = state && cachedNow<SiteInfo>(merchant.id, 'info');
    return site ? statusAnswerFrom(merchant, callerIp, state.value, site.value) : undefined;
  }

  function statusAnswerFrom(
    merchant: MerchantContext,
    callerIp: string,
    state: SiteState,
    site: SiteInfo,
  ): PrewrittenJson<TSystemStatusValue> {
    const info = statusInfo(merchant, site);
    // Most callers of a merchant come back with the same address: their answer object is kept, so its
    // envelope bytes are written once. An answer without a maintenance window does not change with time
    // (without a window, maintenance is off for good: switched off, or its end has passed), so for the
    // same merchant context, site info and site state the caller's address decides it. An answer
    // showing a window is written each time (rare, and the window's text is in it). Bounded: arbitrary
    // addresses must not grow memory without end.
    if (info.state !== state) {
      info.state = state;
      info.byIp.clear();
    }
    const known = info.byIp.get(callerIp);
    if (known) return known;
    const access = accessIn(state, callerIp);
    const row = access.maintenanceRow;
    const now = clock.now().getTime();
    // the window is shown while maintenance is on or still scheduled, so clients can announce it
    const showWindow = !!row?.enabled && (!row.endTime || now < row.endTime.getTime());
    const caller = {
      maintenance: access.maintenance,
      regionRestriction: access.regionRestriction,
      status: access.maintenance ? 1 : access.regionRestriction ? 2 : 0,
      location: { ip: access.ip, countryCode: access.countryCode },
      maintenanceInfo: showWindow
        ? { startTime: iso(row.startTime), endTime: iso(row.endTime), message: row.message }
        : null,
    };
    // the caller's object with "info" as its last key: what serializeReply writes for the whole
    const json = `${serializeReply(caller).slice(0, -1)},"info":${info.json}}`;
    const answer = new PrewrittenJson<TSystemStatusValue>({ ...caller, info: info.value }, json);
    if (!showWindow) {
      if (info.byIp.size >= MAX_CALLER_ANSWERS) info.byIp.clear();
      info.byIp.set(callerIp, answer);
    }
    return answer;
  }

  return {
    // ------------------------------------------------------------------ public reads
    evaluateAccess: async (merchantId: number, callerIp: string): Promise<Access> => {
      const { maintenanceRow: _m, ...a } = await evaluateAccess(merchantId, callerIp);
      return a;
    },
    /**
     * Guard for player actions that must not run while the site is closed to this caller (login,
     * register, deposit ...). The public reads stay open so the client can render its screens.
     */
    async assertSiteOpen(merchantId: number, callerIp: string): Promise<void> {
      const a = await evaluateAccess(merchantId, callerIp);
      if (a.maintenance) throw new AppError('system_maintenance');
      if (a.regionRestriction) throw new AppError('region_restricted', { value: { ip: a.ip } });
    },

    /** The status answer as objects (what other modules and tests read). */
    async status(merchant: MerchantContext, callerIp: string): Promise<TSystemStatusValue> {
      return (await statusAnswer(merchant, callerIp)).value;
    },

    /**
     * GET /wps/system/status, asked on every page load: the same answer with its JSON already written.
     * The merchant's part (site info, about 6 KB) is written once per merchant state; only the caller's
     * part (maintenance and region verdict for its IP, its location) is written per request, and a
     * caller's answer is kept while the merchant state it was written from stays cached.
     */
    statusAnswer,
    /** The same answer at once when the merchant's site state and info are cached; else undefined. */
    cachedStatusAnswer,

    async domainRoute(merchantId: number) {
      return (await siteInfo(merchantId)).domains.map((d) => ({ domain: d.domain, routeType: d.routeType }));
    },

    async registerRules(merchantId: number): Promise<Record<string, TRegisterFieldRule>> {
      return (await siteInfo(merchantId)).register;
    },

    countries: (merchantId: number) => countries(merchantId),

    /**
     * Help articles in `lang`; when the merchant has none in that language, in its default language.
     * Hidden articles are left out; `device` (WEB, MOBILE) keeps articles for that device or ALL.
     */
    async helpCenter(merchant: MerchantContext, lang: string, device?: string): Promise<THelpItem[]> {
      const rows = (await helpRows(merchant.id)).filter(
        (r) => r.display && (!device || r.device === 'ALL' || r.device === device),
      );
      const fallback = merchant.defaultLanguage.toUpperCase();
      const want = lang.toUpperCase();
      const chosen = rows.some((r) => r.lang === want) ? want : fallback;
      const inLang = rows.filter((r) => r.lang === chosen);
      const ids = new Set(inLang.map((r) => r.id));
      const build = (parent: number | null): THelpItem[] =>
        inLang
          .filter((r) =>
            parent === null ? r.parentId === null || !ids.has(r.parentId) : r.parentId === parent,
          )
          .map((r) => ({
            id: r.id,
            tag: r.tag,
            title: r.title,
            content: r.content,
            bgColor: r.bgColor,
            lang: r.lang,
            display: r.display,
            children: build(r.id),
          }));
      return build(null);
    },

    /** Active, in-date items in the request language (per item fallback to the merchant default). */
    async announcements(merchant: MerchantContext, q: AnnouncementQuery): Promise<TAnnouncements> {
      const c = await content(merchant.id);
      const now = clock.now().getTime();
      const known = new Set<string>(['B', 'PL', 'PU', 'PR']);
      const wanted = new Set((q.types?.length ? q.types : [...known]).map((t) => t.trim().toUpperCase()));
      const lang = q.language.toUpperCase();
      const fb = merchant.defaultLanguage.toUpperCase();
      const live = <
        T extends { active: boolean; startDate: Date | null; endDate: Date | null; platform: string },
      >(
        rows: T[],
      ) => rows.filter((r) => inWindow(r, now) && onPlatform(r, q.platform));
      return {
        banners: wanted.has('B')
          ? live(c.banners).map((b) => ({
              id: b.id,
              groupName: b.groupName,
              title: pickText(b.title, lang, fb),
              url: b.imageUrl,
              sequence: b.sequence,
              linkageType: b.linkageType,
              redirect: b.redirect,
              externalLink: b.externalLink,
              redirectPromotionId: b.redirectPromotionId,
              gameLinkageMapping: b.gameLinkageMapping,
            }))
          : [],
        player: wanted.has('PL')
          ? live(c.notices).map((n) => ({
              id: n.id,
              title: pickText(n.title, lang, fb),
              content: pickText(n.content, lang, fb),
              externalLink: n.externalLink,
              announcementDisplaySpeed: n.displaySpeed,
            }))
          : [],
        popup: wanted.has('PU')
          ? live(c.popups)
              .filter((p) => q.executions.includes(p.execution))
              .map((p) => ({
                id: p.id,
                title: pickText(p.title, lang, fb),
                content: pickText(p.content, lang, fb),
                promotionType: p.promotionType,
                execution: p.execution,
              }))
          : [],
        promotion: wanted.has('PR')
          ? live(c.promotions).map((p) => ({
              id: p.id,
              title: pickText(p.title, lang, fb),
              category: p.category,
              announcementImages: p.images,
              startDate: iso(p.startDate),
              endDate: iso(p.endDate),
              content: pickText(p.content, lang, fb),
            }))
          : [],
      };
    },

    // ------------------------------------------------------------------ operator reads and writes
    async getMaintenance(merchantId: number): Promise<TMaintenanceState> {
      await requireMerchant(merchantId);
      return maintenanceView(await systemRepo.getMaintenance(db, merchantId), clock.now());
    },
    async setMaintenance(
      merchantId: number,
      input: TMaintenanceInput,
      opts?: WriteOptions<TMaintenanceState>,
    ) {
      const v = parseInput(ZMaintenanceInput, input);
      return write(merchantId, opts, async (tx) => {
        const before = await systemRepo.getMaintenance(tx, merchantId, true);
        const after = await systemRepo.upsertMaintenance(tx, merchantId, {
          enabled: v.enabled,
          // an omitted field keeps its value; null clears it
          startTime: v.startTime === undefined ? (before?.startTime ?? null) : toDate(v.startTime),
          endTime: v.endTime === undefined ? (before?.endTime ?? null) : toDate(v.endTime),
          message: v.message === undefined ? (before?.message ?? null) : v.message,
        });
        if (after.startTime && after.endTime && after.startTime >= after.endTime) {
          throw new AppError('request_param_err', {
            value: { issues: [{ path: 'endTime', message: 'startTime must be before endTime' }] },
          });
        }
        const now = clock.now();
        return { before: before ? maintenanceView(before, now) : null, after: maintenanceView(after, now) };
      });
    },

    async listRegionRules(merchantId: number): Promise<TRegionRule[]> {
      await requireMerchant(merchantId);
      return (await systemRepo.listRegionRules(db, merchantId)).map(ruleView);
    },
    async addRegionRule(merchantId: number, input: TRegionRuleInput, opts?: WriteOptions<TRegionRule>) {
      const v = ruleValues(input);
      return write(merchantId, opts, async (tx) => ({
        before: null,
        after: ruleView(await systemRepo.insertRegionRule(tx, merchantId, v)),
      }));
    },
    async updateRegionRule(
      merchantId: number,
      id: number,
      patch: Partial<TRegionRuleInput>,
      opts?: WriteOptions<TRegionRule>,
    ) {
      return write(merchantId, opts, async (tx) => {
        const row = await systemRepo.getRegionRule(tx, merchantId, id);
        if (!row) notFound('region rule', id);
        const v = ruleValues({
          action: row.action,
          kind: row.kind,
          value: row.value,
          note: row.note,
          priority: row.priority,
          ...patch,
        });
        const after = await systemRepo.updateRegionRule(tx, merchantId, id, v);
        return { before: ruleView(row), after: ruleView(after!) };
      });
    },
    async deleteRegionRule(merchantId: number, id: number, opts?: WriteOptions<TRegionRule>) {
      return write(merchantId, opts, async (tx) => {
        const row = await systemRepo.deleteRegionRule(tx, merchantId, id);
        if (!row) notFound('region rule', id);
        return { before: ruleView(row), after: null };
      });
    },

    /**
     * Switches a white-label module. COMM3 (common) is always on: the status, whitelabel and other
     * public calls carry it, and the player site could not even show its maintenance screen without them.
     */
    async setModuleEnabled(
      merchantId: number,
      modId: string,
      enabled: boolean,
      opts?: WriteOptions<{ modId: string; enabled: boolean }>,
    ) {
      if (modId === 'COMM3' && !enabled) {
        throw new AppError('request_param_err', {
          value: { issues: [{ path: 'modId', message: 'COMM3 (common) cannot be switched off' }] },
        });
      }
      return write(merchantId, opts, async (tx) => {
        const row = await systemRepo.getModule(tx, merchantId, modId);
        if (!row) notFound('module', modId);
        await systemRepo.setModuleEnabled(tx, merchantId, modId, enabled);
        return { before: { modId, enabled: row.enabled }, after: { modId, enabled } };
      });
    },

    listBanners: banners.list,
    getBanner: banners.get,
    createBanner: banners.create,
    updateBanner: banners.update,
    deleteBanner: banners.delete,
    listNotices: notices.list,
    getNotice: notices.get,
    createNotice: notices.create,
    updateNotice: notices.update,
    deleteNotice: notices.delete,
    listPopups: popups.list,
    getPopup: popups.get,
    createPopup: popups.create,
    updatePopup: popups.update,
    deletePopup: popups.delete,

    /** Drop this instance's cached reads of a merchant (also done on every `merchant.changed`). */
    invalidate,
  };
}
export type SystemService = ReturnType<typeof createSystemService>;
