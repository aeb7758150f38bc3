import { decimalToMinor } from '../../../shared/format';

/** A fresh id per submission: a retried POST then answers the first result instead of sending twice. */
export const newRequestId = () =>
  (globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`).replace(
    /[^A-Za-z0-9_-]/g,
    '',
  );

/** The tighter of two decimal-text limits (per transfer and what is left today). */
export function smallerOf(a: string, b: string): string {
  const x = decimalToMinor(a);
  const y = decimalToMinor(b);
  if (x === null) return b;
  if (y === null) return a;
  return x <= y ? a : b;
}
