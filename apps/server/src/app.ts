import Fastify, { type FastifyInstance } from 'fastify';
import type { Endpoint } from '@bp/contract';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { installErrorHandling } from './platform/envelope.js';
import { serializeReply } from './platform/json-reply.js';
import { installInputGate } from './platform/input-gate.js';
import { logSafety } from './platform/log-redaction.js';
import { parseLanguage } from './platform/context.js';
import { route, type AuthResolvers } from './platform/route.js';
import { installMetrics } from './platform/metrics.js';
import { installHealth } from './platform/health.js';
import { installDocs } from './platform/openapi.js';
import { installWeb } from './platform/web.js';
import { installCompression } from './platform/compression.js';
import { installSecurityHeaders } from './platform/security-headers.js';
import { installCors } from './platform/cors.js';
import { clientErrorHandler, frameworkErrors } from './platform/http-errors.js';
import { createEventBus } from './platform/events.js';
import { bridgeEventsOverRedis } from './platform/event-bridge.js';
import {
  servicesOf,
  systemClock,
  type Clock,
  type ModuleContext,
  type ModuleRegister,
} from './platform/module.js';
import { createMerchantService } from './modules/merchant/index.js';
import { modules } from './modules/index.js';
import { createScheduler, type Scheduler } from './jobs/scheduler.js';
import { installE2eClockControl, shiftableClock } from './platform/e2e-clock.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** the app's job engine (pg-boss): main.ts starts it, tests run jobs with runNow */
    scheduler: Scheduler;
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  clock?: Clock;
  /** Extra modules (e.g. a test peer); production uses the list in modules/index.ts. */
  extraModules?: ModuleRegister[];
  /** Where log lines go (default stdout); tests capture them to check that no secret is logged. */
  logStream?: { write(line: string): void };
}

/** Builds the whole API (and the static player site) without listening: main.ts listens, tests inject. */
export async function buildApp({
  config,
  database,
  clock: baseClock = systemClock,
  extraModules = [],
  logStream,
}: AppDeps): Promise<FastifyInstance> {
  // end-to-end runs only (config refuses it in production): a clock the settlement spec moves forward
  const e2eClock = config.e2eClockControl ? shiftableClock(baseClock) : undefined;
  const clock: Clock = e2eClock ?? baseClock;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers.encryption'],
      ...logSafety,
      ...(logStream ? { stream: logStream } : {}),
    },
    // a hop count is accepted at run time though the typings only list booleans and addresses
    trustProxy: config.trustProxy as boolean,
    bodyLimit: 6 * 1024 * 1024,
    return503OnClosing: true,
    // router and HTTP-parser refusals (bad URL, long parameter, 431) answer the envelope too
    frameworkErrors,
    clientErrorHandler,
    forceCloseConnections: 'idle',
  });

  app.decorateRequest('merchant', undefined);
  app.decorateRequest('actor', undefined);
  app.decorateRequest('language', 'EN');
  // callback-style hooks where nothing is awaited: Fastify runs them without a promise per request
  app.addHook('onRequest', (req, _reply, done) => {
    req.language = parseLanguage(req.headers['language']) ?? 'EN';
    done();
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.setReplySerializer(serializeReply);
  // before any route: the compression hooks attach to the routes declared after them
  await installCompression(app);

  installErrorHandling(app);
  installInputGate(app);
  if (config.metricsEnabled) installMetrics(app);
  installHealth(app, database);
  if (e2eClock) installE2eClockControl(app, e2eClock);

  const merchants = createMerchantService({ db: database.db });
  const events = createEventBus();
  if (config.redisUrl) {
    const bridge = await bridgeEventsOverRedis(events, {
      url: config.redisUrl,
      channel: config.eventChannel,
      log: app.log,
    });
    app.addHook('onClose', () => bridge.close());
  }
  events.on('merchant.changed', ({ merchantId }) => merchants.invalidate(merchantId));
  await installSecurityHeaders(app, { merchants, events });
  await installCors(app, { db: database.db, merchants, events });
  const scheduler = createScheduler({
    database,
    databaseUrl: database.kind === 'postgres' ? config.databaseUrl : undefined,
    poolMax: config.jobPoolMax,
    pollingIntervalSeconds: config.jobPollSeconds,
    now: () => clock.now(),
    onError: (job, err) => app.log.error({ err, job }, 'job failed'),
  });
  app.decorate('scheduler', scheduler);
  app.addHook('onClose', () => scheduler.stop());
  const auth: AuthResolvers = {};
  const endpoints: Endpoint[] = [];
  const routeDeps = { merchants, auth, validateResponses: config.validateResponses };
  const ctx: ModuleContext = {
    get services() {
      return services;
    },
    app,
    config,
    database,
    db: database.db,
    merchants,
    events,
    clock,
    scheduler,
    auth,
    route(endpoint, handler, options) {
      endpoints.push(endpoint);
      route(app, routeDeps, endpoint, handler, options);
    },
    routeIn: (scope) => (endpoint, handler, options) => {
      endpoints.push(endpoint);
      route(scope, routeDeps, endpoint, handler, options);
    },
  };
  const services = servicesOf(ctx);
  for (const register of [...modules, ...extraModules]) await register(ctx);
  // which module's service needed which others, as built (LOG_LEVEL=debug shows it)
  app.log.debug({ services: services.wiring() }, 'services wired');

  if (config.docsEnabled) await installDocs(app, endpoints);
  await installWeb(app, config.webDist);
  return app;
}
