import type { FastifyRequest } from 'fastify';

/**
 * What the logger may print (issue 12): a failed query's error carries the query's parameter values
 * (drizzle's DrizzleQueryError in `params` and in its message, PGlite in `params`, pg in `detail`), and
 * those values are whatever the request sent, passwords and client secrets included. The serializers
 * here drop them; the log formatter blanks secret-named fields in any plain object a line carries.
 */

const SECRET_KEY =
  /^(?:password|newpassword|oldpassword|confirmpassword|paymentpassword|pin|secret|clientsecret|apisecret|gatewaysecret|token|accesstoken|refreshtoken|sessiontoken|launchtoken|slidertoken|code|otp|verificationcode|smscode|emailcode|totp|authorization|cookie|encryption|privatekey|key)$/;
/** Fields of database errors that hold the failed statement's values. */
const VALUE_FIELDS = new Set(['params', 'parameters', 'queryOptions', 'detail', 'where', 'values']);
const REDACTED = '[Redacted]';
const MAX_DEPTH = 8;

export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key.replace(/[_-]/g, '').toLowerCase());
}

/**
 * Whether a field's value is blanked: secret-named fields, except a `code` that names a refusal or an
 * error class (`insufficient_balance`, `22P02`) rather than holding a one-time code (digits).
 */
function hidesValue(key: string, v: unknown): boolean {
  if (v === undefined || v === null || !isSecretKey(key)) return false;
  if (key.toLowerCase() === 'code')
    return typeof v === 'number' || (typeof v === 'string' && /\d{4}/.test(v));
  return true;
}

/** drizzle: "Failed query: <sql>\nparams: <values>"; only the SQL (placeholders, no values) stays. */
function scrubText(text: string, code?: unknown): string {
  const i = text.indexOf('\nparams:');
  const t = i < 0 ? text : `${text.slice(0, i)}\nparams: ${REDACTED}`;
  // data exceptions (SQLSTATE class 22) quote the offending value: `invalid input syntax for type integer: "…"`
  return typeof code === 'string' && code.startsWith('22') ? t.replace(/"[^]*"/g, `"${REDACTED}"`) : t;
}

function isPlain(v: object): boolean {
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

/** A copy of a plain object/array with secret-named fields blanked; other objects pass as they are. */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return serializeError(value, depth);
  if (depth >= MAX_DEPTH) return '[Depth]';
  if (Array.isArray(value)) return value.map((v) => redactSecrets(v, depth + 1));
  if (!isPlain(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = hidesValue(k, v) ? REDACTED : redactSecrets(v, depth + 1);
  }
  return out;
}

export interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** pino `err` serializer: type, message and stack without parameter values, the cause chain the same. */
export function serializeError(err: Error, depth = 0): SerializedError {
  const message = scrubText(String(err.message), (err as { code?: unknown }).code);
  const out: SerializedError = {
    type: err.constructor?.name ?? err.name,
    message,
    stack:
      typeof err.stack === 'string'
        ? scrubText(err.message ? err.stack.replace(err.message, message) : err.stack)
        : '',
  };
  for (const [k, v] of Object.entries(err)) {
    if (k === 'cause' || k === 'message' || k === 'stack') continue;
    // an error's `code` classifies it (SQLSTATE, FST_ERR_*, AppError) and is never a one-time code
    const secret = VALUE_FIELDS.has(k) || (k !== 'code' && isSecretKey(k));
    out[k] = secret ? REDACTED : redactSecrets(v, depth + 1);
  }
  if (err.cause !== undefined && depth < MAX_DEPTH) {
    out.cause = err.cause instanceof Error ? serializeError(err.cause, depth + 1) : redactSecrets(err.cause);
  }
  return out;
}

/** pino `req` serializer: the path without its query string (tokens, codes and searches travel there). */
export function serializeRequest(req: FastifyRequest) {
  const url = typeof req.url === 'string' ? req.url : '';
  const q = url.indexOf('?');
  return {
    method: req.method,
    url: q < 0 ? url : `${url.slice(0, q)}?${REDACTED}`,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** The logger options of the app (app.ts): serializers plus a formatter over every line's own fields. */
export const logSafety = {
  serializers: {
    // a line may carry an error already made plain by the formatter below
    err: (err: Error) => (err instanceof Error ? serializeError(err) : (err as unknown as SerializedError)),
    req: serializeRequest,
  },
  formatters: {
    log(obj: Record<string, unknown>) {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(obj)) {
        // Fastify's req/res objects are not plain and pass untouched to their serializers
        out[k] = hidesValue(k, v) ? REDACTED : redactSecrets(v);
      }
      return out;
    },
  },
};
