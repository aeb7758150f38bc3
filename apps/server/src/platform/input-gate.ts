import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

/**
 * The one input gate (issue 12): a request string holding NUL, a lone UTF-16 surrogate or another
 * control character is refused as a client mistake before any handler sees it. PostgreSQL cannot store
 * NUL in text and refuses invalid UTF-8, so without the gate such input reaches a query and answers 500.
 * Tab, newline and carriage return stay allowed: multi-line fields (remarks, announcements) need them.
 */

// C0 except \t \n \r, DEL, and C1 (which also shows up when UTF-8 header bytes are read as latin1)
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** Deeper than any contract schema; absurd nesting is refused rather than walked. */
export const MAX_INPUT_DEPTH = 32;

export interface InputFault {
  /** Where the fault is (`body.user.name`, `query.q`, `header.merchant`); never the value itself. */
  path: string;
  code: 'invalid_characters' | 'too_deep';
}

// String.prototype.isWellFormed (Node 20) finds lone surrogates natively; the TS lib here predates it
type WellFormed = string & { isWellFormed(): boolean };

export function isCleanText(s: string): boolean {
  return !CONTROL.test(s) && (s as WellFormed).isWellFormed();
}

/**
 * First fault in a parsed request part (strings, keys, arrays and objects to any depth up to
 * MAX_INPUT_DEPTH), or undefined. A walk rather than one regex over JSON.stringify: most of a body is
 * short strings, and nothing is copied.
 */
export function findInputFault(value: unknown, path: string, depth = 0): InputFault | undefined {
  if (typeof value === 'string') {
    return isCleanText(value) ? undefined : { path, code: 'invalid_characters' };
  }
  if (value === null || typeof value !== 'object') return undefined;
  if (depth >= MAX_INPUT_DEPTH) return { path, code: 'too_deep' };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const f = findInputFault(value[i], `${path}.${i}`, depth + 1);
      if (f) return f;
    }
    return undefined;
  }
  if (Buffer.isBuffer(value)) return undefined;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (!isCleanText(key)) return { path, code: 'invalid_characters' };
    const f = findInputFault((value as Record<string, unknown>)[key], `${path}.${key}`, depth + 1);
    if (f) return f;
  }
  return undefined;
}

/** Throws `request_param_err` (422) naming the faulty field, without echoing its value. */
export function assertCleanInput(value: unknown, path: string): void {
  const f = findInputFault(value, path);
  if (f) {
    throw new AppError('request_param_err', {
      value: { issues: [{ path: f.path, code: f.code, message: 'invalid characters or nesting' }] },
      detail: `input gate: ${f.code} at ${f.path}`,
    });
  }
}

/** The headers the app reads (user-agent and cookies are only stored or matched, never parsed). */
const GATED_HEADERS = [
  'merchant',
  'language',
  'authorization',
  'encryption',
  'device',
  'captchaid',
  'x-key-id',
  'x-signature',
  'x-game-session',
] as const;

export function assertCleanRequest(req: FastifyRequest): void {
  for (const h of GATED_HEADERS) {
    const v = req.headers[h];
    if (v !== undefined) assertCleanInput(v, `header.${h}`);
  }
  assertCleanInput(req.params, 'params');
  assertCleanInput(req.query, 'query');
  assertCleanInput(req.body, 'body');
}

/**
 * Every route, contract endpoint or not (vendor callbacks whose raw body is parsed by their scope, the
 * game server, the WebSocket upgrade), passes the gate once its body is parsed and before any handler
 * or scope hook looks at it. Bodies decrypted later are gated where they are decrypted (route.ts).
 */
export function installInputGate(app: FastifyInstance) {
  app.addHook('preValidation', (req, _reply, done) => {
    try {
      assertCleanRequest(req);
      done();
    } catch (err) {
      done(err as Error);
    }
  });
}
