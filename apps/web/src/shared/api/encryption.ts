import { ENCRYPTION_HEADER, encryptPayload, type TRsaKey } from '@bp/contract';

/**
 * Encrypted calls (login, register, change password, ...): the server's public key is fetched from
 * `GET /wps/session/key/rsa?format=json` once per page (10 minutes at most, so a rotation is picked up)
 * and every body is sealed with a fresh AES-256-GCM key (contract: payload-crypto.ts).
 */
const KEY_TTL_MS = 10 * 60_000;
let cached: { key: TRsaKey; at: number } | null = null;

async function fetchKey(headers: Record<string, string>): Promise<TRsaKey | null> {
  if (cached && Date.now() - cached.at < KEY_TTL_MS) return cached.key;
  try {
    const res = await fetch(`/wps/session/key/rsa?format=json&t=${Date.now()}`, { headers });
    const json = (await res.json()) as { success?: boolean; value?: TRsaKey };
    if (!json.success || !json.value) return null;
    cached = { key: json.value, at: Date.now() };
    return json.value;
  } catch {
    return null;
  }
}

/** Forgets the key, e.g. after the server refused a ciphertext (rotated key). */
export function resetEncryptionKey() {
  cached = null;
}

/**
 * Returns the body and the extra header to send. Without WebCrypto (an insecure http origin) or
 * without a key the payload goes as plain JSON, which the server takes only when the merchant allows it.
 */
export async function sealBody(
  payload: unknown,
  headers: Record<string, string>,
): Promise<{ body: string; header?: [string, string] }> {
  if (!globalThis.crypto?.subtle) return { body: JSON.stringify(payload) };
  const key = await fetchKey(headers);
  if (!key) return { body: JSON.stringify(payload) };
  const sealed = await encryptPayload(key.spki, payload, { keyId: key.keyId });
  return { body: JSON.stringify(sealed.body), header: [ENCRYPTION_HEADER, sealed.encryption] };
}
