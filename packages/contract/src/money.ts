import { z } from 'zod';

/**
 * Money crosses the API as decimal strings ("1234.50") and lives everywhere else as integer minor
 * units (bigint). Conversion is textual, so no amount ever passes through a binary float: a number
 * like 0.1 + 0.2 arrives as "0.30000000000000004" and is refused for having too many decimals.
 */
const DECIMAL = /^(\d{1,15})(?:\.(\d{1,8}))?$/;

export class MoneyFormatError extends Error {
  constructor(readonly reason: 'format' | 'decimals' | 'range') {
    super(`invalid amount (${reason})`);
    this.name = 'MoneyFormatError';
  }
}

/** Decimal text (or a JSON number) -> minor units. Throws MoneyFormatError. Never negative. */
export function toMinor(input: string | number, decimals: number): bigint {
  const text = typeof input === 'number' ? numberText(input) : input.trim();
  const m = DECIMAL.exec(text);
  if (!m) throw new MoneyFormatError('format');
  const whole = m[1]!;
  const frac = (m[2] ?? '').replace(/0+$/, '');
  if (frac.length > decimals) throw new MoneyFormatError('decimals');
  const minor = BigInt(whole) * 10n ** BigInt(decimals) + BigInt(frac.padEnd(decimals, '0') || '0');
  if (minor > 9_000_000_000_000_000n) throw new MoneyFormatError('range');
  return minor;
}

function numberText(n: number): string {
  if (!Number.isFinite(n) || n < 0) throw new MoneyFormatError('format');
  // String() gives the shortest text that round-trips: exactly what the caller wrote for sane inputs
  const s = String(n);
  if (/e/i.test(s)) throw new MoneyFormatError('format');
  return s;
}

/** Minor units -> decimal text with exactly `decimals` digits after the point ("-12.05"). */
export function fromMinor(minor: bigint | number, decimals: number): string {
  const v = BigInt(minor);
  const neg = v < 0n;
  const abs = neg ? -v : v;
  if (decimals === 0) return `${neg ? '-' : ''}${abs}`;
  const scale = 10n ** BigInt(decimals);
  return `${neg ? '-' : ''}${abs / scale}.${(abs % scale).toString().padStart(decimals, '0')}`;
}

/** An amount in a request: decimal string or JSON number, validated for shape here, scaled by the service. */
export const ZAmount = z.union([
  z.string().trim().regex(DECIMAL, 'amount must be a decimal number'),
  z.number().nonnegative().finite(),
]);
export type TAmount = z.input<typeof ZAmount>;

/** An amount in a response: decimal text with the merchant's number of decimals. */
export const ZMoney = z.string().regex(/^-?\d+(\.\d+)?$/);

/**
 * An exact decimal that a response writes as a JSON number with all of its digits (`10000.00`,
 * `0.50`): the original platform's clients read balances as numbers. `JSON.stringify` of a JS number
 * would drop the trailing zeros and round beyond 2^53 (and `JSON.rawJSON` is not in Node 20), so the
 * server's reply serializer writes `text` verbatim; any other serializer gets the exact text as a string.
 */
export class JsonDecimal {
  constructor(readonly text: string) {
    if (!/^-?\d+(\.\d+)?$/.test(text)) throw new TypeError(`not a decimal: ${text}`);
  }

  toJSON(): string {
    return this.text;
  }
}

/**
 * An amount in a response written as a JSON number with exactly the currency's decimals. Clients
 * read a number (the output type); the server hands over a JsonDecimal built from minor units (the
 * input type), so no amount on its way out passes through a float.
 */
export const ZMoneyNumber = z
  // a JsonDecimal on the server's side of the wire, a number on the client's
  .custom<JsonDecimal>(
    (v) => v instanceof JsonDecimal || (typeof v === 'number' && Number.isFinite(v)),
    'amount must be an exact decimal',
  )
  .meta({
    type: 'number',
    description: "JSON number with exactly the currency's decimals (10000.00)",
    example: 10000.0,
  }) as unknown as z.ZodType<number, JsonDecimal>;
