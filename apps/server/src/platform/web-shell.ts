import type { FastifyInstance, FastifyRequest } from 'fastify';
import { compressBytes, type ContentEncoding } from './compression.js';

/**
 * index.html with the first screen's pictures written into its static skeleton: on a phone they are
 * the page's largest paint, and from the HTML the browser asks for them with its first requests and
 * paints them before any of the app's code has run (seconds earlier on mobile data than once the app
 * has loaded, asked the API and drawn the page).
 *
 * - The home page of a visitor: the first home banner (group `w_home`, lowest sequence).
 * - A game list page opened as a link (`/rng`, `/live`, `/fish`, `/pvp`, `/lott`, `/elott`, no filter
 *   in the address): its first six tiles' pictures.
 *
 * The pictures come from the page's own first calls, made here through the API (`inject`, same host,
 * so the same merchant and the same caches) in the language the site starts in, and are kept for a
 * few seconds per host and page. theme-init.js hides them when the visitor reads another language or
 * (home) is logged in, and starts the app once they are painted; the app draws the same pictures in
 * the same boxes until its own are in (web: shared/ui/shell-pictures.ts), so nothing flashes.
 */

/** The language the site starts in without a stored choice (theme-init.js: `|| 'bn'`). */
export const SHELL_LANGUAGE = 'bn';
/** Tiles the page loads eagerly on a phone's first screen (web: GameGrid EAGER_CARDS). */
export const SHELL_TILES = 6;
const TTL_MS = 10_000;
const MAX_ENTRIES = 500;

const HOME_PATHS = new Set(['/', '/index', '/home', '/login', '/register']);
/** Game list pages; /sports and /esports show their vendors' tiles instead. */
const LIST_PAGE = /^\/(rng|live|fish|pvp|lott|elott)$/;
/** Query parameters that change what the first screen shows (or which merchant it is). */
const CATEGORY_FILTERS = ['vassalage', 'classify', 'q', 'page', 'merchant'];
const HOME_SKIP = ['token', 'merchant', 'q'];

export type ShellPage = { kind: 'home' } | { kind: 'list'; gameType: string };

/** What the skeleton of this address can show before the app runs, if anything. */
export function shellPageOf(url: string): ShellPage | undefined {
  const [pathname = '/', search = ''] = url.split('?');
  const params = new URLSearchParams(search);
  if (HOME_PATHS.has(pathname)) return HOME_SKIP.some((k) => params.has(k)) ? undefined : { kind: 'home' };
  const list = LIST_PAGE.exec(pathname);
  if (list && !CATEGORY_FILTERS.some((k) => params.has(k)))
    return { kind: 'list', gameType: list[1]!.toUpperCase() };
  return undefined;
}

/** A picture address fit for an attribute: a path on this site or an https address, nothing else. */
export function safePictureUrl(url: unknown): string | undefined {
  if (typeof url !== 'string' || url.length > 1000) return undefined;
  if (!/^(\/(?!\/)|https:\/\/)[^\s"'<>`\\]*$/.test(url)) return undefined;
  return url.replace(/&/g, '&amp;');
}

/** The skeleton's markup for these pictures (empty when there are none). */
export function shellMarkup(page: ShellPage, pictures: string[]): string {
  const urls = pictures.map(safePictureUrl).filter((u): u is string => !!u);
  if (urls.length === 0) return '';
  if (page.kind === 'home') {
    return `<img class="app-shell-pic app-shell-banner app-shell-banner--img" src="${urls[0]}" alt="" fetchpriority="high" />`;
  }
  const tiles = urls
    .slice(0, SHELL_TILES)
    .map((u) => `<img src="${u}" alt="" fetchpriority="high" />`)
    .join('');
  return `<div class="app-shell-pic app-shell-tiles">${tiles}</div>`;
}

/** The page's first call for its pictures, as the app makes it (features/lobby, features/announcements). */
function firstCall(page: ShellPage): string {
  const language = SHELL_LANGUAGE.toUpperCase();
  if (page.kind === 'home')
    return `/wps/relay/MCSFE_getListAnnouncements?types=B%2CPL%2CPU%2CPR%2CH&platform=W&execution=B&language=${language}`;
  return `/wps/relay/GCSGAME_gameList?clientType=3&platform=html5-desktop&language=${language}&gameType=${page.gameType}&pageNo=1&pageSize=24`;
}

interface Banner {
  groupName?: string;
  sequence?: number;
  url?: string;
}
interface Game {
  iconUrl?: string;
  showIcon?: string;
}

function picturesOf(page: ShellPage, body: unknown): string[] {
  const value = (body as { success?: boolean; value?: { banners?: Banner[]; games?: Game[] } } | null)?.value;
  if (!value) return [];
  if (page.kind === 'home') {
    let first: Banner | undefined;
    for (const b of value.banners ?? [])
      if (b.groupName === 'w_home' && b.url && (!first || (b.sequence ?? 0) < (first.sequence ?? 0)))
        first = b;
    return first?.url ? [first.url] : [];
  }
  return (value.games ?? [])
    .slice(0, SHELL_TILES)
    .map((g) => g.iconUrl || g.showIcon)
    .filter((u): u is string => !!u);
}

/** One rendering of index.html, with its compressed forms made once, when first asked for. */
export class ShellDocument {
  private readonly encoded = new Map<ContentEncoding, Buffer>();
  constructor(readonly html: string) {}
  bytes(encoding: ContentEncoding): Buffer {
    let bytes = this.encoded.get(encoding);
    if (!bytes) this.encoded.set(encoding, (bytes = compressBytes(Buffer.from(this.html), encoding)));
    return bytes;
  }
}

/**
 * Renders index.html for a page request: the template as built, with the skeleton's pictures when
 * the address has some. A failed or slow look-up costs the pictures, never the page.
 */
export function createShellRenderer(app: FastifyInstance, template: string) {
  const cache = new Map<string, { at: number; doc: Promise<ShellDocument> }>();
  const plain = new ShellDocument(template);
  // the pictures go under the skeleton's header bar, before its plain banner box (hidden on a phone
  // when they are shown: web base.css)
  const at = template.indexOf('<svg class="app-shell-banner"');

  async function build(host: string, page: ShellPage): Promise<ShellDocument> {
    const res = await app.inject({
      method: 'GET',
      url: firstCall(page),
      headers: { host, accept: 'application/json', device: 'web', language: SHELL_LANGUAGE.toUpperCase() },
    });
    const markup = res.statusCode === 200 ? shellMarkup(page, picturesOf(page, res.json())) : '';
    if (!markup) return plain;
    const html = template.slice(0, at) + markup + template.slice(at);
    return new ShellDocument(html.replace('<html ', `<html data-shell-lang="${SHELL_LANGUAGE}" `));
  }

  return async function render(req: FastifyRequest): Promise<ShellDocument> {
    const page = at < 0 ? undefined : shellPageOf(req.url);
    const host = req.headers.host;
    if (!page || !host || host.length > 255) return plain;
    const key = `${host}\n${page.kind === 'home' ? 'home' : page.gameType}`;
    const now = Date.now();
    let hit = cache.get(key);
    if (!hit || now - hit.at > TTL_MS) {
      if (cache.size >= MAX_ENTRIES) cache.clear();
      hit = { at: now, doc: build(host, page).catch(() => plain) };
      cache.set(key, hit);
    }
    return hit.doc;
  };
}
