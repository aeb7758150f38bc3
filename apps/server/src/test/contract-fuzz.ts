import fc from 'fast-check';
import { z } from 'zod';
import type { Endpoint } from '@bp/contract';

/**
 * Inputs for the contract-wide fuzz test: values shaped by an endpoint's own zod schemas (through
 * their JSON Schema), with hostile values mixed in at every level: wrong types, huge and control-laden
 * strings, lone surrogates, deep nesting, non-finite and exponent money, negative and over-precise
 * amounts, SQL and path-traversal text.
 */

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
};

/**
 * A JSON number that JSON.stringify cannot write (1e400 parses as Infinity, -0, a 400-digit
 * integer): carried as a marked string and spliced into the body text raw.
 */
const RAW = '\u0000raw:';
export const rawNumber = (text: string) => `${RAW}${text}`;
export function toJsonText(value: unknown): string {
  return JSON.stringify(value).replace(/"\\u0000raw:([^"]*)"/g, '$1');
}

const deep = (n: number) => {
  let v: unknown = 'x';
  for (let i = 0; i < n; i++) v = i % 2 ? [v] : { a: v };
  return v;
};

export const HOSTILE_STRINGS = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udc00y',
  '\u001b[31m',
  '\u0085',
  '\u007f',
  "' or 1=1 --",
  '"; drop table member; --',
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%00',
  '%2e%2e%2f',
  '<script>alert(1)</script>',
  '${jndi:ldap://x}',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e400',
  '1e3',
  '-1',
  '-0.01',
  '0.001',
  '1.999',
  '0x10',
  '99999999999999999999999999',
  '১২৩',
  '😀',
  'true',
  'null',
  '[]',
  '{}',
];

const hugeString = fc.constantFrom('x'.repeat(70_000), 'ব'.repeat(5_000), '9'.repeat(5_000));
const hostileScalar = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  hugeString,
  fc.constantFrom(
    rawNumber('1e400'),
    rawNumber('-1e400'),
    rawNumber('-0'),
    rawNumber('1e-400'),
    rawNumber('123456789012345678901234567890'),
  ),
  fc.constantFrom(0, -1, -0.5, 1.5, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e21, Number.MAX_VALUE),
  fc.constantFrom(true, false, null),
);
/** A value of any type where a specific one is expected, including nesting past every bound. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileScalar },
  { weight: 1, arbitrary: fc.constantFrom([], {}, [null], { __proto__x: 1 }, deep(40), deep(2000)) },
  { weight: 1, arbitrary: fc.array(hostileScalar, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), hostileScalar, { maxKeys: 3 }) },
);

function safeRegex(pattern: string): RegExp | undefined {
  try {
    return new RegExp(pattern);
  } catch {
    return undefined;
  }
}

function stringArb(s: JsonSchema): fc.Arbitrary<unknown> {
  const re = s.pattern ? safeRegex(s.pattern) : undefined;
  if (re) {
    try {
      // patterns are anchored; fast-check fills unanchored ones with free text around the match
      return fc.stringMatching(re).filter((v) => v.length <= (s.maxLength ?? 200));
    } catch {
      // a construct stringMatching does not support: plain text below
    }
  }
  if (s.format === 'email') return fc.emailAddress();
  if (s.format === 'uri' || s.format === 'url') return fc.webUrl();
  if (s.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (s.format === 'date') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  const min = s.minLength ?? 0;
  const max = Math.max(min, Math.min(s.maxLength ?? 24, 24));
  return fc.string({ minLength: min, maxLength: max, unit: 'grapheme' });
}

function numberArb(s: JsonSchema, integer: boolean): fc.Arbitrary<unknown> {
  const lo = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -1_000_000);
  const hi = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : 1_000_000_000);
  const min = Math.max(Math.ceil(lo), Number.MIN_SAFE_INTEGER);
  const max = Math.min(Math.floor(hi), Number.MAX_SAFE_INTEGER);
  const ints = min <= max ? fc.integer({ min, max }) : fc.constant(min);
  if (integer) return ints;
  return fc.oneof(ints, fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true }));
}

/** Values valid for a JSON Schema (most of the time), with hostile ones at each level. */
export function arbitraryFor(s: JsonSchema | boolean | undefined, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 5, arbitrary: shapedBy(s, depth) }, { weight: 1, arbitrary: hostileValue });
}

