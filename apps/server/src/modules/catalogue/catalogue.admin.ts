import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type {
  TCatalogueFeed,
  TGameStatus,
  TGameType,
  ZCatalogueGameAdmin,
  ZCatalogueGameAdminQuery,
  ZCatalogueGameUpdate,
  ZCatalogueVendorAdmin,
  ZCatalogueVendorUpdate,
} from '@bp/contract';
import type { Db } from '../../db/client.js';
import type { OperatorActor } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events.js';
import type { AuditService, AuditWho } from '../audit/index.js';
import { assertCan } from '../operator/index.js';
import { importCatalogue, normaliseSearch } from './catalogue.import.js';
import { catalogueRepo, type VendorRow } from './catalogue.repo.js';
import { nameIn } from '../../platform/names.js';

type VendorAdmin = z.output<typeof ZCatalogueVendorAdmin>;
type GameAdmin = z.output<typeof ZCatalogueGameAdmin>;
type VendorUpdate = z.output<typeof ZCatalogueVendorUpdate>;
type GameUpdate = z.output<typeof ZCatalogueGameUpdate>;
type GameAdminQuery = z.output<typeof ZCatalogueGameAdminQuery>;
type MerchantVendor = Awaited<ReturnType<typeof catalogueRepo.merchantVendors>>[number];

function vendorView(v: VendorRow & { game_count?: number }, mv: MerchantVendor | undefined): VendorAdmin {
  return {
    code: v.code,
    nodeId: v.node_id,
    names: v.names,
    gameTypes: v.game_types,
    status: v.status,
    gameCount: v.game_count ?? 0,
    merchant: mv
      ? {
          enabled: mv.enabled,
          sortOrder: mv.sort_order,
          displayName: mv.display_name,
          walletMode: mv.wallet_mode,
        }
      : null,
  };
}

/**
 * Operator side of the catalogue: feed import (the catalogue is shared by every merchant, so only an
 * owner may import) and the merchant's own vendor and game settings. Every change is audited in the
 * same transaction and then announced, so lobby caches drop what they hold.
 */
