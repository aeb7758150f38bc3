import { z } from 'zod';

/**
 * Ticket games of the promotions (issue 16): prize wheel, golden egg, red envelope. A ticket's
 * configuration is a table of weighted prizes; the draw is made and verified by `@bp/games`
 * (`drawTicketFair`, `verifyTicketDraw`), which checks the same rules as this schema
 * (`ticketConfigProblems`), since the engine must refuse a bad table whoever calls it. Amounts are
 * integer minor units for cash and bonus, counts for points and free spins, 0 for nothing; as bigint
 * in the server, as digit text in JSON.
 */
export const TICKET_GAME_TYPES = ['wheel', 'egg', 'envelope'] as const;
export type TTicketGame = (typeof TICKET_GAME_TYPES)[number];

export const TICKET_PRIZE_TYPES = ['cash', 'bonus', 'points', 'freeSpins', 'nothing'] as const;
export type TTicketPrizeKind = (typeof TICKET_PRIZE_TYPES)[number];

/** The same bounds as @bp/games TICKET_LIMITS. */
export const TICKET_CONFIG_LIMITS = {
  minPrizes: 2,
  maxPrizes: 24,
  maxTotalWeight: 1_000_000_000,
  maxAmount: 9_000_000_000_000_000n,
  maxLabelLength: 40,
} as const;

const AMOUNT_TEXT = /^(0|[1-9]\d{0,18})$/;
/** zod runs refinements after a failed format check too, so they must not assume valid text */
const bigOrNull = (v: bigint | string): bigint | null =>
  typeof v === 'bigint' ? v : AMOUNT_TEXT.test(v) ? BigInt(v) : null;

const ZTicketAmount = z.union([
  z.bigint().nonnegative().max(TICKET_CONFIG_LIMITS.maxAmount),
  z
    .string()
    .regex(AMOUNT_TEXT, 'amount must be a whole number of minor units')
    .refine((s) => (bigOrNull(s) ?? 0n) <= TICKET_CONFIG_LIMITS.maxAmount, {
      message: 'amount is too large',
    }),
]);

export const ZTicketPrize = z
  .object({
    kind: z.enum(TICKET_PRIZE_TYPES),
    amount: ZTicketAmount,
    weight: z.number().int().positive().max(TICKET_CONFIG_LIMITS.maxTotalWeight),
    label: z.string().max(TICKET_CONFIG_LIMITS.maxLabelLength).optional(),
  })
  .refine((p) => (p.kind === 'nothing') === (bigOrNull(p.amount) === 0n), {
    message: 'a prize of nothing has amount 0; any other prize a positive amount',
    path: ['amount'],
  });
export type TTicketPrize = z.infer<typeof ZTicketPrize>;

export const ZTicketConfig = z.object({
  game: z.enum(TICKET_GAME_TYPES),
  prizes: z
    .array(ZTicketPrize)
    .min(TICKET_CONFIG_LIMITS.minPrizes)
    .max(TICKET_CONFIG_LIMITS.maxPrizes)
    .refine(
      (ps) => ps.reduce((s, p) => s + (Number(p.weight) || 0), 0) <= TICKET_CONFIG_LIMITS.maxTotalWeight,
      {
        message: `the weights must add up to at most ${TICKET_CONFIG_LIMITS.maxTotalWeight}`,
      },
    ),
});
export type TTicketConfig = z.infer<typeof ZTicketConfig>;

/** A drawn ticket as recorded and shown (the engine's TicketDraw). */
export const ZTicketDraw = z.object({
  game: z.enum(TICKET_GAME_TYPES),
  index: z.number().int().nonnegative(),
  kind: z.enum(TICKET_PRIZE_TYPES),
  amount: z.string().regex(/^\d+$/),
  roll: z.number().int().nonnegative(),
  totalWeight: z.number().int().positive(),
  label: z.string().optional(),
});
export type TTicketDraw = z.infer<typeof ZTicketDraw>;
