import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encryptPayload } from '@bp/contract';
import { decryptWith, protectPrivateKey, unprotectPrivateKey } from './payload-crypto.js';

const pair = () => {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { spki: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'), privateKey };
};

describe('payload encryption round trip', () => {
  const k = pair();

  it('decrypts what the contract encryptPayload (WebCrypto) produced', async () => {
    const payload = { username: 'demo01', password: 'Demo@1234', nested: { n: 1, s: 'বাংলা' } };
    const { encryption, body } = await encryptPayload(k.spki, payload);
    expect(body.value).not.toContain('Demo@1234');
    expect(decryptWith(k.privateKey, encryption, body.value)).toEqual(payload);
  });

  it('uses a fresh key and IV every time', async () => {
    const a = await encryptPayload(k.spki, { x: 1 });
    const b = await encryptPayload(k.spki, { x: 1 });
    expect(a.body.value).not.toBe(b.body.value);
    expect(a.encryption).not.toBe(b.encryption);
  });

  it('puts the key id in front of the wrapped key when given', async () => {
    const { encryption } = await encryptPayload(k.spki, {}, { keyId: 'kabc123' });
    expect(encryption.startsWith('kabc123.')).toBe(true);
  });

  it('refuses a tampered ciphertext, a tampered key and another key pair', async () => {
    const { encryption, body } = await encryptPayload(k.spki, { a: 'b' });
    const raw = Buffer.from(body.value, 'base64');
    raw[raw.length - 20]! ^= 1;
    expect(() => decryptWith(k.privateKey, encryption, raw.toString('base64'))).toThrow();
    const wrapped = Buffer.from(encryption, 'base64');
    wrapped[10]! ^= 1;
    expect(() => decryptWith(k.privateKey, wrapped.toString('base64'), body.value)).toThrow();
    expect(() => decryptWith(pair().privateKey, encryption, body.value)).toThrow();
    expect(() => decryptWith(k.privateKey, 'not base64!', body.value)).toThrow();
    expect(() => decryptWith(k.privateKey, encryption, 'AAAA')).toThrow();
  });
});

describe('private key storage', () => {
  it('seals the PKCS#8 key with APP_SECRET and opens it again; plain without a secret', () => {
    const der = pair().privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64');
    const sealed = protectPrivateKey(der, 'a-very-long-app-secret');
    expect(sealed.startsWith('enc:')).toBe(true);
    expect(sealed).not.toContain(der.slice(0, 40));
    expect(unprotectPrivateKey(sealed, 'a-very-long-app-secret')).toBe(der);
    expect(() => unprotectPrivateKey(sealed, 'another-long-app-secret')).toThrow();
    expect(() => unprotectPrivateKey(sealed, undefined)).toThrow();
    expect(protectPrivateKey(der, undefined)).toBe(der);
    expect(() =>
      createPrivateKey({
        key: Buffer.from(unprotectPrivateKey(der, undefined), 'base64'),
        format: 'der',
        type: 'pkcs8',
      }),
    ).not.toThrow();
  });
});
