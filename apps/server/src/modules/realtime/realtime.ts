import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { MemberActor } from '../../platform/context.js';
import type { ModuleContext, ModuleRegister } from '../../platform/module.js';
import type { MerchantContext } from '../../platform/merchant.js';
import { REVOKED_BY_NEW_LOGIN } from '../session/index.js';

/**
 * `/wps/ws`: pushes a member's balance changes and notices to their open pages (DESIGN "Real time").
 *
 * Protocol (JSON text frames): the client sends `{"type":"auth","token":"<session token>"}` within
 * AUTH_TIMEOUT_MS; the server answers `{"type":"ready"}` or closes with 4401. Then the server pushes
 * `{"type":"wallet.changed"}` and `{"type":"notice","kind":...,"data":{...}}`; the client may send
 * `{"type":"ping"}` (answer `{"type":"pong"}`), which also re-checks the session. A session that ends
 * (logout, password change, block, a newer login replacing it: the `session.ended` event) has its
 * sockets closed with 4401 at once, without waiting for a ping. The token travels in a frame, not in
 * the URL, so it never lands in access logs. Browsers cannot set headers on a WebSocket: the merchant
 * comes from the host or `?merchant=<code>`.
 *
 * The events reach every instance through the event bus (bridged over Redis when REDIS_URL is set),
 * so a socket held by one instance hears a logout taken on another.
 */
export const AUTH_TIMEOUT_MS = 10_000;
export const CLOSE_UNAUTHORISED = 4401;

const ZClientFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(512) }),
  z.object({ type: z.literal('ping') }),
]);

interface Conn {
  socket: WebSocket;
  actor: MemberActor;
  token: string;
}

export const registerRealtime: ModuleRegister = async (ctx) => {
  // in a scope of its own: the plugin's hooks then run for /wps/ws only, not for every request
  await ctx.app.register(async (scope) => {
    await scope.register(websocket, { options: { maxPayload: 4096 } });
    registerChannel(ctx, scope);
  });
};

/** The close frame's reason: what the 401 envelope would say (a replaced session is `duplicateLogin`). */
const closeReason = (reason: string) =>
  reason === REVOKED_BY_NEW_LOGIN ? 'duplicateLogin' : 'login.not.session';

function registerChannel(ctx: ModuleContext, app: FastifyInstance) {
  const byMember = new Map<number, Set<Conn>>();

  const send = (socket: WebSocket, frame: unknown) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
  };
  const push = (merchantId: number, memberId: number, frame: unknown) => {
    for (const c of byMember.get(memberId) ?? []) {
      if (c.actor.merchantId === merchantId) send(c.socket, frame);
    }
  };
  ctx.events.on('wallet.changed', ({ merchantId, memberId }) =>
    push(merchantId, memberId, { type: 'wallet.changed' }),
  );
  ctx.events.on('member.notice', ({ merchantId, memberId, kind, data }) =>
    push(merchantId, memberId, { type: 'notice', kind, data }),
  );
  const forget = (c: Conn) => {
    const set = byMember.get(c.actor.memberId);
    set?.delete(c);
    if (set && set.size === 0) byMember.delete(c.actor.memberId);
  };
  ctx.events.on('session.ended', ({ merchantId, memberId, sessionIds, reason }) => {
    const ended = sessionIds && new Set(sessionIds);
    for (const c of [...(byMember.get(memberId) ?? [])]) {
      if (c.actor.merchantId !== merchantId || (ended && !ended.has(c.actor.sessionId))) continue;
      // dropped before closing: nothing more is pushed to it while the close handshake runs
      forget(c);
      c.socket.close(CLOSE_UNAUTHORISED, closeReason(reason));
    }
  });

  async function merchantOf(req: FastifyRequest): Promise<MerchantContext | undefined> {
    const q = (req.query as { merchant?: unknown }).merchant;
    const code = typeof q === 'string' && /^[A-Za-z0-9_-]{1,32}$/.test(q) ? q : undefined;
    const m = code ? await ctx.merchants.findByCode(code) : await ctx.merchants.findByHost(req.hostname);
    return m && m.active ? m : undefined;
  }

  app.get('/wps/ws', { websocket: true }, (socket, req) => {
    let conn: Conn | undefined;
    // looked up at once, awaited by the first frame: a failure (the database away) must not be left
    // as an unhandled rejection when no frame ever comes; the socket is then refused like a bad token
    const merchant = merchantOf(req).catch((err: unknown) => {
      req.log.warn({ err }, 'realtime: merchant not resolved');
      return undefined;
    });
    const timer = setTimeout(() => socket.close(CLOSE_UNAUTHORISED, 'auth timeout'), AUTH_TIMEOUT_MS);
    const refuse = () => socket.close(CLOSE_UNAUTHORISED, 'login.not.session');
    const resolve = async (token: string) => {
      const m = await merchant;
      return m && ctx.auth.member ? ctx.auth.member(token, m, req) : undefined;
    };

    socket.on('message', (raw: Buffer) => {
      let frame: z.infer<typeof ZClientFrame>;
      try {
        frame = ZClientFrame.parse(JSON.parse(raw.toString('utf8')));
      } catch {
        socket.close(1003, 'bad frame');
        return;
      }
      void (async () => {
        if (frame.type === 'auth') {
          if (conn) return;
          const actor = await resolve(frame.token);
          if (!actor) return refuse();
          clearTimeout(timer);
          conn = { socket, actor, token: frame.token };
          const set = byMember.get(actor.memberId) ?? new Set<Conn>();
          set.add(conn);
          byMember.set(actor.memberId, set);
          send(socket, { type: 'ready' });
        } else {
          if (!conn) return refuse();
          if (!(await resolve(conn.token))) return refuse();
          send(socket, { type: 'pong' });
        }
      })().catch((err: unknown) => {
        req.log.warn({ err }, 'realtime frame failed');
        socket.close(1011, 'error');
      });
    });
    socket.on('close', () => {
      clearTimeout(timer);
      if (conn) forget(conn);
    });
  });
}
