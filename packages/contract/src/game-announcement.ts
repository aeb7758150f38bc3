import { ZRowId, ZRowIdNumber } from './ids.js';
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { adminContentCrud, adminPatchOf } from './admin.js';
import { GAME_TYPES } from './games.js';
import { ZLocalizedText } from './system.js';

/**
 * Game announcements (SPEC §7 Games, §4 "game under maintenance"): notices an operator scopes to one
 * vendor, and optionally to one of its games (node id) and/or a game type. A call of its own rather
 * than a type `G` of MCSFE_getListAnnouncements: that answer is a fixed object of site lists and
 * knows no vendor or game to narrow by.
 */

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const opt = <T extends z.ZodType>(s: T) => z.preprocess(blankToUndefined, s.optional());
const upper = (v: unknown) => (typeof v === 'string' ? v.trim().toUpperCase() : v);

const ZVendor = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_]{1,32}$/);
const ZAnnouncementGameType = z.preprocess(upper, z.enum(GAME_TYPES));
/** ISO 8601 instant with offset, or null for an open end. */
const ZInstant = z.iso.datetime({ offset: true }).nullable();

export const ZGameAnnouncement = z.object({
  id: z.number().int(),
  vassalage: z.string(),
  /** null: every game of the vendor */
  nodeId: z.number().int().nullable(),
  /** null: every game type */
  gameType: z.string().nullable(),
  title: z.string(),
  /** HTML, sanitised on the server and again before rendering. */
  content: z.string(),
  sequence: z.number().int(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
});
export type TGameAnnouncement = z.infer<typeof ZGameAnnouncement>;

export const ZGameAnnouncementsQuery = z.object({
  /** vendor code; absent: every vendor */
  vassalage: opt(ZVendor),
  /** a game: its own announcements and its vendor's vendor-wide ones */
  nodeId: opt(ZRowId),
  gameType: opt(ZAnnouncementGameType),
  language: opt(z.string().trim().toUpperCase().max(8)),
});

export const ZGameAnnouncementInput = z
  .object({
    vassalage: ZVendor,
    nodeId: ZRowIdNumber.nullable().default(null),
    gameType: ZAnnouncementGameType.nullable().default(null),
    title: ZLocalizedText.default({}),
    /** HTML per language; sanitised by the server on write */
    content: ZLocalizedText.refine((t) => Object.keys(t).length > 0, { message: 'content is required' }),
    sequence: z.number().int().default(0),
    active: z.boolean().default(true),
    startDate: ZInstant.default(null),
    endDate: ZInstant.default(null),
  })
  .refine((v) => !v.startDate || !v.endDate || new Date(v.startDate) < new Date(v.endDate), {
    message: 'startDate must be before endDate',
    path: ['endDate'],
  });
export type TGameAnnouncementInput = z.input<typeof ZGameAnnouncementInput>;

export const ZGameAnnouncementAdmin = z.object({
  id: z.number().int(),
  vassalage: z.string(),
  nodeId: z.number().int().nullable(),
  gameType: z.string().nullable(),
  title: ZLocalizedText,
  content: ZLocalizedText,
  sequence: z.number().int(),
  active: z.boolean(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  updatedAt: z.string(),
});
export type TGameAnnouncementAdmin = z.infer<typeof ZGameAnnouncementAdmin>;

export const ZAdminGameAnnouncementUpdate = adminPatchOf(ZGameAnnouncementInput);

export const gameAnnouncementEndpoints = {
  list: defineEndpoint({
    id: 'games.getGameAnnouncements',
    method: 'GET',
    path: '/wps/relay/GCSGAME_getGameAnnouncements',
    modId: 'GAMELO3',
    auth: 'optional',
    query: ZGameAnnouncementsQuery,
    response: z.array(ZGameAnnouncement),
    summary:
      "Live game announcements of the merchant in the caller's language, narrowed by vendor, game, type",
    tags: ['games'],
  }),
};

/** Operator API: `/admin/api/game-announcements` (audited as `game_announcement.<verb>`). */
export const adminGameAnnouncementEndpoints = adminContentCrud(
  'gameAnnouncement',
  'game-announcements',
  ZGameAnnouncementAdmin,
  ZGameAnnouncementInput,
  ZAdminGameAnnouncementUpdate,
);
