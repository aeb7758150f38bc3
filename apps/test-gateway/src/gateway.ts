import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyReply } from 'fastify';
import { formatAmount } from './money.js';
import { postNotification } from './notify-client.js';
import { parseOrderInput, returnUrlOf, type Order } from './order.js';
import { renderMessagePage, renderPayPage } from './pay-page.js';
import { sign, verifySignature } from './signature.js';

export type MerchantSecrets =
  Record<string, string> | ((mchId: string) => string | undefined | Promise<string | undefined>);

export interface TestGatewayOptions {
  /** mchId -> HMAC secret, or a lookup. */
  merchants: MerchantSecrets;
  /** Origin used in payUrl (e.g. when behind a proxy); defaults to the listening URL. */
  publicUrl?: string;
  /** Notification attempts in total, the first included. Default 6. */
  notifyRetries?: number;
  /** Wait before the second attempt; doubles after each failure. Default 1000. */
  retryBaseMs?: number;
  /** Per-attempt timeout of a notification. Default 5000. */
  notifyTimeoutMs?: number;
  /** pino request logs on stdout. Default false. */
  log?: boolean;
}

export interface TestGateway {
  listen(port: number, host?: string): Promise<{ url: string }>;
  close(): Promise<void>;
  /** The listening URL ("" before listen). */
  readonly url: string;
  /** Snapshots (copies) of every order, oldest first. */
  orders(): Order[];
}

/** Error codes of the gateway's JSON API, answered as `{code, msg}`. */
export const GatewayError = {
  BAD_SIGNATURE: 1001,
  UNKNOWN_MERCHANT: 1002,
  INVALID_PARAMS: 1003,
  DUPLICATE_ORDER: 1004,
  ORDER_NOT_FOUND: 1005,
  ORDER_NOT_FINISHED: 1006,
  INTERNAL: 1099,
} as const;

const HTML_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  // No form-action: Chrome applies it to the redirect after the form, which leaves for returnUrl.
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'",
  'x-content-type-options': 'nosniff',
};

function fail(reply: FastifyReply, http: number, code: number, msg: string, extra?: object) {
  return reply.code(http).send({ code, msg, ...extra });
}

