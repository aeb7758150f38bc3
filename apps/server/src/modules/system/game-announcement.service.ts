import type { z } from 'zod';
import {
  ZGameAnnouncementInput,
  type TGameAnnouncement,
  type TGameAnnouncementAdmin,
  type TGameAnnouncementInput,
  type ZGameAnnouncementsQuery,
} from '@bp/contract';
import type { Db, Tx } from '../../db/client.js';
import type { Clock } from '../../platform/module.js';
import type { EventBus } from '../../platform/events.js';
import { AppError } from '../../platform/errors.js';
import type { MerchantContext } from '../../platform/merchant.js';
import { gameAnnouncementRepo as repo, type GameAnnouncementRow } from './game-announcement.repo.js';
import { sanitizeHtml, stripTags } from './sanitize.js';
import { auditedWrite, pickText, type Change, type WriteOptions } from './system.service.js';

export type GameAnnouncementQuery = z.output<typeof ZGameAnnouncementsQuery>;

const CACHE_TTL_MS = 5000;
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const mapText = (t: Record<string, string>, fn: (s: string) => string) =>
  Object.fromEntries(Object.entries(t).map(([k, v]) => [k, fn(v)]));

function invalid(path: string, message: string): never {
  throw new AppError('request_param_err', { value: { issues: [{ path, message }] } });
}

const view = (r: GameAnnouncementRow): TGameAnnouncementAdmin => ({
  id: r.id,
  vassalage: r.vendorCode,
  nodeId: r.nodeId,
  gameType: r.gameType,
  title: r.title,
  content: r.content,
  sequence: r.sequence,
  active: r.active,
  startDate: iso(r.startDate),
  endDate: iso(r.endDate),
  updatedAt: r.updatedAt.toISOString(),
});
const toInput = (v: TGameAnnouncementAdmin): TGameAnnouncementInput => {
  const { id: _i, updatedAt: _u, ...rest } = v;
  return rest as TGameAnnouncementInput;
};

/**
 * Game announcements: operator CRUD (audited through the caller's hook, like the other site content)
 * and the public read, which serves live rows from a per-merchant cache dropped on every change.
 */