export function createCatalogueAdmin({
  db,
  audit,
  events,
}: {
  db: Db;
  audit: AuditService;
  events: EventBus;
}) {
  return {
    async importFeed(who: AuditWho, feed: TCatalogueFeed) {
      if (who.actor.role !== 'owner') throw new AppError('forbidden');
      const result = await db.transaction(async (tx) => {
        const r = await importCatalogue(tx, feed, { merchantId: who.actor.merchantId });
        await audit.record(tx, who, {
          action: 'catalogue.import',
          entityType: 'catalogue',
          after: {
            vendors: (feed.vendors ?? []).map((v) => v.code),
            games: (feed.games ?? []).length,
            disableMissing: feed.disableMissing ?? false,
            enableForMerchant: feed.enableForMerchant ?? false,
            result: r,
          },
        });
        return r;
      });
      events.emit('catalogue.changed', { merchantId: null });
      return result;
    },

    async vendors(actor: OperatorActor): Promise<VendorAdmin[]> {
      assertCan(actor, 'read');
      const mine = new Map(
        (await catalogueRepo.merchantVendors(db, actor.merchantId)).map((m) => [m.vendor_code, m]),
      );
      return (await catalogueRepo.vendors(db)).map((v) => vendorView(v, mine.get(v.code)));
    },

    /** Enables, disables or orders a vendor for the merchant; sets it up (seamless) on first enable. */
    async updateVendor(who: AuditWho, code: string, body: VendorUpdate): Promise<VendorAdmin> {
      assertCan(who.actor, 'write');
      const merchantId = who.actor.merchantId;
      const vendor = await catalogueRepo.vendor(db, code);
      if (!vendor) throw new AppError('not_found', { detail: `vendor ${code}` });
      await db.transaction(async (tx) => {
        let before = await catalogueRepo.lockMerchantVendor(tx, merchantId, code);
        if (!before) {
          await catalogueRepo.addMerchantVendors(tx, merchantId, [
            {
              code,
              displayName: nameIn(vendor.names, 'EN'),
              apiSecret: randomBytes(24).toString('base64url'),
              sortOrder: vendor.sort_order,
            },
          ]);
          before = (await catalogueRepo.lockMerchantVendor(tx, merchantId, code))!;
        }
        const after = {
          enabled: body.enabled ?? before.enabled,
          sortOrder: body.sortOrder ?? before.sort_order,
        };
        await catalogueRepo.updateMerchantVendor(tx, merchantId, code, after);
        await audit.record(tx, who, {
          action: 'catalogue.vendor.update',
          entityType: 'merchant_vendor',
          entityId: code,
          before: { enabled: before.enabled, sortOrder: before.sort_order },
          after,
        });
      });
      events.emit('catalogue.changed', { merchantId });
      const mv = (await catalogueRepo.merchantVendors(db, merchantId)).find((m) => m.vendor_code === code);
      const [withCount] = (await catalogueRepo.vendors(db)).filter((v) => v.code === code);
      return vendorView(withCount ?? vendor, mv);
    },

    async games(actor: OperatorActor, q: GameAdminQuery) {
      assertCan(actor, 'read');
      const offset = (q.pageNo - 1) * q.pageSize;
      const found = await catalogueRepo.adminGames(
        db,
        actor.merchantId,
        {
          vendor: q.vendor,
          gameType: q.gameType,
          search: q.gameName ? normaliseSearch(q.gameName) : undefined,
        },
        q.pageSize,
        offset,
      );
      const totalCount = found[0]?.total ?? 0;
      return {
        list: found.map(gameView),
        pageNo: q.pageNo,
        pageSize: q.pageSize,
        totalCount,
        totalPages: Math.ceil(totalCount / q.pageSize),
      };
    },

    /** Per-merchant overrides of one game: undefined keeps a field, null clears it. */
    async updateGame(who: AuditWho, nodeId: number, body: GameUpdate): Promise<GameAdmin> {
      assertCan(who.actor, 'write');
      const merchantId = who.actor.merchantId;
      if (!(await catalogueRepo.gameExists(db, nodeId))) throw new AppError('game_not_found');
      await db.transaction(async (tx) => {
        const before = await catalogueRepo.lockMerchantGame(tx, merchantId, nodeId);
        const after = {
          enabled: body.enabled === undefined ? before.enabled : body.enabled,
          sortOrder: body.sortOrder === undefined ? before.sort_order : body.sortOrder,
          isHot: body.isHot === undefined ? before.is_hot : body.isHot,
        };
        await catalogueRepo.updateMerchantGame(tx, merchantId, nodeId, after);
        await audit.record(tx, who, {
          action: 'catalogue.game.update',
          entityType: 'merchant_game',
          entityId: nodeId,
          before: { enabled: before.enabled, sortOrder: before.sort_order, isHot: before.is_hot },
          after,
        });
      });
      events.emit('catalogue.changed', { merchantId });
      const [row] = await catalogueRepo.adminGames(db, merchantId, { nodeId }, 1, 0);
      return gameView(row!);
    },
  };
}
export type CatalogueAdmin = ReturnType<typeof createCatalogueAdmin>;

type AdminGameRow = Awaited<ReturnType<typeof catalogueRepo.adminGames>>[number];

function gameView(r: AdminGameRow): GameAdmin {
  return {
    nodeId: r.node_id,
    vendor: r.vendor_code,
    gameCode: r.game_code,
    gameType: r.game_type as TGameType,
    gameClassify: r.game_classify,
    names: r.names,
    status: r.status as TGameStatus,
    isHot: r.is_hot,
    sortOrder: r.sort_order,
    override: { enabled: r.o_enabled, sortOrder: r.o_sort_order, isHot: r.o_is_hot },
  };
}
