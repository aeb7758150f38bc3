import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { defineEndpoint } from '@bp/contract';
import type { Db } from '../../db/client.js';
import { merchant, merchantDomain, merchantModule } from '../../db/schema/index.js';
import { DEMO_MODULE_TREE, flattenModuleTree } from '../../seed/demo-merchant.js';
import type { ModuleRegister } from '../../platform/module.js';
import { systemServiceFor } from './register.js';
import type { SystemService } from './system.service.js';

/** A fresh merchant (BN default + EN, full module tree) so each test owns its data. */
export async function createMerchant(db: Db, opts: { defaultLanguage?: string } = {}) {
  const code = `t${randomBytes(5).toString('hex')}`;
  const [m] = await db
    .insert(merchant)
    .values({
      code,
      name: `Test ${code}`,
      currency: 'BDT',
      currencySymbol: '৳',
      languages: ['BN', 'EN'],
      defaultLanguage: opts.defaultLanguage ?? 'BN',
      mainDomain: `${code}.test`,
    })
    .returning({ id: merchant.id });
  const id = m!.id;
  await db.insert(merchantDomain).values({ merchantId: id, domain: `${code}.test` });
  await db
    .insert(merchantModule)
    .values(flattenModuleTree(DEMO_MODULE_TREE).map((x, i) => ({ merchantId: id, ...x, sort: i })));
  return { id, code };
}

/** Peer endpoint switched by FEEDBACK3, to observe module switches from outside. */
export const peerFeedbackEndpoint = defineEndpoint({
  id: 'test.peer.feedback',
  method: 'GET',
  path: '/wps/test-peer/feedback',
  modId: 'FEEDBACK3',
  auth: 'none',
  response: z.object({ ok: z.boolean() }),
  summary: 'test peer',
});

/**
 * A test peer module: hands out the app's system service, answers the peer endpoint, and resolves
 * `member-<n>` tokens to a member of the request's merchant (the session module does this for real).
 */
export function systemTestPeer(out: { system?: SystemService }): ModuleRegister {
  return (ctx) => {
    out.system = systemServiceFor(ctx);
    // test tokens first; anything else goes to the real resolver of the session module
    const real = ctx.auth.member;
    ctx.auth.member = async (token, m, req) =>
      token.startsWith('member-')
        ? { kind: 'member', memberId: 1, merchantId: m.id, type: 0, username: 'player1', sessionId: 1 }
        : real?.(token, m, req);
    ctx.route(peerFeedbackEndpoint, () => ({ ok: true }));
  };
}
