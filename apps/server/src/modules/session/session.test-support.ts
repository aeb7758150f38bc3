import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { sliderChallenge } from '../../db/schema/index.js';
import { DEMO } from '../../test/harness.js';

/** Factories for tests that need a logged-in member (session, registration, passwords, two-factor). */

/** Solves a slider challenge the way a person would: reads the gap position (from the database) and verifies. */
export async function solveSlider(app: FastifyInstance, db: Db, merchant: string = DEMO.merchant) {
  const ch = await app.inject({ url: '/wps/captcha/slider', headers: { merchant } });
  if (ch.statusCode !== 200) throw new Error(`slider: ${ch.body}`);
  const id = ch.json().value.id as string;
  const [row] = await db.select().from(sliderChallenge).where(eq(sliderChallenge.id, id));
  const res = await app.inject({
    method: 'POST',
    url: '/wps/captcha/slider/verify',
    headers: { merchant },
    payload: { id, x: row!.targetX + 2 },
  });
  if (res.statusCode !== 200) throw new Error(`slider verify: ${res.body}`);
  return res.json().value.sliderToken as string;
}

export interface LoginOptions {
  merchant?: string;
  remoteAddress?: string;
  headers?: Record<string, string>;
  extra?: Record<string, unknown>;
}

/** POST /wps/session/login with a solved slider (plain JSON body); returns the raw response. */
export async function loginRequest(
  app: FastifyInstance,
  db: Db,
  username: string,
  password: string,
  opts: LoginOptions = {},
) {
  const merchant = opts.merchant ?? DEMO.merchant;
  const sliderToken = await solveSlider(app, db, merchant);
  return app.inject({
    method: 'POST',
    url: '/wps/session/login',
    headers: { merchant, ...opts.headers },
    remoteAddress: opts.remoteAddress,
    payload: { username, password, type: 'username', sliderToken, ...opts.extra },
  });
}

/** Logs in and returns the token (throws on failure). */
export async function loginToken(
  app: FastifyInstance,
  db: Db,
  username: string,
  password: string,
  opts: LoginOptions = {},
): Promise<string> {
  const res = await loginRequest(app, db, username, password, opts);
  if (res.statusCode !== 200) throw new Error(`login ${username}: ${res.body}`);
  return res.json().value.token as string;
}
