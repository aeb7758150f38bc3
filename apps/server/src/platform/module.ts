import type { FastifyInstance } from 'fastify';
import type { Endpoint } from '@bp/contract';
import type { Config } from '../config.js';
import type { Database, Db } from '../db/client.js';
import type { MerchantService } from './merchant.js';
import type { EventBus } from './events.js';
import type { Scheduler } from '../jobs/scheduler.js';
import type { AuthResolvers, EndpointReply, RouteCtx } from './route.js';

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
  /** Periodic jobs (main.ts starts them; tests call runNow). */
  scheduler: Scheduler;
  /** Session modules put their token resolvers here. */
  auth: AuthResolvers;
  /** Registers a contract endpoint (and lists it in the OpenAPI document). */
  route<E extends Endpoint>(
    endpoint: E,
    handler: (ctx: RouteCtx<E>) => Promise<EndpointReply<E>> | EndpointReply<E>,
  ): void;
  /** The same, on an encapsulated Fastify scope (its own content parsers and hooks). */
  routeIn(
    scope: FastifyInstance,
  ): <E extends Endpoint>(
    endpoint: E,
    handler: (ctx: RouteCtx<E>) => Promise<EndpointReply<E>> | EndpointReply<E>,
  ) => void;
}

export type ModuleRegister = (ctx: ModuleContext) => Promise<void> | void;
