import type { FastifyInstance } from 'fastify';
import type { Endpoint } from '@bp/contract';
import type { Config } from '../config.js';
import type { Database, Db } from '../db/client.js';
import type { MerchantService } from './merchant.js';
import type { EventBus } from './events.js';
import type { Scheduler } from '../jobs/scheduler.js';
import type { AuthResolvers, EndpointReply, RouteCtx, RouteOptions } from './route.js';

export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** What each module's register() receives: narrow dependencies, no global container. */
export interface ModuleContext {
  app: FastifyInstance;
  config: Config;
  database: Database;
  db: Db;
  merchants: MerchantService;
  events: EventBus;
  clock: Clock;
  /** The job engine (src/jobs, pg-boss): modules reach it with `jobsFor(ctx)`; main.ts starts it, tests call runNow. */
  scheduler: Scheduler;
  /** Session modules put their token resolvers here. */
  auth: AuthResolvers;
  /** The app's service registry: `services.get(key)` for what another module provides. */
  services: ServiceRegistry;
  /** Registers a contract endpoint (and lists it in the OpenAPI document). */
  route<E extends Endpoint>(
    endpoint: E,
    handler: (ctx: RouteCtx<E>) => Promise<EndpointReply<E>> | EndpointReply<E>,
    options?: RouteOptions,
  ): void;
  /** The same, on an encapsulated Fastify scope (its own content parsers and hooks). */
  routeIn(
    scope: FastifyInstance,
  ): <E extends Endpoint>(
    endpoint: E,
    handler: (ctx: RouteCtx<E>) => Promise<EndpointReply<E>> | EndpointReply<E>,
    options?: RouteOptions,
  ) => void;
}

export type ModuleRegister = (ctx: ModuleContext) => Promise<void> | void;

/** What services are kept per: the app instance, identified by its event bus (one per app). */
export type AppScope = Pick<ModuleContext, 'events'>;

/**
 * A typed key for a service one module provides to the others. The providing module defines it
 * (`defineService('member', (ctx) => createMemberService(...))`) and exports it from its entry;
 * the registry builds it once per app, on first use, with the context of whoever asked first.
 */
export interface ServiceKey<T, C extends AppScope = ModuleContext> {
  readonly name: string;
  readonly build: (ctx: C) => T;
}

export function defineService<T, C extends AppScope = ModuleContext>(
  name: string,
  build: (ctx: C) => T,
): ServiceKey<T, C> {
  return Object.freeze({ name, build });
}

/** One app's services: each built once; who needed what is recorded as they are built. */
export interface ServiceRegistry<C extends AppScope = ModuleContext> {
  /** The app's instance of a service, built on first use from this registry's context. */
  get<T>(key: ServiceKey<T, C>): T;
  /** Installs an instance (a stand-in, or one built elsewhere); refused when one exists already. */
  provide<T>(key: ServiceKey<T, never>, instance: T): T;
  /** The wiring so far: each built service and the services its construction asked for. */
  wiring(): { service: string; needs: string[] }[];
}

interface RegistryState {
  instances: Map<string, unknown>;
  needs: Map<string, Set<string>>;
  building: string[];
}
const registries = new WeakMap<object, RegistryState>();

function stateOf(scope: AppScope): RegistryState {
  let st = registries.get(scope.events);
  if (!st) {
    st = { instances: new Map(), needs: new Map(), building: [] };
    registries.set(scope.events, st);
  }
  return st;
}

/**
 * The app's instance of `key`, built from `ctx` on first use. Module code uses `ctx.services.get`;
 * this form takes a narrower context (tests and the modules' `xxxFor(ctx)` accessors).
 */
export function serviceOf<T, C extends AppScope>(key: ServiceKey<T, C>, ctx: C): T {
  const st = stateOf(ctx);
  const asking = st.building[st.building.length - 1];
  if (asking !== undefined) st.needs.get(asking)?.add(key.name);
  if (st.instances.has(key.name)) return st.instances.get(key.name) as T;
  if (st.building.includes(key.name)) {
    throw new Error(`service cycle: ${[...st.building, key.name].join(' -> ')}`);
  }
  st.building.push(key.name);
  st.needs.set(key.name, new Set());
  try {
    const instance = key.build(ctx);
    st.instances.set(key.name, instance);
    return instance;
  } finally {
    st.building.pop();
  }
}

/** The registry of the app `ctx` belongs to; `get` builds with `ctx`. */
export function servicesOf<C extends AppScope>(ctx: C): ServiceRegistry<C> {
  return {
    get: (key) => serviceOf(key, ctx),
    provide(key, instance) {
      const st = stateOf(ctx);
      if (st.instances.has(key.name)) throw new Error(`service ${key.name} already provided`);
      st.instances.set(key.name, instance);
      st.needs.set(key.name, new Set());
      return instance;
    },
    wiring: () => [...stateOf(ctx).needs].map(([service, needs]) => ({ service, needs: [...needs].sort() })),
  };
}