function parseJsonObject(raw: Buffer | undefined): Record<string, unknown> | undefined {
  if (!raw || raw.length === 0) return undefined;
  try {
    const v: unknown = JSON.parse(raw.toString('utf8'));
    return v !== null && typeof v === 'object' && !Array.isArray(v)
      ? (v as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function newPayOrderId(): string {
  return `TP${Date.now().toString(36).toUpperCase()}${randomBytes(8).toString('hex').toUpperCase()}`;
}

export function createTestGateway(opts: TestGatewayOptions): TestGateway {
  const notifyRetries = Math.max(1, opts.notifyRetries ?? 6);
  const retryBaseMs = opts.retryBaseMs ?? 1000;
  const notifyTimeoutMs = opts.notifyTimeoutMs ?? 5000;
  const publicUrl = opts.publicUrl?.replace(/\/+$/, '');

  const byPayOrderId = new Map<string, Order>();
  const byMerchantOrderNo = new Map<string, Order>();
  // A renotify starts a new delivery run; older runs see a newer generation and stop.
  const deliveryGeneration = new Map<string, number>();
  const retryTimers = new Set<NodeJS.Timeout>();
  const shutdown = new AbortController();
  let listeningUrl = '';

  const lookupSecret = async (mchId: string): Promise<string | undefined> => {
    const m = opts.merchants;
    if (typeof m === 'function') return m(mchId);
    return Object.hasOwn(m, mchId) ? m[mchId] : undefined;
  };

  const app = Fastify({
    logger: opts.log ? { level: 'info' } : false,
    bodyLimit: 64 * 1024,
  });

  // Signatures cover the raw bytes, so every body stays a Buffer and routes parse it themselves.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  app.setErrorHandler((err: { statusCode?: number; message: string }, _req, reply) => {
    const status = err.statusCode ?? 500;
    if (status < 500) return fail(reply, status, GatewayError.INVALID_PARAMS, err.message);
    app.log.error(err);
    return fail(reply, 500, GatewayError.INTERNAL, 'internal error');
  });
  app.setNotFoundHandler((_req, reply) => fail(reply, 404, GatewayError.ORDER_NOT_FOUND, 'not found'));

  const notificationBody = (o: Order) =>
    JSON.stringify({
      mchId: o.mchId,
      orderNo: o.orderNo,
      payOrderId: o.payOrderId,
      amount: o.amount,
      currency: o.currency,
      status: o.status,
      paidAt: o.paidAt,
    });

  /** Runs one delivery: the first attempt now, retries in the background; resolves after the first. */
  const startDelivery = (order: Order): Promise<void> => {
    const id = order.payOrderId;
    const generation = (deliveryGeneration.get(id) ?? 0) + 1;
    deliveryGeneration.set(id, generation);
    const body = notificationBody(order);
    const current = () => !shutdown.signal.aborted && deliveryGeneration.get(id) === generation;
    let tries = 0;

    const attempt = async (): Promise<void> => {
      if (!current()) return;
      tries += 1;
      const secret = await lookupSecret(order.mchId).catch(() => undefined);
      const outcome = secret
        ? await postNotification(order.notifyUrl, body, sign(secret, body), notifyTimeoutMs, shutdown.signal)
        : { ok: false, result: 'merchant secret unavailable' };
      if (shutdown.signal.aborted) return;
      order.notify.attempts += 1;
      order.notify.lastResult = outcome.result;
      order.notify.log.push({ at: new Date().toISOString(), ok: outcome.ok, result: outcome.result });
      if (outcome.ok) order.notify.delivered = true;
      app.log.info({ payOrderId: id, attempt: tries, result: outcome.result }, 'notification attempt');
      if (outcome.ok || tries >= notifyRetries || !current()) return;
      const timer = setTimeout(
        () => {
          retryTimers.delete(timer);
          void attempt();
        },
        retryBaseMs * 2 ** (tries - 1),
      );
      retryTimers.add(timer);
    };
    return attempt();
  };

  app.get('/healthz', async () => ({ status: 'ok' }));

  app.post<{ Body: Buffer | undefined }>('/api/pay/orders', async (req, reply) => {
    const raw = req.body ?? Buffer.alloc(0);
    const body = parseJsonObject(raw);
    if (!body)
      return fail(reply, 400, GatewayError.INVALID_PARAMS, 'invalid params: body must be a JSON object');
    const { mchId } = body;
    if (typeof mchId !== 'string' || mchId === '') {
      return fail(reply, 400, GatewayError.INVALID_PARAMS, 'invalid params: mchId', { fields: ['mchId'] });
    }
    const secret = await lookupSecret(mchId);
    if (!secret) return fail(reply, 401, GatewayError.UNKNOWN_MERCHANT, 'unknown mchId');
    if (!verifySignature(secret, raw, req.headers['x-signature'])) {
      return fail(reply, 401, GatewayError.BAD_SIGNATURE, 'bad signature');
    }
    const parsed = parseOrderInput(body);
    if (!parsed.ok) {
      return fail(reply, 400, GatewayError.INVALID_PARAMS, `invalid params: ${parsed.fields.join(', ')}`, {
        fields: parsed.fields,
      });
    }
    const input = parsed.input;
    // No await between this lookup and the insert below: concurrent duplicates cannot both insert.
    const key = `${input.mchId}\u0000${input.orderNo}`;
    let order = byMerchantOrderNo.get(key);
    if (order && order.amountMinor !== input.amountMinor) {
      return fail(
        reply,
        400,
        GatewayError.DUPLICATE_ORDER,
        `duplicate orderNo with a different amount (existing ${order.amount})`,
      );
    }
    if (!order) {
      order = {
        payOrderId: newPayOrderId(),
        mchId: input.mchId,
        orderNo: input.orderNo,
        amount: formatAmount(input.amountMinor),
        amountMinor: input.amountMinor,
        currency: input.currency,
        subject: input.subject,
        notifyUrl: input.notifyUrl,
        returnUrl: input.returnUrl,
        status: 'PENDING',
        createdAt: new Date().toISOString(),
        paidAt: null,
        notify: { attempts: 0, lastResult: null, delivered: false, log: [] },
      };
      byMerchantOrderNo.set(key, order);
      byPayOrderId.set(order.payOrderId, order);
    }
    const origin = publicUrl ?? listeningUrl;
    return {
      code: 0,
      data: {
        payOrderId: order.payOrderId,
        payUrl: `${origin}/pay/${encodeURIComponent(order.payOrderId)}`,
        status: order.status,
      },
    };
  });

  app.get<{ Params: { orderNo: string }; Querystring: { mchId?: unknown } }>(
    '/api/pay/orders/:orderNo',
    async (req, reply) => {
      const { orderNo } = req.params;
      const { mchId } = req.query;
      if (typeof mchId !== 'string' || mchId === '') {
        return fail(reply, 400, GatewayError.INVALID_PARAMS, 'invalid params: mchId', { fields: ['mchId'] });
      }
      const secret = await lookupSecret(mchId);
      if (!secret) return fail(reply, 401, GatewayError.UNKNOWN_MERCHANT, 'unknown mchId');
      if (!verifySignature(secret, `${mchId}|${orderNo}`, req.headers['x-signature'])) {
        return fail(reply, 401, GatewayError.BAD_SIGNATURE, 'bad signature');
      }
      const order = byMerchantOrderNo.get(`${mchId}\u0000${orderNo}`);
      if (!order) return fail(reply, 404, GatewayError.ORDER_NOT_FOUND, 'order not found');
      return {
        code: 0,
        data: {
          orderNo: order.orderNo,
          payOrderId: order.payOrderId,
          amount: order.amount,
          currency: order.currency,
          status: order.status,
          notifyAttempts: order.notify.attempts,
        },
      };
    },
  );

  app.post<{ Params: { payOrderId: string }; Body: Buffer | undefined }>(
    '/api/pay/orders/:payOrderId/renotify',
    async (req, reply) => {
      const order = byPayOrderId.get(req.params.payOrderId);
      if (!order) return fail(reply, 404, GatewayError.ORDER_NOT_FOUND, 'order not found');
      const secret = await lookupSecret(order.mchId);
      if (!secret) return fail(reply, 401, GatewayError.UNKNOWN_MERCHANT, 'unknown mchId');
      if (!verifySignature(secret, req.body ?? Buffer.alloc(0), req.headers['x-signature'])) {
        return fail(reply, 401, GatewayError.BAD_SIGNATURE, 'bad signature');
      }
      if (order.status === 'PENDING') {
        return fail(reply, 400, GatewayError.ORDER_NOT_FINISHED, 'order is still PENDING: nothing to notify');
      }
      await startDelivery(order);
      return {
        code: 0,
        data: {
          payOrderId: order.payOrderId,
          status: order.status,
          notifyAttempts: order.notify.attempts,
          delivered: order.notify.delivered,
          lastResult: order.notify.lastResult,
        },
      };
    },
  );

  app.get<{ Params: { payOrderId: string } }>('/pay/:payOrderId', async (req, reply) => {
    const order = byPayOrderId.get(req.params.payOrderId);
    reply.headers(HTML_HEADERS);
    if (!order) return reply.code(404).send(renderMessagePage('Order not found', 'Unknown payment id.'));
    return reply.send(renderPayPage(order));
  });

  app.post<{ Params: { payOrderId: string }; Body: Buffer | undefined }>(
    '/pay/:payOrderId/confirm',
    async (req, reply) => {
      const order = byPayOrderId.get(req.params.payOrderId);
      if (!order) {
        return reply
          .code(404)
          .headers(HTML_HEADERS)
          .send(renderMessagePage('Order not found', 'Unknown payment id.'));
      }
      const action = new URLSearchParams(req.body?.toString('utf8') ?? '').get('action');
      if (action !== 'pay' && action !== 'decline') {
        return reply
          .code(400)
          .headers(HTML_HEADERS)
          .send(renderMessagePage('Invalid request', 'action must be pay or decline.'));
      }
      // An order finishes once: a second confirm (double click, back button) only redirects again.
      if (order.status === 'PENDING') {
        order.status = action === 'pay' ? 'SUCCESS' : 'FAILED';
        order.paidAt = new Date().toISOString();
        startDelivery(order).catch((err: unknown) => app.log.error({ err }, 'notification failed'));
      }
      return reply.redirect(returnUrlOf(order), 303);
    },
  );

  return {
    async listen(port, host = '127.0.0.1') {
      await app.listen({ port, host });
      const address = app.server.address();
      const actualPort = typeof address === 'object' && address ? address.port : port;
      const shownHost =
        host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
      listeningUrl = `http://${shownHost}:${actualPort}`;
      return { url: listeningUrl };
    },
    async close() {
      shutdown.abort();
      for (const t of retryTimers) clearTimeout(t);
      retryTimers.clear();
      await app.close();
    },
    get url() {
      return listeningUrl;
    },
    orders() {
      return [...byPayOrderId.values()].map((o) => structuredClone(o));
    },
  };
}
