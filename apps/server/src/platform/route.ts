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
 * Registers one contract endpoint: resolves merchant and caller, enforces the module switch and auth,
 * validates input with the contract's schemas and wraps the handler's value in the success envelope.
 * Routes stay thin: parse, call the service, return.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  deps: RouteDeps,
  endpoint: E,
  handler: (ctx: RouteCtx<E>) => Promise<EndpointReply<E>> | EndpointReply<E>,
) {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    handler: async (req, reply) => {
      let merchant: MerchantContext | undefined;
      let actor: Actor | undefined;
      const token = bearerToken(req);
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
      req.merchant = merchant;
      req.actor = actor;
      if (!req.headers['language']) req.language = merchant.defaultLanguage.toUpperCase();
      assertAccess(endpoint, actor);
      if (endpoint.modId && endpoint.auth !== 'operator' && merchant.modules[endpoint.modId] === false) {
        throw new AppError('function.not.available');
      }
      const ctx = {
        req,
        reply,
        query: parsePart(endpoint.query, req.query),
        body: parsePart(
          endpoint.body,
          endpoint.encrypted && deps.auth.encryptedBody
            ? gatedBody(await deps.auth.encryptedBody(req, merchant))
            : req.body,
        ),
        params: parsePart(endpoint.params, req.params),
        merchant,
        actor,
        language: req.language,
        ip: req.ip,
      } as RouteCtx<E>;
      const answer = await handler(ctx);
      if (reply.sent) return reply;
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
    },
  });
}
