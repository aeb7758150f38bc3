import { hashPassword } from '../platform/password.js';

const hashes = new Map<string, Promise<string>>();

/**
 * The demo accounts share a few documented passwords: each is hashed once per process and the hash
 * reused (an argon2id hash costs about 0.1 s, and the demo team, its e2e copies and every test
 * template open dozens of accounts).
 */
export function demoPasswordHash(password: string): Promise<string> {
  let h = hashes.get(password);
  if (!h) {
    h = hashPassword(password);
    hashes.set(password, h);
  }
  return h;
}
