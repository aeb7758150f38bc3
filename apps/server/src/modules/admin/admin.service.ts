import type {
  TBannerInput,
  TGameAnnouncementAdmin,
  TGameAnnouncementInput,
  TMaintenanceInput,
  TNoticeInput,
  TPopupInput,
  TRegionRuleInput,
  TWhitelabelNode,
} from '@bp/contract';
import type { OperatorActor } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { MerchantService } from '../../platform/merchant.js';
import type { AuditService, AuditWho } from '../audit/index.js';
import { assertCan } from '../operator/index.js';
import type { Change, SystemService, WriteOptions } from '../system/index.js';
import type { GameAnnouncementService } from '../system/index.js';

/**
 * The operator's doors to site state and content. Rules and SQL stay in the system service; this adds
 * the permission check (viewers read only), the merchant scope (always the operator's own) and the
 * audit row. The system service runs the audit hook inside the write's own transaction, so a change
 * and its audit row commit or roll back together.
 */
export function createAdminService({
  system,
  gameAnnouncements,
  audit,
  merchants,
}: {
  system: SystemService;
  gameAnnouncements: GameAnnouncementService;
  audit: AuditService;
  merchants: MerchantService;
}) {
  /** The write's audit hook; the entity id defaults to the changed row's id, else the merchant's. */
  function audited<T>(who: AuditWho, action: string, entityType: string, entityId?: string): WriteOptions<T> {
    return {
      async audit(tx, change: Change<T>) {
        await audit.record(tx, who, {
          action,
          entityType,
          entityId: entityId ?? entityIdOf(change) ?? who.actor.merchantId,
          before: change.before,
          after: change.after,
        });
      },
    };
  }
  const reader = (actor: OperatorActor) => {
    assertCan(actor, 'read');
    return actor.merchantId;
  };
  const writer = (who: AuditWho) => {
    assertCan(who.actor, 'write');
    return who.actor.merchantId;
  };

  async function whitelabel(merchantId: number): Promise<TWhitelabelNode[]> {
    const m = await merchants.getById(merchantId);
    if (!m) throw new AppError('merchant.not.found');
    return m.whitelabel;
  }

  /** list / create / update / delete of one content type with its audit actions `<entity>.<verb>`. */
  function crud<Input, View extends { id: number }>(
    entity: string,
    ops: {
      list(m: number): Promise<View[]>;
      create(m: number, input: Input, o: WriteOptions<View>): Promise<Change<View>>;
      update(m: number, id: number, patch: Partial<Input>, o: WriteOptions<View>): Promise<Change<View>>;
      delete(m: number, id: number, o: WriteOptions<View>): Promise<Change<View>>;
    },
  ) {
    return {
      list: (actor: OperatorActor) => ops.list(reader(actor)),
      async create(who: AuditWho, input: Input): Promise<View> {
        const c = await ops.create(writer(who), input, audited(who, `${entity}.create`, entity));
        return c.after!;
      },
      async update(who: AuditWho, id: number, patch: Partial<Input>): Promise<View> {
        const c = await ops.update(writer(who), id, patch, audited(who, `${entity}.update`, entity));
        return c.after!;
      },
      async remove(who: AuditWho, id: number) {
        await ops.delete(writer(who), id, audited(who, `${entity}.delete`, entity));
        return { id, deleted: true as const };
      },
    };
  }

  return {
    getMaintenance: (actor: OperatorActor) => system.getMaintenance(reader(actor)),
    async setMaintenance(who: AuditWho, input: TMaintenanceInput) {
      const c = await system.setMaintenance(
        writer(who),
        input,
        audited(who, 'maintenance.update', 'maintenance'),
      );
      return c.after!;
    },

    regionRules: crud<TRegionRuleInput, Awaited<ReturnType<SystemService['listRegionRules']>>[number]>(
      'region_rule',
      {
        list: system.listRegionRules,
        create: system.addRegionRule,
        update: system.updateRegionRule,
        delete: system.deleteRegionRule,
      },
    ),

    getWhitelabel: (actor: OperatorActor) => whitelabel(reader(actor)),
    async setModule(who: AuditWho, modId: string, enabled: boolean) {
      const merchantId = writer(who);
      await system.setModuleEnabled(
        merchantId,
        modId,
        enabled,
        audited(who, 'whitelabel.update', 'module', modId),
      );
      return whitelabel(merchantId);
    },

    banners: crud<TBannerInput, Awaited<ReturnType<SystemService['listBanners']>>[number]>('banner', {
      list: system.listBanners,
      create: system.createBanner,
      update: system.updateBanner,
      delete: system.deleteBanner,
    }),
    notices: crud<TNoticeInput, Awaited<ReturnType<SystemService['listNotices']>>[number]>('notice', {
      list: system.listNotices,
      create: system.createNotice,
      update: system.updateNotice,
      delete: system.deleteNotice,
    }),
    popups: crud<TPopupInput, Awaited<ReturnType<SystemService['listPopups']>>[number]>('popup', {
      list: system.listPopups,
      create: system.createPopup,
      update: system.updatePopup,
      delete: system.deletePopup,
    }),
    gameAnnouncements: crud<TGameAnnouncementInput, TGameAnnouncementAdmin>('game_announcement', {
      list: gameAnnouncements.list,
      create: gameAnnouncements.create,
      update: gameAnnouncements.update,
      delete: gameAnnouncements.delete,
    }),
  };
}
export type AdminService = ReturnType<typeof createAdminService>;

function entityIdOf(change: Change<unknown>): number | undefined {
  const v = (change.after ?? change.before) as { id?: unknown } | null;
  return typeof v?.id === 'number' ? v.id : undefined;
}
