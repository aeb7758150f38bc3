import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { MerchantService } from './merchant.js';
import type { EventBus } from './events.js';

/**
 * One policy for the player site, the agent centre, the docs and every API answer. Scripts only from
 * this origin (the site's theme bootstrap is a file, not inline). Styles allow inline: React, Swagger UI
 * and operator-written HTML set style attributes, which cannot run code. Images may come from a
 * merchant's image CDNs (any https host). The game iframe `/gs/play/` and the WebSocket `/wps/ws` are
 * same-origin; the payment gateway is a top-level redirect, which a CSP does not govern.
 */
const CSP: Record<string, string[]> = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'font-src': ["'self'", 'data:'],
  'media-src': ["'self'", 'data:', 'blob:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'", 'blob:'],
  'frame-src': ["'self'"],
  'frame-ancestors': ["'self'"],
  'form-action': ["'self'"],
  'object-src': ["'none'"],
};

const cspText = (directives: Record<string, string[]>) =>
  Object.entries(directives)
    .map(([k, v]) => `${k} ${v.join(' ')}`)
    .join('; ');

/** What answers written outside Fastify's hooks (router and parser refusals) carry too. */
export const BASE_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
});

/**
 * The API's answers (JSON, never a page to render or frame): nothing may load or frame them, and the
 * page policy's other headers (cross-origin isolation, DNS prefetch, download options...) mean nothing
 * for them. Five headers instead of eleven, some 600 bytes less on every call a phone makes.
 */
const API_PATH = /^\/(wps|lgw|lotto|vendor)\/|^\/admin\/api\/|^\/gs\/api\//;
const API_HEADERS: [string, string][] = [
  ...Object.entries(BASE_SECURITY_HEADERS),
  ['cross-origin-resource-policy', 'same-origin'],
];

const HSTS = 'max-age=31536000; includeSubDomains';
/** The game iframe's pages: framed by the merchant's sites, which may live on other domains. */
const GAME_FRAME = /^\/gs\/(play|verify)(\/|$|\?)/;
const HOST_SOURCE = /^[a-z0-9.-]{1,253}$/;

/**
 * The headers @fastify/helmet sets with `options`, asked once of a private instance (what it adds to
 * an answer of a bare one). They do not depend on the request, and the plugin builds helmet's
 * middleware again on every request (parsing the CSP each time): a third of the cost of a small answer.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<[string, string][]> {
  const answer = async (withHelmet: boolean) => {
    const probe = Fastify({ logger: false });
    if (withHelmet) await probe.register(helmet, options);
    probe.get('/', (_req, reply) => reply.send('probe'));
    const res = await probe.inject({ method: 'GET', url: '/' });
    await probe.close();
    return res.headers;
  };
  const bare = await answer(false);
  const added = Object.entries(await answer(true)).filter(([name]) => !(name in bare));
  return added.map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value)]);
}

/**
 * Security headers of @fastify/helmet (computed once, see helmetHeaders) for the whole app; HSTS and the cookies'
 * `Secure` flag only when the request came over HTTPS (`req.protocol` follows X-Forwarded-Proto when
 * TRUST_PROXY trusts the proxy), so plain-HTTP development keeps working.
 */
export async function installSecurityHeaders(
  app: FastifyInstance,
  deps: { merchants: MerchantService; events: EventBus; ttlMs?: number },
) {
  const headers = await helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: CSP },
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'sameorigin' },
  });
  // set on the raw response before anything else runs, as helmet's own hook does
  app.addHook('onRequest', (req, reply, done) => {
    for (const [name, value] of API_PATH.test(req.url) ? API_HEADERS : headers)
      reply.raw.setHeader(name, value);
    done();
  });

  const frameAncestors = merchantFrameAncestors(deps);
  // callback style: most answers need nothing awaited, and an async hook costs a promise per request
  app.addHook('onSend', (req: FastifyRequest, reply: FastifyReply, payload: unknown, done) => {
    if (req.protocol === 'https') {
      reply.header('strict-transport-security', HSTS);
      const cookies = reply.getHeader('set-cookie');
      if (cookies !== undefined) reply.header('set-cookie', secureCookies(cookies));
    }
    if (!GAME_FRAME.test(req.url) || reply.statusCode >= 400) {
      done(null, payload);
      return;
    }
    frameAncestors(req.hostname).then(
      (hosts) => {
        reply.removeHeader('x-frame-options');
        reply.header('content-security-policy', cspText({ ...CSP, 'frame-ancestors': ["'self'", ...hosts] }));
        done(null, payload);
      },
      (err: Error) => done(err),
    );
  });
}

function secureCookies(header: string | number | string[]): string[] {
  const list = Array.isArray(header) ? header : [String(header)];
  return list.map((c) => (/;\s*secure\s*(;|$)/i.test(c) ? c : `${c}; Secure`));
}

/** The domains of the merchant the request's host belongs to, cached briefly like the merchant itself. */
function merchantFrameAncestors({
  merchants,
  events,
  ttlMs = 5000,
}: {
  merchants: MerchantService;
  events: EventBus;
  ttlMs?: number;
}) {
  const cache = new Map<number, { at: number; hosts: string[] }>();
  events.on('merchant.changed', ({ merchantId }) => cache.delete(merchantId));
  return async (hostname: string): Promise<string[]> => {
    const m = await merchants.findByHost(hostname);
    if (!m) return [];
    const hit = cache.get(m.id);
    if (hit && Date.now() - hit.at < ttlMs) return hit.hosts;
    const hosts = (await merchants.listDomains(m.id))
      .map((d) => d.domain.toLowerCase())
      .filter((d) => HOST_SOURCE.test(d));
    cache.set(m.id, { at: Date.now(), hosts });
    return hosts;
  };
}
