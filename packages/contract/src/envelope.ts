import { z } from 'zod';

/** Success shape of every `/wps`, `/lgw` and `/admin/api` response: clients read `.value`. */
export const ZSuccess = <T extends z.ZodType>(value: T) => z.object({ success: z.literal(true), value });

/**
 * Failure shape. `msg` repeats `message` because some clients of the original platform read `msg`.
 * `value` may carry data the client needs to react (e.g. `{ captcha: true }`, a current balance).
 */
export const ZFailure = z.object({
  success: z.literal(false),
  errorCode: z.string(),
  message: z.string(),
  msg: z.string(),
  value: z.unknown().optional(),
});
export type TFailure = z.infer<typeof ZFailure>;
export type TSuccess<T> = { success: true; value: T };
export type TEnvelope<T> = TSuccess<T> | TFailure;
