import { eq } from 'drizzle-orm';
import { corsAdminEndpoints as e, type TCorsSettings } from '@bp/contract';
import { merchant } from '../../db/schema/index.js';
import type { ModuleContext } from '../../platform/module.js';
import { AppError } from '../../platform/errors.js';
import type { AuditService } from '../audit/index.js';
import { assertCan } from '../operator/index.js';

/**
 * The operator's list of extra origins allowed to call the API from a browser (platform/cors.ts reads
 * it). A change and its audit row commit together; `merchant.changed` then drops the cached look-ups.
 */
export function corsSettingsRoutes(ctx: ModuleContext, audit: AuditService) {
  async function view(merchantId: number): Promise<TCorsSettings> {
    const [row] = await ctx.db
      .select({ origins: merchant.corsOrigins })
      .from(merchant)
      .where(eq(merchant.id, merchantId));
    if (!row) throw new AppError('merchant.not.found');
    const domains = (await ctx.merchants.listDomains(merchantId)).map((d) => d.domain);
    return { origins: row.origins, domains };
  }

  ctx.route(e.get, ({ actor }) => {
    assertCan(actor, 'read');
    return view(actor.merchantId);
  });

  ctx.route(e.update, async ({ actor, ip, body }) => {
    assertCan(actor, 'write');
    const origins = [...new Set(body.origins)];
    await ctx.db.transaction(async (tx) => {
      const [before] = await tx
        .select({ origins: merchant.corsOrigins })
        .from(merchant)
        .where(eq(merchant.id, actor.merchantId))
        .for('update');
      await tx.update(merchant).set({ corsOrigins: origins }).where(eq(merchant.id, actor.merchantId));
      await audit.record(
        tx,
        { actor, ip },
        {
          action: 'cors.update',
          entityType: 'merchant',
          entityId: actor.merchantId,
          before,
          after: { origins },
        },
      );
    });
    ctx.events.emit('merchant.changed', { merchantId: actor.merchantId });
    return view(actor.merchantId);
  });
}
