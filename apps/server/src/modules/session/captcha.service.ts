import { randomInt, randomUUID } from 'node:crypto';
import { CAPTCHA_REFRESH_MS, type TSliderChallenge } from '@bp/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import type { Clock } from '../../platform/module.js';
import { drawCaptcha, drawSliderBackground, encodePng } from './png.js';
import { sessionRepo } from './session.repo.js';
import { newToken, sha256Hex } from './session.rules.js';

export const CAPTCHA_TTL_MS = 5 * 60_000;
export const SLIDER_TTL_MS = 2 * 60_000;
export const SLIDER = { width: 300, height: 150, pieceSize: 44, tolerance: 6 } as const;

/** Deletes a module's short-lived rows that expired before `before`. */
export type Sweep = (before: Date) => Promise<void>;
const PURGE_EVERY_MS = 3_600_000;
/** expired rows stay a day, for whoever looks into a failed login or reset */
const PURGE_GRACE_MS = 86_400_000;

const cryptoRand = () => randomInt(0, 2 ** 32) / 2 ** 32;

/** Answers compared without regard to surrounding spaces; digits only. */
const answerHash = (merchantId: number, id: string, answer: string) =>
  sha256Hex(`${merchantId}:${id}:${answer.trim()}`);

/**
 * Image captchas (bound to the browser's captchaId cookie, single use, one refresh per second) and
 * slider challenges (one attempt each; success yields a single-use token the login consumes).
 */
export function createCaptchaService({
  db,
  clock,
  rand = cryptoRand,
}: {
  db: Db;
  clock: Clock;
  rand?: () => number;
}) {
  let lastPurge = 0;
  const sweeps: Sweep[] = [(before) => sessionRepo.purgeExpired(db, before)];
  /**
   * Short-lived rows are dropped a day after they expired, now and then (at most hourly per instance):
   * images, challenges and pending logins here, plus what other modules add with `sweepAlso`.
   */
  async function purge(now: Date) {
    if (now.getTime() - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = now.getTime();
    const before = new Date(now.getTime() - PURGE_GRACE_MS);
    for (const sweep of sweeps) await sweep(before);
  }

  const consumeSliderToken = (merchantId: number, token: string) =>
    sessionRepo.consumeSliderToken(db, merchantId, sha256Hex(token), clock.now());

  return {
    /**
     * Adds a module's expired rows (social flows and tickets, reset tokens, e-mail codes) to the
     * purge: `sweep(before)` deletes what expired before `before`.
     */
    sweepAlso(sweep: Sweep) {
      sweeps.push(sweep);
    },

    /** A new captcha for the browser (older ones of that browser stop counting); value = base64 PNG. */
    async issue(merchantId: number, browserId: string): Promise<string> {
      const now = clock.now();
      const last = await sessionRepo.latestCaptcha(db, merchantId, browserId);
      if (last && now.getTime() - last.createdAt.getTime() < CAPTCHA_REFRESH_MS) {
        throw new AppError('TOO_MANY_REQUESTS');
      }
      await purge(now);
      const length = 4 + randomInt(0, 2);
      let text = '';
      for (let i = 0; i < length; i++) text += String(randomInt(0, 10));
      const id = randomUUID();
      await sessionRepo.insertCaptcha(db, {
        id,
        merchantId,
        browserId,
        answerHash: answerHash(merchantId, id, text),
        createdAt: now,
        expiresAt: new Date(now.getTime() + CAPTCHA_TTL_MS),
      });
      return encodePng(drawCaptcha(text, rand)).toString('base64');
    },

    /** Checks the browser's latest captcha and consumes it whatever the answer (single use). */
    async check(merchantId: number, browserId: string, answer: string): Promise<boolean> {
      const now = clock.now();
      const c = await sessionRepo.latestCaptcha(db, merchantId, browserId);
      if (!c || c.usedAt || c.expiresAt <= now) return false;
      if (!(await sessionRepo.consumeCaptcha(db, c.id, now))) return false;
      return c.answerHash === answerHash(merchantId, c.id, answer);
    },

    async slider(merchantId: number, browserId: string | null): Promise<TSliderChallenge> {
      const now = clock.now();
      await purge(now);
      const { width, height, pieceSize, tolerance } = SLIDER;
      const targetX = randomInt(pieceSize + 20, width - pieceSize - 10);
      const pieceY = randomInt(10, height - pieceSize - 10);
      const id = randomUUID();
      const expiresAt = new Date(now.getTime() + SLIDER_TTL_MS);
      await sessionRepo.insertSlider(db, {
        id,
        merchantId,
        browserId,
        targetX,
        pieceY,
        tolerance,
        createdAt: now,
        expiresAt,
      });
      const bg = drawSliderBackground(width, height, targetX, pieceY, pieceSize, rand);
      return {
        id,
        width,
        height,
        pieceSize,
        pieceY,
        background: encodePng(bg).toString('base64'),
        expiresAt: expiresAt.toISOString(),
      };
    },

    /** One attempt per challenge: within tolerance yields a single-use token, else slider_failed. */
    async verifySlider(merchantId: number, id: string, x: number): Promise<{ sliderToken: string }> {
      const now = clock.now();
      const c = await sessionRepo.findSlider(db, merchantId, id);
      if (!c || c.verifiedAt || c.expiresAt <= now) throw new AppError('slider_failed');
      const hit = Math.abs(x - c.targetX) <= c.tolerance;
      const token = hit ? newToken() : null;
      const first = await sessionRepo.markSliderAttempt(db, c.id, now, token ? sha256Hex(token) : null);
      if (!first || !token) throw new AppError('slider_failed');
      return { sliderToken: token };
    },

    /**
     * The slider step of a username login or a registration (SPEC §4): the token of a challenge solved
     * for this merchant, consumed now. 400 `slider_required` without one, `slider_failed` when it is
     * unknown, used or expired.
     */
    async requireSliderToken(merchantId: number, token: string | undefined): Promise<void> {
      if (!token) throw new AppError('slider_required');
      if (!(await consumeSliderToken(merchantId, token))) throw new AppError('slider_failed');
    },
  };
}
export type CaptchaService = ReturnType<typeof createCaptchaService>;