export function createGameAnnouncementService({
  db,
  clock,
  events,
  ttlMs = CACHE_TTL_MS,
}: {
  db: Db;
  clock: Clock;
  events: EventBus;
  ttlMs?: number;
}) {
  const cache = new Map<string, { at: number; value: Promise<unknown> }>();
  function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < ttlMs) return hit.value as Promise<T>;
    const value = load();
    cache.set(key, { at: Date.now(), value });
    value.catch(() => cache.get(key)?.value === value && cache.delete(key));
    return value;
  }
  const invalidate = (merchantId: number | null) => {
    for (const k of cache.keys()) if (merchantId === null || k.startsWith(`${merchantId}:`)) cache.delete(k);
  };
  events.on('merchant.changed', ({ merchantId }) => invalidate(merchantId));
  // a game re-typed or removed by a catalogue import changes what a node id narrows to
  events.on('catalogue.changed', () => invalidate(null));

  /** Stored rows may come from raw SQL or predate the sanitiser: the public read sanitises again. */
  const liveRows = (merchantId: number) =>
    cached(`${merchantId}:rows`, async () =>
      (await repo.list(db, merchantId)).map((r) => ({
        ...r,
        title: mapText(r.title, stripTags),
        content: mapText(r.content, sanitizeHtml),
      })),
    );
  const gameScope = (merchantId: number, nodeId: number) =>
    cached(`${merchantId}:node:${nodeId}`, () => repo.gameScope(db, nodeId));

  /** Validates and sanitises a write; unknown vendors and games are refused by name. */
  async function values(tx: Tx, input: TGameAnnouncementInput) {
    const r = ZGameAnnouncementInput.safeParse(input);
    if (!r.success) {
      throw new AppError('request_param_err', {
        value: { issues: r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) },
      });
    }
    const v = r.data;
    if (!(await repo.vendorExists(tx, v.vassalage))) invalid('vassalage', `unknown vendor ${v.vassalage}`);
    if (v.nodeId !== null) {
      const game = await repo.gameScope(tx, v.nodeId);
      if (!game) invalid('nodeId', `unknown game ${v.nodeId}`);
      if (game.vendorCode !== v.vassalage) {
        invalid('nodeId', `game ${v.nodeId} is not a game of ${v.vassalage}`);
      }
      if (v.gameType && v.gameType !== game.gameType) {
        invalid('gameType', `game ${v.nodeId} is of type ${game.gameType}`);
      }
    }
    return {
      vendorCode: v.vassalage,
      nodeId: v.nodeId,
      gameType: v.gameType,
      title: mapText(v.title, stripTags),
      content: mapText(v.content, sanitizeHtml),
      sequence: v.sequence,
      active: v.active,
      startDate: v.startDate ? new Date(v.startDate) : null,
      endDate: v.endDate ? new Date(v.endDate) : null,
    };
  }

  async function write(
    merchantId: number,
    opts: WriteOptions<TGameAnnouncementAdmin> | undefined,
    fn: (tx: Tx) => Promise<Change<TGameAnnouncementAdmin>>,
  ) {
    const change = await auditedWrite(db, opts, fn);
    invalidate(merchantId);
    events.emit('merchant.changed', { merchantId });
    return change;
  }
  const notFound = (id: number): never => {
    throw new AppError('not_found', { detail: `game announcement ${id}` });
  };

  return {
    /**
     * Live announcements (active, inside the window) in `language`, falling back per item to the
     * merchant default. A node id selects the game's own rows and its vendor's vendor-wide ones whose
     * game type (if any) is the game's; a game type keeps the rows of that type or of none.
     */
    async listLive(merchant: MerchantContext, q: GameAnnouncementQuery): Promise<TGameAnnouncement[]> {
      const now = clock.now().getTime();
      let vendor = q.vassalage;
      let gameType = q.gameType;
      if (q.nodeId !== undefined) {
        const game = await gameScope(merchant.id, q.nodeId);
        if (!game || (vendor && vendor !== game.vendorCode)) return [];
        vendor = game.vendorCode;
        gameType = game.gameType as typeof gameType;
      }
      const lang = (q.language ?? merchant.defaultLanguage).toUpperCase();
      const fb = merchant.defaultLanguage.toUpperCase();
      return (await liveRows(merchant.id))
        .filter(
          (r) =>
            r.active &&
            (!r.startDate || r.startDate.getTime() <= now) &&
            (!r.endDate || now < r.endDate.getTime()) &&
            (!vendor || r.vendorCode === vendor) &&
            (q.nodeId === undefined ? true : r.nodeId === null || r.nodeId === q.nodeId) &&
            (!gameType || r.gameType === null || r.gameType === gameType),
        )
        .map((r) => ({
          id: r.id,
          vassalage: r.vendorCode,
          nodeId: r.nodeId,
          gameType: r.gameType,
          title: pickText(r.title, lang, fb),
          content: pickText(r.content, lang, fb),
          sequence: r.sequence,
          startDate: iso(r.startDate),
          endDate: iso(r.endDate),
        }));
    },

    async list(merchantId: number): Promise<TGameAnnouncementAdmin[]> {
      return (await repo.list(db, merchantId)).map(view);
    },
    create(merchantId: number, input: TGameAnnouncementInput, opts?: WriteOptions<TGameAnnouncementAdmin>) {
      return write(merchantId, opts, async (tx) => ({
        before: null,
        after: view(await repo.insert(tx, merchantId, await values(tx, input))),
      }));
    },
    /** Partial update: the patch is merged over the current state and validated as a whole. */
    update(
      merchantId: number,
      id: number,
      patch: Partial<TGameAnnouncementInput>,
      opts?: WriteOptions<TGameAnnouncementAdmin>,
    ) {
      return write(merchantId, opts, async (tx) => {
        const row = await repo.get(tx, merchantId, id, true);
        if (!row) notFound(id);
        const before = view(row!);
        const after = await repo.update(
          tx,
          merchantId,
          id,
          await values(tx, { ...toInput(before), ...patch }),
        );
        return { before, after: view(after!) };
      });
    },
    delete(merchantId: number, id: number, opts?: WriteOptions<TGameAnnouncementAdmin>) {
      return write(merchantId, opts, async (tx) => {
        const row = await repo.delete(tx, merchantId, id);
        if (!row) notFound(id);
        return { before: view(row!), after: null };
      });
    },
    invalidate,
  };
}
export type GameAnnouncementService = ReturnType<typeof createGameAnnouncementService>;
