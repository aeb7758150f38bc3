import type { FastifyRequest } from 'fastify';
import { ALL_LANGUAGES } from '@bp/contract';
import type { MerchantContext } from './merchant.js';

export interface MemberActor {
  kind: 'member';
  memberId: number;
  merchantId: number;
  /** member type (API-REFERENCE 5.1): agents 1, 2, 41, 42; trial 4 */
  type: number;
  username: string;
  sessionId: number;
}
export interface OperatorActor {
  kind: 'operator';
  operatorId: number;
  merchantId: number;
  name: string;
  role: string;
  sessionId: number;
}
export type Actor = MemberActor | OperatorActor;

declare module 'fastify' {
  interface FastifyRequest {
    merchant: MerchantContext | undefined;
    actor: Actor | undefined;
    /** Upper-case language code for server messages: the `Language` header, else the merchant default. */
    language: string;
  }
}

const KNOWN = new Set<string>(ALL_LANGUAGES);

/** Header values seen lately and what they parse to (every request sends one of a handful). */
const parsedLanguages = new Map<string, string | undefined>();

/** `Language` header -> a known upper-case code, or undefined. Accepts `en`, `EN`, `en-US`, `pt-br`. */
export function parseLanguage(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  if (parsedLanguages.has(raw)) return parsedLanguages.get(raw);
  const v = raw.trim().toUpperCase().replace('_', '-');
  const base = v.split('-')[0] ?? '';
  const parsed = KNOWN.has(v) ? v : KNOWN.has(base) ? base : undefined;
  // bounded: arbitrary header values must not grow memory without end
  if (raw.length <= 32) {
    if (parsedLanguages.size >= 256) parsedLanguages.clear();
    parsedLanguages.set(raw, parsed);
  }
  return parsed;
}

/** Exactly one Merchant header with a well-formed code; duplicates arrive comma-joined and are refused. */
export function parseMerchantHeader(req: FastifyRequest): { code?: string; invalid?: true } {
  const raw = req.headers['merchant'];
  if (raw === undefined) return {};
  if (Array.isArray(raw) || typeof raw !== 'string') return { invalid: true };
  const code = raw.trim();
  if (!/^[A-Za-z0-9_-]{1,32}$/.test(code)) return { invalid: true };
  return { code };
}

/** The raw session token: the reference sends it bare in Authorization; tolerate a `Bearer ` prefix. */
export function bearerToken(req: FastifyRequest): string | undefined {
  const raw = req.headers.authorization;
  if (typeof raw !== 'string') return undefined;
  const t = raw.replace(/^Bearer\s+/i, '').trim();
  return t.length > 0 && t.length <= 512 ? t : undefined;
}
