import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

/**
 * OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane (about 110 ms per hash on the reference machine).
 * `Algorithm` is a const enum; 2 = Argon2id.
 */
export const ARGON2_OPTIONS: Options = {
  algorithm: 2 as Algorithm,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);

/** False for a wrong password and for a malformed stored hash alike (never throws). */
export async function verifyPassword(phc: string, password: string): Promise<boolean> {
  try {
    return await verify(phc, password);
  } catch {
    return false;
  }
}
