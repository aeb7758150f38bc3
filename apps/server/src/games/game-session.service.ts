import { createHash, randomBytes } from 'node:crypto';
import { LAUNCH_TOKEN_TTL_MS, type TFairness } from '@bp/contract';
import type { Db, Executor } from '../db/client.js';
import { AppError } from '../platform/errors.js';
import type { Clock } from '../platform/module.js';
import { gameServerRepo, type LaunchTokenRow, type SeedRow, type SessionRow } from './game-server.repo.js';

/** A game session lives this long (the vendor session of a real launch lives longer: VENDOR_SESSION_TTL_MS). */
export const GAME_SESSION_TTL_MS = 3 * 3_600_000;
/** Play money of a free-trial session, in major units of the merchant's currency (৳2,000.00). */
export const TRIAL_PLAY_MONEY = 2000n;

export const hashToken = (token: string) => createHash('sha256').update(token).digest();
export const sha256Text = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const newServerSeed = () => randomBytes(32).toString('hex');
const newClientSeed = () => randomBytes(8).toString('hex');

/** Whose seeds and free spins: the member, or the anonymous trial session itself. */
export const ownerOf = (s: Pick<SessionRow, 'member_id' | 'id'>) =>
  s.member_id !== null ? `m:${s.member_id}` : `s:${s.id}`;

const fairnessOf = (seed: SeedRow): TFairness => ({
  serverSeedHash: seed.server_seed_hash,
  clientSeed: seed.client_seed,
  nonce: seed.nonce,
});

/**
 * Launch tokens, game sessions and seed pairs. A launch token is random, stored hashed and burned by
 * the one UPDATE that exchanges it, so it works once and only within LAUNCH_TOKEN_TTL_MS. The session
 * token goes to the iframe; the vendor session token of a real launch stays on the server.
 */
export function createGameSessionService({ db, clock }: { db: Db; clock: Clock }) {
  /** The active seed pair of an owner, created on first use. Locked when `ex` is a transaction. */
  async function activeSeed(
    ex: Executor,
    merchantId: number,
    owner: string,
    vendor: string,
    clientSeed?: string,
  ) {
    for (let i = 0; i < 3; i++) {
      const found = await gameServerRepo.lockActiveSeed(ex, merchantId, owner, vendor);
      if (found) return found;
      const serverSeed = newServerSeed();
      const made = await gameServerRepo.insertSeed(ex, {
        merchantId,
        owner,
        vendor,
        serverSeed,
        hash: sha256Text(serverSeed),
        clientSeed: clientSeed ?? newClientSeed(),
      });
      if (made) return made;
    }
    throw new Error('seed pair not created');
  }

  return {
    activeSeed,

    async issueLaunch(ex: Executor, t: LaunchTokenRow): Promise<string> {
      const token = randomBytes(24).toString('base64url');
      await gameServerRepo.insertLaunchToken(
        ex,
        hashToken(token),
        t,
        new Date(clock.now().getTime() + LAUNCH_TOKEN_TTL_MS),
      );
      return token;
    },

    /** Burns the launch token and opens the game session (trial sessions get their play money). */
    async exchange(merchant: { id: number; currencyDecimals: number }, launchToken: string) {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const t = await gameServerRepo.burnLaunchToken(tx, hashToken(launchToken), merchant.id, now);
        if (!t) throw new AppError('game_launch_token_invalid');
        const sessionToken = randomBytes(24).toString('base64url');
        const play = t.mode === 'trial' ? TRIAL_PLAY_MONEY * 10n ** BigInt(merchant.currencyDecimals) : null;
        const id = await gameServerRepo.insertSession(
          tx,
          hashToken(sessionToken),
          t,
          play,
          new Date(now.getTime() + GAME_SESSION_TTL_MS),
        );
        const session = (await gameServerRepo.sessionById(tx, id))!;
        return { session, sessionToken };
      });
    },

    /** The session of an `X-Game-Session` header, or game_session_invalid. */
    async resolve(merchantId: number, token: unknown): Promise<SessionRow> {
      if (typeof token !== 'string' || token.length < 16 || token.length > 128) {
        throw new AppError('game_session_invalid');
      }
      const s = await gameServerRepo.findSession(db, hashToken(token));
      if (!s || s.merchant_id !== merchantId || new Date(s.expires_at).getTime() <= clock.now().getTime()) {
        throw new AppError('game_session_invalid');
      }
      return s;
    },

    async fairness(s: SessionRow): Promise<TFairness> {
      return fairnessOf(await activeSeed(db, s.merchant_id, ownerOf(s), s.vendor_code));
    },

    /** Reveals the active server seed (every round played with it now shows it) and starts a new pair. */
    async rotate(s: SessionRow, clientSeed?: string) {
      return db.transaction(async (tx) => {
        const owner = ownerOf(s);
        const old = await activeSeed(tx, s.merchant_id, owner, s.vendor_code);
        await gameServerRepo.revealSeed(tx, old.id, clock.now());
        const next = await activeSeed(tx, s.merchant_id, owner, s.vendor_code, clientSeed ?? old.client_seed);
        return {
          previous: {
            serverSeed: old.server_seed,
            serverSeedHash: old.server_seed_hash,
            clientSeed: old.client_seed,
            nonce: old.nonce,
          },
          current: fairnessOf(next),
        };
      });
    },
  };
}
export type GameSessionService = ReturnType<typeof createGameSessionService>;
