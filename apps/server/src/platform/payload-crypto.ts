import {
  constants,
  createCipheriv,
  createDecipheriv,
  createHash,
  createPrivateKey,
  generateKeyPair,
  privateDecrypt,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import { promisify } from 'node:util';
import { and, desc, eq, gt, or } from 'drizzle-orm';
import { PAYLOAD_IV_BYTES, PAYLOAD_TAG_BYTES } from '@bp/contract';
import type { Db, Executor } from '../db/client.js';
import { rsaKey } from '../db/schema/index.js';
import { AppError } from './errors.js';
import type { Clock } from './module.js';

/**
 * Server side of the payload encryption documented in packages/contract/src/payload-crypto.ts:
 * RSA-OAEP(SHA-256) unwraps a per-request AES-256-GCM key from the `Encryption` header, which opens
 * `body.value` (iv ‖ ciphertext ‖ tag). One RSA-2048 key pair per merchant, made on first use and stored;
 * rotation retires the old pair, which keeps decrypting for `graceMs` so clients holding it still work.
 */
export const RSA_GRACE_MS = 24 * 3_600_000;
/** Keys are re-read from the database this often, so a rotation on another instance is seen. */
const KEY_CACHE_MS = 30_000;

const generate = promisify(generateKeyPair);

interface LoadedKey {
  id: string;
  spki: string;
  active: boolean;
  retiredAt: Date | null;
  privateKey: KeyObject;
}

export interface PublicKeyInfo {
  keyId: string;
  spki: string;
}

function sealKey(secret: string) {
  return createHash('sha256').update(`bp-rsa-key:${secret}`, 'utf8').digest();
}

/** PKCS#8 DER (base64) -> stored text: AES-256-GCM-sealed with APP_SECRET ('enc:' prefix), else plain. */
export function protectPrivateKey(pkcs8B64: string, appSecret: string | undefined): string {
  if (!appSecret) return pkcs8B64;
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', sealKey(appSecret), iv);
  const ct = Buffer.concat([c.update(pkcs8B64, 'utf8'), c.final()]);
  return `enc:${Buffer.concat([iv, ct, c.getAuthTag()]).toString('base64')}`;
}

export function unprotectPrivateKey(stored: string, appSecret: string | undefined): string {
  if (!stored.startsWith('enc:')) return stored;
  if (!appSecret) throw new Error('rsa_key is sealed with APP_SECRET, which is not set');
  const raw = Buffer.from(stored.slice(4), 'base64');
  const d = createDecipheriv('aes-256-gcm', sealKey(appSecret), raw.subarray(0, 12));
  d.setAuthTag(raw.subarray(raw.length - 16));
  return Buffer.concat([d.update(raw.subarray(12, raw.length - 16)), d.final()]).toString('utf8');
}

const B64 = /^[A-Za-z0-9+/_-]+={0,2}$/;
function decodeB64(s: string): Buffer {
  const t = s.trim();
  if (!B64.test(t)) throw new Error('not base64');
  return Buffer.from(t.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
}

/** Opens one payload with a private key; throws on any fault (the caller maps it to request_param_err). */
export function decryptWith(privateKey: KeyObject, wrappedKeyB64: string, valueB64: string): unknown {
  const aesKey = privateDecrypt(
    { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    decodeB64(wrappedKeyB64),
  );
  if (aesKey.length !== 32) throw new Error('bad key length');
  const raw = decodeB64(valueB64);
  if (raw.length < PAYLOAD_IV_BYTES + PAYLOAD_TAG_BYTES) throw new Error('short ciphertext');
  const d = createDecipheriv('aes-256-gcm', aesKey, raw.subarray(0, PAYLOAD_IV_BYTES));
  d.setAuthTag(raw.subarray(raw.length - PAYLOAD_TAG_BYTES));
  const plain = Buffer.concat([
    d.update(raw.subarray(PAYLOAD_IV_BYTES, raw.length - PAYLOAD_TAG_BYTES)),
    d.final(),
  ]);
  return JSON.parse(plain.toString('utf8'));
}

export function createPayloadCrypto({
  db,
  clock,
  appSecret,
  graceMs = RSA_GRACE_MS,
}: {
  db: Db;
  clock: Clock;
  appSecret?: string;
  graceMs?: number;
}) {
  const cache = new Map<number, { at: number; keys: LoadedKey[] }>();
  const creating = new Map<number, Promise<void>>();

  async function newPair() {
    const { publicKey, privateKey } = await generate('rsa', { modulusLength: 2048 });
    return {
      spki: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
      pkcs8: privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64'),
    };
  }

  async function insertActive(ex: Executor, merchantId: number, pair: { spki: string; pkcs8: string }) {
    const id = `k${randomBytes(6).toString('hex')}`;
    const rows = await ex
      .insert(rsaKey)
      .values({
        id,
        merchantId,
        publicSpki: pair.spki,
        privatePkcs8: protectPrivateKey(pair.pkcs8, appSecret),
        active: true,
        createdAt: clock.now(),
      })
      .onConflictDoNothing()
      .returning({ id: rsaKey.id });
    return rows[0]?.id;
  }

  async function load(merchantId: number): Promise<LoadedKey[]> {
    const now = clock.now();
    const hit = cache.get(merchantId);
    if (hit && Date.now() - hit.at < KEY_CACHE_MS) return hit.keys;
    const since = new Date(now.getTime() - graceMs);
    const rows = await db
      .select()
      .from(rsaKey)
      .where(and(eq(rsaKey.merchantId, merchantId), or(eq(rsaKey.active, true), gt(rsaKey.retiredAt, since))))
      .orderBy(desc(rsaKey.active), desc(rsaKey.createdAt));
    const keys = rows.map((r) => ({
      id: r.id,
      spki: r.publicSpki,
      active: r.active,
      retiredAt: r.retiredAt,
      privateKey: createPrivateKey({
        key: Buffer.from(unprotectPrivateKey(r.privatePkcs8, appSecret), 'base64'),
        format: 'der',
        type: 'pkcs8',
      }),
    }));
    cache.set(merchantId, { at: Date.now(), keys });
    return keys;
  }

  async function activeKey(merchantId: number): Promise<LoadedKey> {
    let keys = await load(merchantId);
    if (!keys.some((k) => k.active)) {
      // first use for this merchant: make the pair once per process; the unique index settles races
      let p = creating.get(merchantId);
      if (!p) {
        p = (async () => {
          await insertActive(db, merchantId, await newPair());
        })().finally(() => creating.delete(merchantId));
        creating.set(merchantId, p);
      }
      await p;
      cache.delete(merchantId);
      keys = await load(merchantId);
    }
    const k = keys.find((x) => x.active);
    if (!k) throw new AppError('system_busy', { detail: 'no active rsa key' });
    return k;
  }

  return {
    async publicKey(merchantId: number): Promise<PublicKeyInfo> {
      const k = await activeKey(merchantId);
      return { keyId: k.id, spki: k.spki };
    },

    /**
     * Retires the active pair (still valid for the grace period) and makes a new one, in the caller's
     * transaction (the operator endpoint audits it in the same one).
     */
    async rotate(tx: Executor, merchantId: number) {
      const now = clock.now();
      const retired = await tx
        .update(rsaKey)
        .set({ active: false, retiredAt: now })
        .where(and(eq(rsaKey.merchantId, merchantId), eq(rsaKey.active, true)))
        .returning({ id: rsaKey.id });
      const pair = await newPair();
      const id = await insertActive(tx, merchantId, pair);
      if (!id) throw new AppError('conflict');
      cache.delete(merchantId);
      return { keyId: id, spki: pair.spki, previousKeyId: retired[0]?.id ?? null };
    },

    /** Decrypts `{ value }` with the key named in the header, else the active key, then the retired ones. */
    async decrypt(merchantId: number, header: string, value: string): Promise<unknown> {
      await activeKey(merchantId);
      const keys = await load(merchantId);
      const dot = header.indexOf('.');
      const keyId = dot > 0 ? header.slice(0, dot) : undefined;
      const wrapped = dot > 0 ? header.slice(dot + 1) : header;
      const now = clock.now().getTime();
      const usable = keys.filter((k) => k.active || (k.retiredAt && now - k.retiredAt.getTime() < graceMs));
      const candidates = keyId ? usable.filter((k) => k.id === keyId) : usable;
      for (const k of candidates) {
        try {
          return decryptWith(k.privateKey, wrapped, value);
        } catch {
          // next key
        }
      }
      throw new AppError('request_param_err', { detail: 'payload could not be decrypted' });
    },

    /** Forget cached keys (tests, rotation on this instance). */
    invalidate(merchantId?: number) {
      if (merchantId === undefined) cache.clear();
      else cache.delete(merchantId);
    },
  };
}
export type PayloadCrypto = ReturnType<typeof createPayloadCrypto>;
