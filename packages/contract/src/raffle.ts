import { z } from 'zod';
import { defineEndpoint, REAL_MEMBERS } from './endpoint.js';
import { ZRowId, ZRowIdNumber } from './ids.js';
import { ZAmount, ZMoney } from './money.js';

/**
 * Raffles (issue 16, API-REFERENCE 3.7 rafflePromotion): a promotion whose trigger is RAFFLE takes
 * one entry per eligible member while it runs; at its draw time the server ranks the entries with a
 * seed it committed to (its SHA-256 shown from the start) and pays the prizes in rank order through
 * the promotion's grant (cash, or bonus money with the promotion's wagering). After the draw the
 * seed is revealed: rank = order of HMAC-SHA256(seed, entry id) ascending, which anyone can recompute.
 */

export const ZRafflePrize = z.object({
  amount: ZAmount,
  count: z.number().int().min(1).max(1000),
});
export const ZRaffleInput = z.object({
  drawDate: z.iso.datetime({ offset: true }),
  /** in rank order: the first prize goes to the first `count` entries drawn, and so on */
  prizes: z.array(ZRafflePrize).min(1).max(20),
});
export type TRaffleInput = z.input<typeof ZRaffleInput>;

export const ZRaffleWinner = z.object({
  rank: z.number().int(),
  entryId: z.string(),
  /** masked */
  username: z.string(),
  amount: ZMoney,
});
export const ZRaffle = z.object({
  promotionId: z.number().int(),
  drawDate: z.string(),
  prizes: z.array(z.object({ amount: ZMoney, count: z.number().int() })),
  /** SHA-256 of the seed, fixed before any entry */
  seedHash: z.string(),
  /** revealed once drawn */
  serverSeed: z.string().nullable(),
  drawnDate: z.string().nullable(),
  entries: z.number().int(),
  /** once drawn: every entry the draw ranked (entry ids), to recompute the order (empty before) */
  drawnEntries: z.array(z.string()),
  winners: z.array(ZRaffleWinner),
});
export type TRaffle = z.infer<typeof ZRaffle>;
/** MCSFE_getRafflePromotionStatus: the raffle and the caller's entry and result. */
export const ZRaffleStatus = ZRaffle.extend({
  entered: z.boolean(),
  entryId: z.string().nullable(),
  /** after the draw: the caller's rank and prize, or null when the entry won nothing */
  result: z.object({ rank: z.number().int(), amount: ZMoney }).nullable(),
});
export type TRaffleStatus = z.infer<typeof ZRaffleStatus>;

export const ZRaffleQuery = z.object({ promotionId: ZRowId });
export const ZRaffleClaim = z.object({ promotionId: ZRowIdNumber });

export const RAFFLE_ERRORS = {
  raffle_closed: {
    status: 409,
    en: 'This raffle no longer takes entries',
    bn: 'এই র‍্যাফেলে আর অংশ নেওয়া যাবে না',
  },
  raffle_already_drawn: {
    status: 409,
    en: 'This raffle has been drawn already',
    bn: 'এই র‍্যাফেলের ড্র ইতিমধ্যে হয়ে গেছে',
  },
} as const;

const tags = ['promotions'];
const claim = (id: string, path: string) =>
  defineEndpoint({
    id,
    method: 'POST',
    path,
    modId: 'REWCEN3',
    auth: 'member',
    members: REAL_MEMBERS,
    refusal: 'need_real_account',
    body: ZRaffleClaim,
    response: ZRaffleStatus,
    summary: "Takes the member's entry in a raffle (once per member, while it runs)",
    tags,
  });

export const raffleEndpoints = {
  claim: claim('raffle.claim', '/wps/relay/MCS2_claimRafflePromotion'),
  claimFe: claim('raffle.claimFe', '/wps/relay/MCSFE_claimRafflePromotion'),
  status: defineEndpoint({
    id: 'raffle.status',
    method: 'GET',
    path: '/wps/relay/MCSFE_getRafflePromotionStatus',
    modId: 'REWCEN3',
    auth: 'member',
    members: REAL_MEMBERS,
    refusal: 'need_real_account',
    query: ZRaffleQuery,
    response: ZRaffleStatus,
    summary: "A raffle's prizes, seed commitment, entries and winners, with the caller's entry and result",
    tags,
  }),
};

export const adminRaffleEndpoints = {
  set: defineEndpoint({
    id: 'admin.raffle.set',
    method: 'PUT',
    path: '/admin/api/promotions/:id/raffle',
    auth: 'operator',
    params: z.object({ id: ZRowId }),
    body: ZRaffleInput,
    response: ZRaffle,
    summary: "Sets a raffle promotion's draw time and prizes until it is drawn (audited)",
    tags: ['admin'],
  }),
  get: defineEndpoint({
    id: 'admin.raffle.get',
    method: 'GET',
    path: '/admin/api/promotions/:id/raffle',
    auth: 'operator',
    params: z.object({ id: ZRowId }),
    response: ZRaffle,
    summary: "A raffle promotion's draw, entries and winners",
    tags: ['admin'],
  }),
};
