import type { FastifyReply } from 'fastify';
import { withdrawAdminEndpoints as a, withdrawEndpoints as e } from '@bp/contract';
import type { ModuleContext } from '../../platform/module.js';
import type { ProofRow } from './withdraw.repo.js';
import type { WithdrawAdmin } from './withdraw.admin.js';
import type { ReceiptService } from './withdraw.receipt.js';
import type { WithdrawService } from './withdraw.service.js';

/** Three proof images of 5 MB travel base64 in one JSON body: the confirm call's own body limit. */
const CONFIRM_BODY_LIMIT = 22 * 1024 * 1024;

/** Image bytes with their stored (content-sniffed) type; never rendered as anything else. */
async function sendProof(reply: FastifyReply, p: ProofRow) {
  reply
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', 'inline')
    .type(p.content_type)
    .send(Buffer.from(p.data));
  // wait for the bytes to go out, so the route layer sees the reply sent and adds no envelope
  await reply;
  return '';
}

/** HTTP only: parse (the contract did), call the service, return. */
export function withdrawRoutes(
  ctx: ModuleContext,
  {
    withdraws,
    receipts,
    admin,
  }: { withdraws: WithdrawService; receipts: ReceiptService; admin: WithdrawAdmin },
) {
  const meta = (req: { ip: string; headers: Record<string, unknown> }) => ({
    ip: req.ip,
    userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : null,
  });

  ctx.route(e.settings, ({ actor, merchant }) => withdraws.settings(actor, merchant));
  ctx.route(e.bankAccounts, ({ actor, merchant }) => withdraws.bankAccounts(actor, merchant));
  ctx.route(e.addBankAccount, ({ actor, merchant, body }) => withdraws.addBankAccount(actor, merchant, body));
  ctx.route(e.removeBankAccount, ({ actor, params }) => withdraws.removeBankAccount(actor, params.id));
  ctx.route(e.withdraw, ({ actor, merchant, body, req }) =>
    withdraws.request(actor, merchant, body, meta(req)),
  );
  ctx.route(e.cancel, ({ actor, merchant, body }) => withdraws.cancel(actor, merchant, body.withdrawId));
  ctx.route(e.history, ({ actor, merchant, query }) => withdraws.history(actor, merchant, query));
  ctx.route(e.confirmationList, ({ actor, merchant }) => receipts.pending(actor, merchant));
  ctx.route(e.confirmAll, ({ actor }) => receipts.confirmAll(actor));
  ctx.route(e.proof, async ({ actor, merchant, params, reply }) =>
    sendProof(reply, await receipts.memberProof(actor, merchant, params.id)),
  );
  ctx.app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: CONFIRM_BODY_LIMIT },
      scope.getDefaultJsonParser('error', 'error'),
    );
    ctx.routeIn(scope)(e.confirm, ({ actor, merchant, body }) => receipts.confirm(actor, merchant, body));
  });

  const who = (c: { actor: Parameters<typeof admin.get>[0]; ip: string }) => ({ actor: c.actor, ip: c.ip });
  ctx.route(a.getSettings, ({ actor, merchant }) => admin.getSettings(actor, merchant));
  ctx.route(a.updateSettings, (c) => admin.updateSettings(who(c), c.merchant, c.body));
  ctx.route(a.list, ({ actor, merchant, query }) => admin.list(actor, merchant, query));
  ctx.route(a.get, ({ actor, merchant, params }) => admin.get(actor, merchant, params.id));
  ctx.route(a.approve, (c) => admin.approve(who(c), c.merchant, c.params.id, c.body.remark));
  ctx.route(a.reject, (c) => admin.reject(who(c), c.merchant, c.params.id, c.body.reason));
  ctx.route(a.resolve, (c) => admin.resolve(who(c), c.merchant, c.params.id, c.body));
  ctx.route(a.proof, async ({ actor, merchant, params, reply }) =>
    sendProof(reply, await admin.proof(actor, merchant, params.id)),
  );
}
