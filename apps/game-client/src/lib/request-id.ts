/**
 * Idempotency key of one bet. getRandomValues rather than randomUUID: the latter exists only in
 * secure contexts, and an operator may serve the games over plain HTTP on a LAN address.
 */
export function requestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
