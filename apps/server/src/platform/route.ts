import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Endpoint } from '@bp/contract';
import { assertAccess } from './access.js';
import { AppError } from './errors.js';
import { assertCleanInput } from './input-gate.js';
import { PrewrittenJson, serializeReply } from './json-reply.js';
import { COMPRESS_THRESHOLD, markEncoded, negotiatedEncoding } from './compression.js';
import {
  bearerToken,
  parseMerchantHeader,
  type Actor,
  type MemberActor,
  type OperatorActor,
} from './context.js';
import type { MerchantContext, MerchantService } from './merchant.js';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/**
 * What a handler returns: the input of the endpoint's response schema, which clients read as its
 * output after the reply serializer (an exact decimal given as JsonDecimal is read as a number), or
 * the same with its JSON already written (PrewrittenJson).
 */
export type EndpointReply<E> =
  E extends Endpoint<any, any, infer R, any> ? z.input<R> | PrewrittenJson<z.input<R>> : never;

export interface RouteCtx<E extends Endpoint> {
  req: FastifyRequest;
  reply: FastifyReply;
  query: Out<E['query']>;
  body: Out<E['body']>;
  params: Out<E['params']>;
  /** Always set: resolved from the Merchant header or host, or from the operator's own merchant. */
  merchant: MerchantContext;
  actor: E['auth'] extends 'member'
    ? MemberActor
    : E['auth'] extends 'operator'
      ? OperatorActor
      : Actor | undefined;
  language: string;
  ip: string;
}

/** Session-token resolvers, filled in by the session and admin modules. */
export interface AuthResolvers {
  member?: (
    token: string,
    merchant: MerchantContext,
    req: FastifyRequest,
  ) => Promise<MemberActor | undefined>;
  operator?: (token: string, req: FastifyRequest) => Promise<OperatorActor | undefined>;
  /**
   * Body of a call the contract marks `encrypted` (session module): the decrypted JSON when an
   * `Encryption` header came with it, the plain body when the merchant allows plain payloads, else it
   * throws `request_body_required`. Bad ciphertext throws `request_param_err`.
   */
  encryptedBody?: (req: FastifyRequest, merchant: MerchantContext) => Promise<unknown>;
  /** Why the member token of this request was refused (e.g. `duplicateLogin`), sent in the 401's value. */
  memberRejection?: (req: FastifyRequest) => string | undefined;
}

export interface RouteOptions {
  /**
   * Every answer of the handler is sent as prewritten bytes (PrewrittenJson; a plain value is written
   * into one), which this module compresses itself and keeps compressed with the answer: the
   * compression plugin's hooks are left off the route. Its error answers (small) go out uncompressed.
   */
  prewritten?: boolean;
}

export interface RouteDeps {
  merchants: MerchantService;
  auth: AuthResolvers;
  validateResponses: boolean;
}

function zodIssues(err: z.ZodError) {
  return err.issues.map((i) => ({ path: i.path.join('.'), message: i.message, code: i.code }));
}

function parsePart<S extends z.ZodType | undefined>(schema: S, input: unknown): Out<S> {
  if (!schema) return undefined as Out<S>;
  const r = schema.safeParse(input ?? {});
  if (!r.success) throw new AppError('request_param_err', { value: { issues: zodIssues(r.error) } });
  return r.data as Out<S>;
}

/** The app-wide gate (input-gate.ts) saw the ciphertext; the plaintext passes the same gate here. */
function gatedBody(plain: unknown): unknown {
  assertCleanInput(plain, 'body');
  return plain;
}

/** Merchant of a player/public request: the Merchant header when sent, else the request's host. */
export async function resolveRequestMerchant(
  req: FastifyRequest,
  merchants: MerchantService,
): Promise<MerchantContext> {
  const header = parseMerchantHeader(req);
  if (header.invalid) throw new AppError('merchant.header.invalid');
  const m = header.code ? await merchants.findByCode(header.code) : await merchants.findByHost(req.hostname);
  if (!m || !m.active) throw new AppError('merchant.not.found');
  return m;
}

/**
 * The merchant of a player/public request when the merchant cache already holds it (fresh), without
 * waiting; undefined sends the request the long way (resolveRequestMerchant), which also answers the
 * refusals (bad header, unknown or inactive merchant).
 */
function cachedRequestMerchant(req: FastifyRequest, merchants: MerchantService): MerchantContext | undefined {
  const header = parseMerchantHeader(req);
  if (header.invalid) return undefined;
  const m = header.code ? merchants.cachedByCode(header.code) : merchants.cachedByHost(req.hostname);
  return m?.active ? m : undefined;
}

const isThenable = (v: unknown): v is PromiseLike<unknown> =>
  v !== null && typeof v === 'object' && typeof (v as { then?: unknown }).then === 'function';

