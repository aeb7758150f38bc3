import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import cors from '@fastify/cors';
// the plugin's own Vary helper (the package has no exports map: its files are its interface)
import { addOriginToVaryHeader } from '@fastify/cors/vary.js';
import { and, arrayContains, eq } from 'drizzle-orm';
import { KEY_ID_HEADER } from '@bp/contract';
import type { Db } from '../db/client.js';
import { merchant } from '../db/schema/index.js';
import type { MerchantService } from './merchant.js';
import type { EventBus } from './events.js';
import { parseMerchantHeader } from './context.js';

const METHODS = 'GET,HEAD,POST,PUT,DELETE,PATCH';
/** an Origin header as browsers send it: scheme, host, optional port, nothing else */
const ORIGIN = /^https?:\/\/[a-z0-9.-]{1,253}(:\d{1,5})?$/;
/** origin -> merchant look-ups held at once; arbitrary Origin values must not grow memory without end */
const MAX_CACHED = 1000;

/**
 * CORS through @fastify/cors. Same-origin needs nothing; another origin gets CORS headers only when it
 * belongs to a merchant (its host is one of the merchant's domains, or the operator listed it in
 * `cors_origins`) and, when the request names its merchant (Merchant header or the API host), to that
 * same merchant. Preflights of allowed origins answer 204 with the headers; others get no CORS headers.
 */
export async function installCors(
  app: FastifyInstance,
  deps: { db: Db; merchants: MerchantService; events: EventBus; ttlMs?: number },
) {
  const ownerOf = originOwner(deps);
  const optionsFor = (origin: string | false) => ({
    origin,
    methods: METHODS,
    exposedHeaders: [KEY_ID_HEADER],
    maxAge: 600,
    // a preflight without Access-Control-Request-Method still gets 204, not a plain-text 400
    strictPreflight: false,
  });
  const NO_CORS = optionsFor(false);
  // @fastify/cors merges the delegator's options with its defaults anew on every request (the largest
  // single cost of a small cached answer). A request without Origin (same-origin reads, most of them)
  // gets nothing from CORS but the `Vary: Origin` the plugin adds for a dynamic policy: it gets that
  // header here, from the plugin's own helper, and skips the plugin's hook; any other request runs it.
  await new Promise<void>((resolve, reject) => {
    cors(
      withOriginOnlyHooks(app),
      {
        hideOptionsRoute: true,
        // callback style: no promise per request where nothing is awaited
        delegator: (req: FastifyRequest, cb: (err: Error | null, options: typeof NO_CORS) => void) => {
          const origin = req.headers.origin;
          if (typeof origin !== 'string') {
            cb(null, NO_CORS);
            return;
          }
          isAllowed(req, origin, ownerOf, deps.merchants).then(
            (allowed) => cb(null, allowed ? optionsFor(origin) : NO_CORS),
            (err: Error) => cb(err, NO_CORS),
          );
        },
      },
      (err?: Error) => (err ? reject(err) : resolve()),
    );
  });
}

/**
 * The app as the CORS plugin sees it: the same instance (its OPTIONS route and request decoration
 * land on the app itself, as the plugin's skip-override registration would), except that the
 * request hook it adds runs only for requests that carry an Origin header.
 */
function withOriginOnlyHooks(app: FastifyInstance): FastifyInstance {
  return new Proxy(app, {
    get(target, prop, receiver) {
      if (prop !== 'addHook') {
        const v: unknown = Reflect.get(target, prop, target);
        return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
      }
      return (name: 'onRequest', hook: onRequestHookHandler) => {
        if (name !== 'onRequest') throw new Error(`CORS hook ${name} is not the expected onRequest`);
        target.addHook('onRequest', function corsWhenOrigin(req, reply, done) {
          if (req.headers.origin === undefined) {
            addOriginToVaryHeader(reply);
            done();
            return;
          }
          hook.call(this, req, reply, done);
        });
        return receiver;
      };
    },
  });
}

async function isAllowed(
  req: FastifyRequest,
  origin: string,
  ownerOf: (origin: string) => Promise<number | undefined>,
  merchants: MerchantService,
): Promise<boolean> {
  if (!ORIGIN.test(origin)) return false;
  if (origin === `${req.protocol}://${req.host}`) return true;
  const owner = await ownerOf(origin);
  if (owner === undefined) return false;
  const target = await requestMerchant(req, merchants);
  return target === undefined || target === owner;
}

/** The merchant the request names; undefined when neither the Merchant header nor the host says. */
async function requestMerchant(req: FastifyRequest, merchants: MerchantService) {
  const header = parseMerchantHeader(req);
  if (header.invalid) return undefined;
  const m = header.code ? await merchants.findByCode(header.code) : await merchants.findByHost(req.hostname);
  return m?.id;
}

function originOwner({
  db,
  merchants,
  events,
  ttlMs = 5000,
}: {
  db: Db;
  merchants: MerchantService;
  events: EventBus;
  ttlMs?: number;
}) {
  const listed = new Map<string, { at: number; id: number | undefined }>();
  events.on('merchant.changed', () => listed.clear());
  return async (origin: string): Promise<number | undefined> => {
    const byDomain = await merchants.findByHost(new URL(origin).host);
    if (byDomain?.active) return byDomain.id;
    const hit = listed.get(origin);
    if (hit && Date.now() - hit.at < ttlMs) return hit.id;
    const [row] = await db
      .select({ id: merchant.id })
      .from(merchant)
      .where(and(arrayContains(merchant.corsOrigins, [origin]), eq(merchant.active, true)))
      .limit(1);
    if (listed.size >= MAX_CACHED) listed.clear();
    listed.set(origin, { at: Date.now(), id: row?.id });
    return row?.id;
  };
}
