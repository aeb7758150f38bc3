/**
 * Customer-service link obfuscation (see ZCustomerService). WebCrypto only, so the same code runs in
 * Node 20 (globalThis.crypto) and the browser. Not a secret: the key travels with the ciphertext.
 */
const KEY_CHARS = 43; // base64url of 32 bytes, no padding

function toB64Url(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
function fromB64Url(s: string): Uint8Array<ArrayBuffer> {
  const b64 = s.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((s.length + 3) % 4);
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

export async function encodeCustomerServicePath(plain: string): Promise<string> {
  const key = crypto.getRandomValues(new Uint8Array(32));
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const k = await crypto.subtle.importKey('raw', key, 'AES-GCM', false, ['encrypt']);
  const ct = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, k, new TextEncoder().encode(plain)),
  );
  const joined = new Uint8Array(iv.length + ct.length);
  joined.set(iv);
  joined.set(ct, iv.length);
  return toB64Url(joined) + toB64Url(key);
}

export async function decodeCustomerServicePath(encoded: string): Promise<string> {
  if (encoded.length <= KEY_CHARS + 16) throw new Error('customer-service path too short');
  const key = fromB64Url(encoded.slice(-KEY_CHARS));
  const joined = fromB64Url(encoded.slice(0, -KEY_CHARS));
  const k = await crypto.subtle.importKey('raw', key, 'AES-GCM', false, ['decrypt']);
  const pt = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: joined.slice(0, 12) }, k, joined.slice(12));
  return new TextDecoder().decode(pt);
}