function shapedBy(s: JsonSchema | boolean | undefined, depth: number): fc.Arbitrary<unknown> {
  if (s === undefined || s === true || s === false || depth > 6) return hostileScalar;
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alts = s.anyOf ?? s.oneOf;
  if (alts?.length) return fc.oneof(...alts.map((a) => shapedBy(a, depth + 1)));
  if (s.allOf?.length) return shapedBy(s.allOf[0], depth + 1);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string':
      return stringArb(s);
    case 'integer':
      return numberArb(s, true);
    case 'number':
      return numberArb(s, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (s.prefixItems) return fc.tuple(...s.prefixItems.map((i) => arbitraryFor(i, depth + 1)));
      return fc.array(arbitraryFor(s.items, depth + 1), { maxLength: 3 });
    }
    case 'object':
      return objectArb(s, depth);
    default:
      return s.properties ? objectArb(s, depth) : hostileScalar;
  }
}

function objectArb(s: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const props = s.properties ?? {};
  const required = new Set(s.required ?? []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [k, v] of Object.entries(props)) model[k] = arbitraryFor(v, depth + 1);
  const known = fc.record(model, { requiredKeys: Object.keys(props).filter((k) => required.has(k)) });
  const extra = fc.dictionary(
    fc.constantFrom('extra', '__proto__', 'constructor', 'a\u0000'),
    hostileScalar,
    {
      maxKeys: 1,
    },
  );
  return fc
    .tuple(known, fc.oneof({ weight: 4, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: extra }))
    .map(([a, b]) => ({ ...b, ...a }));
}

export function jsonSchemaOf(schema: z.ZodType | undefined): JsonSchema | undefined {
  if (!schema) return undefined;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Every endpoint object exported by the contract (groups of `defineEndpoint`s, nested too), by id. */
export function contractEndpoints(contract: Record<string, unknown>): Map<string, Endpoint> {
  const byId = new Map<string, Endpoint>();
  const visit = (v: unknown, depth: number) => {
    if (!v || typeof v !== 'object' || Array.isArray(v) || depth > 3) return;
    if ('id' in v && 'method' in v && 'path' in v && 'response' in v) {
      byId.set((v as Endpoint).id, v as Endpoint);
      return;
    }
    // zod schemas are objects too: only plain groups are walked
    if (Object.getPrototypeOf(v) !== Object.prototype) return;
    for (const child of Object.values(v)) visit(child, depth + 1);
  };
  for (const group of Object.values(contract)) visit(group, 0);
  return byId;
}

/** Percent-encodes like encodeURIComponent, and a lone surrogate as the bytes a broken client sends. */
export function encodePart(v: string): string {
  try {
    return encodeURIComponent(v);
  } catch {
    return v.replace(/[\ud800-\udfff]/g, '%ED%A0%80').replace(/[^%A-Za-z0-9_.~-]/g, (c) => {
      try {
        return encodeURIComponent(c);
      } catch {
        return '%ED%A0%80';
      }
    });
  }
}

/** A query or form value as text: what a client would put in a URL for it. */
export function asText(v: unknown): string {
  if (typeof v === 'string') return v.startsWith(RAW) ? v.slice(RAW.length) : v;
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') return toJsonText(v);
  return String(v);
}

export function queryString(q: unknown): string {
  if (!q || typeof q !== 'object' || Array.isArray(q))
    return q === undefined ? '' : `q=${encodePart(asText(q))}`;
  const parts: string[] = [];
  for (const [k, v] of Object.entries(q as Record<string, unknown>)) {
    for (const item of Array.isArray(v) ? v : [v]) parts.push(`${encodePart(k)}=${encodePart(asText(item))}`);
  }
  return parts.join('&');
}

/** The endpoint's path with each `:param` filled from the generated params (a hostile value as text). */
export function fillPath(path: string, params: unknown): string {
  const p =
    params && typeof params === 'object' && !Array.isArray(params) ? (params as Record<string, unknown>) : {};
  return path.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => {
    const text = asText(p[name] ?? name);
    return text === '' ? '%20' : encodePart(text);
  });
}
