import { SOCIAL_PROVIDERS, type TSocialProvider } from '@bp/contract';
import type { z } from 'zod';
import type { ZSocialProviderAdmin, ZSocialProviderInput } from '@bp/contract';
import type { SocialProviderConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { OperatorActor } from '../../platform/context.js';
import type { Clock } from '../../platform/module.js';
import type { AuditService } from '../audit/index.js';
import { assertCan } from '../operator/index.js';
import { socialRepo } from './social.repo.js';

type Entry = z.infer<typeof ZSocialProviderAdmin>;

/** The operator's view and edit of the merchant's social login settings; secrets are write-only. */
export function createSocialAdmin(deps: {
  db: Db;
  clock: Clock;
  audit: AuditService;
  env: Readonly<Partial<Record<TSocialProvider, SocialProviderConfig>>>;
}) {
  const { db, clock, audit, env } = deps;

  async function entry(merchantId: number, provider: TSocialProvider): Promise<Entry> {
    const row = await socialRepo.findProvider(db, merchantId, provider);
    if (row) {
      return {
        provider,
        source: 'merchant',
        issuer: row.issuer,
        clientId: row.clientId,
        hasClientSecret: !!row.clientSecret,
        enabled: row.enabled,
      };
    }
    const e = env[provider];
    return e
      ? {
          provider,
          source: 'environment',
          issuer: e.issuer,
          clientId: e.clientId,
          hasClientSecret: !!e.clientSecret,
          enabled: true,
        }
      : { provider, source: 'none', issuer: null, clientId: null, hasClientSecret: false, enabled: false };
  }

  return {
    async list(actor: OperatorActor) {
      assertCan(actor, 'read');
      return Promise.all(SOCIAL_PROVIDERS.map((p) => entry(actor.merchantId, p)));
    },
    async update(
      actor: OperatorActor,
      provider: TSocialProvider,
      input: z.output<typeof ZSocialProviderInput>,
      ip: string,
    ) {
      assertCan(actor, 'write');
      const before = await entry(actor.merchantId, provider);
      const stored = await socialRepo.findProvider(db, actor.merchantId, provider);
      await db.transaction(async (tx) => {
        await socialRepo.upsertProvider(tx, {
          merchantId: actor.merchantId,
          provider,
          issuer: input.issuer,
          clientId: input.clientId,
          clientSecret: input.clientSecret ?? stored?.clientSecret ?? null,
          enabled: input.enabled,
          updatedAt: clock.now(),
        });
        const after = {
          provider,
          issuer: input.issuer,
          clientId: input.clientId,
          enabled: input.enabled,
          secretChanged: input.clientSecret !== undefined,
        };
        await audit.record(
          tx,
          { actor, ip },
          {
            action: 'social_provider.update',
            entityType: 'social_provider',
            entityId: provider,
            before,
            after,
          },
        );
      });
      return entry(actor.merchantId, provider);
    },
  };
}
