import { randomBytes } from 'node:crypto';
import { fromMinor, JsonDecimal } from '@bp/contract';
import { compressBytes, type ContentEncoding } from './compression.js';

// A per-process nonce: no string a client or an operator stored can pass for a marked number.
const MARK = `\u0001${randomBytes(12).toString('hex')}:`;
/** The mark as JSON.stringify writes it inside a string (control characters become \u00XX). */
const MARK_IN_JSON = JSON.stringify(MARK).slice(1, -1);
const MARKED = new RegExp(`"${MARK_IN_JSON.replace(/\\/g, '\\\\')}(-?\\d+(?:\\.\\d+)?)"`, 'g');

/** Writes itself as a marked string that serializeReply turns into the bare number. */
class WrittenAsNumber extends JsonDecimal {
  override toJSON(): string {
    return MARK + this.text;
  }
}

/**
 * Minor units -> an amount the reply writes as a JSON number with exactly `decimals` digits after
 * the point (1000050n, 2 -> `10000.50`). Integer and text arithmetic only.
 */
export function exactNumber(minor: bigint, decimals: number): JsonDecimal {
  return new WrittenAsNumber(fromMinor(minor, decimals));
}

/**
 * The reply serializer. The fast path is one JSON.stringify; a response holding exact numbers costs
 * one more scan. Money is bigint in the database: bigints that reach a response are written as exact
 * strings, through a replacer only when plain JSON refuses one (a replacer slows every response
 * several times over).
 */
export function serializeReply(payload: unknown): string {
  let json: string;
  try {
    json = JSON.stringify(payload);
  } catch (err) {
    if (!(err instanceof TypeError)) throw err;
    json = JSON.stringify(payload, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
  }
  return json.includes(MARK_IN_JSON) ? json.replace(MARKED, '$1') : json;
}

/**
 * A handler's answer whose JSON is already written (a hot read builds it from cached text instead of
 * serialising the same objects on every request). `value` is the same answer as objects: the route
 * checks it against the contract when responses are validated; `json` is what goes out as the
 * envelope's value, and must be exactly `serializeReply(value)`.
 */
export class PrewrittenJson<T = unknown> {
  #envelope: Buffer | undefined;
  #encoded: Partial<Record<ContentEncoding, Buffer>> = {};
  constructor(
    readonly value: T,
    readonly json: string,
  ) {}

  /**
   * The whole success envelope as UTF-8 bytes, written on first use and kept with the answer: a cached
   * answer goes out as the same bytes on every hit (no envelope concatenation, no string encoding).
   */
  get envelope(): Buffer {
    return (this.#envelope ??= Buffer.from(`{"success":true,"value":${this.json}}`));
  }

  /** The envelope compressed, once per encoding (a cached answer is not compressed per request). */
  encoded(encoding: ContentEncoding): Buffer {
    return (this.#encoded[encoding] ??= compressBytes(this.envelope, encoding));
  }
}
