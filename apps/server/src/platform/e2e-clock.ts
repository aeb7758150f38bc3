import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from './errors.js';
import type { Clock } from './module.js';

/** Where the clock control answers; mounted only when E2E_CLOCK_CONTROL is on (never in production). */
export const E2E_CLOCK_PATH = '/__e2e/clock';

/** At most this far in one move: a slip of a unit (seconds for milliseconds) is refused, not obeyed. */
const MAX_MOVE_MS = 400 * 24 * 3_600_000;

export interface ShiftableClock extends Clock {
  /** how far ahead of the underlying clock this one runs */
  offsetMs(): number;
  /** moves the clock forward to `at`; refuses to go back */
  moveTo(at: Date): void;
}

/**
 * The underlying clock plus an offset that only grows. Time keeps flowing (jobs, sessions and game
 * rounds see a clock like any other); it only jumps forward when an end-to-end spec says so. Going
 * back is refused: a session, a round or a payout stamped "later" than now would break the rules
 * the app checks against the clock.
 */
export function shiftableClock(base: Clock): ShiftableClock {
  let offset = 0;
  const now = () => new Date(base.now().getTime() + offset);
  return {
    now,
    offsetMs: () => offset,
    moveTo(at) {
      const by = at.getTime() - now().getTime();
      if (!(by >= 0)) throw new AppError('conflict', { detail: 'the e2e clock only moves forward' });
      if (by > MAX_MOVE_MS) throw new AppError('request_param_err', { detail: 'clock move too large' });
      offset += by;
    },
  };
}

const ZMove = z.union([
  z.object({ advanceMs: z.number().int().min(0).max(MAX_MOVE_MS) }).strict(),
  z.object({ to: z.string().datetime({ offset: true }) }).strict(),
]);

/**
 * End-to-end runs only (e2e/serve.ts sets E2E_CLOCK_CONTROL; config.ts refuses it in production):
 * `GET /__e2e/clock` answers the server's time, `POST` with `{advanceMs}` or `{to}` moves it forward.
 * The settlement spec closes a day this way, in a Playwright project that runs after every other
 * spec, so no other spec sees the jump. Not a contract endpoint: not in the OpenAPI document, the
 * authorization matrix or the fuzz test, because it exists nowhere but in an e2e server.
 */
export function installE2eClockControl(app: FastifyInstance, clock: ShiftableClock) {
  const view = () => ({
    success: true,
    value: { now: clock.now().toISOString(), offsetMs: clock.offsetMs() },
  });
  app.get(E2E_CLOCK_PATH, async () => view());
  app.post(E2E_CLOCK_PATH, async (req) => {
    const body = ZMove.safeParse(req.body);
    if (!body.success) throw new AppError('request_param_err');
    const b = body.data;
    clock.moveTo('to' in b ? new Date(b.to) : new Date(clock.now().getTime() + b.advanceMs));
    req.log.warn({ offsetMs: clock.offsetMs() }, 'e2e clock moved');
    return view();
  });
}
