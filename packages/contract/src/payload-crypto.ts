import { z } from 'zod';

/**
 * Payload encryption for the calls the contract marks `encrypted` (login, login verification, register,
 * register mobile, change password, set password by phone, and later redeem/convert points and withdraw).
 * It keeps the original platform's shape (API-REFERENCE §2.5) but not its broken cryptography:
 *
 * 1. Key: `GET /wps/session/key/rsa` answers `text/plain` with the base64 of the DER
 *    SubjectPublicKeyInfo of the merchant's RSA-2048 key (no PEM armour, no quotes) and the header
 *    `X-Key-Id: <keyId>`. `GET /wps/session/key/rsa?format=json` answers the envelope
 *    `{ success: true, value: { keyId, spki } }` instead. Cache-busters `t`/`_` are ignored.
 * 2. Per request the client makes a fresh random AES-256-GCM key (32 bytes) and a 12-byte IV.
 * 3. Header `Encryption: [<keyId>.]<base64(RSA-OAEP(SHA-256, MGF1-SHA-256, no label)(aesKey))>`.
 *    The `<keyId>.` prefix is optional; without it the server tries its active key, then keys retired
 *    within the grace period.
 * 4. Body (JSON): `{ "value": base64(iv ‖ ciphertext ‖ tag) }`: AES-256-GCM of the UTF-8 bytes of
 *    `JSON.stringify(payload)`, 128-bit tag appended (WebCrypto's output), no additional data.
 *    Base64 is standard (`+/`, padded); the server also accepts base64url.
 * 5. The server decrypts and validates the JSON against the call's schema. A bad header, key or
 *    ciphertext answers `request_param_err` (never a 500). A call without `Encryption` is taken as plain
 *    JSON only when the merchant allows plain payloads (default on, for server-to-server tools);
 *    otherwise it answers `request_body_required`.
 *
 * `encryptPayload` uses WebCrypto only, so it runs in browsers and in Node 20 (globalThis.crypto).
 */
export const ENCRYPTION_HEADER = 'Encryption';
export const KEY_ID_HEADER = 'X-Key-Id';
export const PAYLOAD_IV_BYTES = 12;
export const PAYLOAD_TAG_BYTES = 16;

export const ZRsaKey = z.object({
  keyId: z.string(),
  /** base64 DER SubjectPublicKeyInfo */
  spki: z.string(),
});
export type TRsaKey = z.infer<typeof ZRsaKey>;

export const ZEncryptedBody = z.object({ value: z.string().min(1).max(1_000_000) });
export type TEncryptedBody = z.infer<typeof ZEncryptedBody>;

function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(s);
}

function fromBase64(b64: string): Uint8Array<ArrayBuffer> {
  const bin = atob(b64.trim());
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/**
 * Encrypts `payload` for the server key `spkiB64` (the text of `GET /wps/session/key/rsa`).
 * Returns the `Encryption` header value and the JSON body to send.
 */
export async function encryptPayload(
  spkiB64: string,
  payload: unknown,
  opts: { keyId?: string } = {},
): Promise<{ encryption: string; body: TEncryptedBody }> {
  const subtle = globalThis.crypto.subtle;
  const rsa = await subtle.importKey(
    'spki',
    fromBase64(spkiB64.replace(/^"|"$/g, '')),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  const aesRaw = globalThis.crypto.getRandomValues(new Uint8Array(32));
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(PAYLOAD_IV_BYTES));
  const aes = await subtle.importKey('raw', aesRaw, { name: 'AES-GCM' }, false, ['encrypt']);
  const plain = new TextEncoder().encode(JSON.stringify(payload));
  const sealed = new Uint8Array(await subtle.encrypt({ name: 'AES-GCM', iv }, aes, plain));
  const wrapped = new Uint8Array(await subtle.encrypt({ name: 'RSA-OAEP' }, rsa, aesRaw));
  const joined = new Uint8Array(iv.length + sealed.length);
  joined.set(iv, 0);
  joined.set(sealed, iv.length);
  const header = toBase64(wrapped);
  return {
    encryption: opts.keyId ? `${opts.keyId}.${header}` : header,
    body: { value: toBase64(joined) },
  };
}
