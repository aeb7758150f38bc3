import { z } from 'zod';
import { defineEndpoint } from '@bp/contract';
import type { ModuleRegister } from '../../platform/module.js';
import { systemServiceFor } from './register.js';
import type { SystemService } from './system.service.js';

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