/**
 * Registers one contract endpoint: resolves merchant and caller, enforces the module switch and auth,
 * validates input with the contract's schemas and wraps the handler's value in the success envelope.
 * Routes stay thin: parse, call the service, return.
 *
 * A request that needs nothing awaited before its handler (a public or optional-auth endpoint called
 * without a session token, not encrypted, its merchant in the merchant cache) runs the same steps
 * synchronously, and when the handler answers synchronously too (a hot read answering from its cache,
 * e.g. the status call) the answer is sent without a promise on the way: on the status call, asked on
 * every page load, the awaits cost more than the answer.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  deps: RouteDeps,
  endpoint: E,
  handler: (ctx: RouteCtx<E>) => Promise<EndpointReply<E>> | EndpointReply<E>,
  options: RouteOptions = {},
) {
  /** Once the merchant and the caller are known: the request's fields, access and the module switch. */
  function admit(req: FastifyRequest, merchant: MerchantContext, actor: Actor | undefined) {
    req.merchant = merchant;
    req.actor = actor;
    if (!req.headers['language']) req.language = merchant.defaultLanguage.toUpperCase();
    assertAccess(endpoint, actor);
    if (endpoint.modId && endpoint.auth !== 'operator' && merchant.modules[endpoint.modId] === false) {
      throw new AppError('function.not.available');
    }
  }

  function context(
    req: FastifyRequest,
    reply: FastifyReply,
    parts: { query: unknown; body: unknown; params: unknown },
  ): RouteCtx<E> {
    return {
      req,
      reply,
      ...parts,
      merchant: req.merchant,
      actor: req.actor,
      language: req.language,
      ip: req.ip,
    } as RouteCtx<E>;
  }

  /** The handler's answer as the envelope (or the prewritten bytes); undefined when it replied itself. */
  function respond(req: FastifyRequest, reply: FastifyReply, handlerAnswer: unknown): unknown {
    if (reply.sent) return undefined;
    const answer =
      options.prewritten && !(handlerAnswer instanceof PrewrittenJson)
        ? new PrewrittenJson(handlerAnswer, serializeReply(handlerAnswer))
        : handlerAnswer;
    const value: unknown = answer instanceof PrewrittenJson ? answer.value : answer;
    if (deps.validateResponses) {
      const check = endpoint.response.safeParse(value);
      if (!check.success) {
        req.log.error(
          { endpoint: endpoint.id, issues: zodIssues(check.error) },
          'response does not match contract',
        );
        throw new AppError('system_busy', {
          detail: `response of ${endpoint.id} does not match the contract`,
        });
      }
      if (answer instanceof PrewrittenJson && answer.json !== serializeReply(value)) {
        throw new AppError('system_busy', {
          detail: `prewritten JSON of ${endpoint.id} is not its value's`,
        });
      }
    }
    if (answer instanceof PrewrittenJson) {
      // the envelope's bytes as written once (kept with a cached answer), not serialised again
      reply.type('application/json; charset=utf-8');
      const body = answer.envelope;
      // compressed as @fastify/compress would, but once per answer: a cached answer keeps its copies
      const encoding =
        body.length >= COMPRESS_THRESHOLD && req.method !== 'HEAD' ? negotiatedEncoding(req) : undefined;
      if (!encoding) return body;
      markEncoded(reply, encoding);
      return answer.encoded(encoding);
    }
    return { success: true, value };
  }

  async function resolveAndRun(req: FastifyRequest, reply: FastifyReply, token: string | undefined) {
    let merchant: MerchantContext | undefined;
    let actor: Actor | undefined;
    if (endpoint.auth === 'operator') {
      const op = token && deps.auth.operator ? await deps.auth.operator(token, req) : undefined;
      if (!op) throw new AppError('login.not.session');
      actor = op;
      merchant = await deps.merchants.getById(op.merchantId);
      if (!merchant) throw new AppError('merchant.not.found');
    } else {
      // a scope hook may have resolved it already (the vendor wallet's, before checking the signature)
      merchant = req.merchant ?? (await resolveRequestMerchant(req, deps.merchants));
      if (endpoint.auth !== 'none' && token && deps.auth.member) {
        actor = await deps.auth.member(token, merchant, req);
      }
      if (endpoint.auth === 'member' && !actor) {
        const reason = deps.auth.memberRejection?.(req);
        throw new AppError('login.not.session', reason ? { value: { reason } } : {});
      }
    }
    admit(req, merchant, actor);
    const query = parsePart(endpoint.query, req.query);
    const body = parsePart(
      endpoint.body,
      endpoint.encrypted && deps.auth.encryptedBody
        ? gatedBody(await deps.auth.encryptedBody(req, merchant))
        : req.body,
    );
    const params = parsePart(endpoint.params, req.params);
    const answer = await handler(context(req, reply, { query, body, params }));
    const out = respond(req, reply, answer);
    return out === undefined ? reply : out;
  }

  // nothing to await before the handler: public or optional auth (without a token), a plain body
  const mayRunAtOnce = (endpoint.auth === 'none' || endpoint.auth === 'optional') && !endpoint.encrypted;

  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...(options.prewritten ? { compress: false as const } : {}),
    handler(req, reply) {
      const token = bearerToken(req);
      const merchant =
        mayRunAtOnce && (endpoint.auth === 'none' || !token)
          ? (req.merchant ?? cachedRequestMerchant(req, deps.merchants))
          : undefined;
      if (!merchant) return resolveAndRun(req, reply, token);
      // a throw here reaches the error handler as the async path's rejection would
      admit(req, merchant, undefined);
      const answer = handler(
        context(req, reply, {
          query: parsePart(endpoint.query, req.query),
          body: parsePart(endpoint.body, req.body),
          params: parsePart(endpoint.params, req.params),
        }),
      );
      if (isThenable(answer)) {
        return Promise.resolve(answer).then((a) => {
          const out = respond(req, reply, a);
          return out === undefined ? reply : out;
        });
      }
      // Fastify sends what a synchronous handler returns; undefined: the handler replied itself
      return respond(req, reply, answer);
    },
  });
}
