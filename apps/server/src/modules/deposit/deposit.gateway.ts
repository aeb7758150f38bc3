import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Client of a payment gateway speaking the test gateway's protocol (apps/test-gateway/README.md):
 * signed JSON order creation, HMAC-SHA256 over the exact bytes sent.
 */
export const GATEWAY_SIGNATURE_HEADER = 'x-signature';
const TIMEOUT_MS = 10_000;

export const signGateway = (secret: string, body: Buffer | string) =>
  createHmac('sha256', secret).update(body).digest('hex');

/** Lowercase hex only, constant-time compare (the gateway's own rule). */
export function gatewaySignatureValid(secret: string, raw: Buffer, header: unknown): boolean {
  if (typeof header !== 'string' || !/^[0-9a-f]{64}$/.test(header)) return false;
  return timingSafeEqual(Buffer.from(signGateway(secret, raw), 'hex'), Buffer.from(header, 'hex'));
}

export interface GatewayOrderInput {
  mchId: string;
  orderNo: string;
  /** canonical decimal text, e.g. "100.00" */
  amount: string;
  currency: string;
  notifyUrl: string;
  returnUrl: string;
  subject?: string;
}

export type GatewayCreateResult =
  | { ok: true; payOrderId: string; payUrl: string }
  /** definitive: the gateway refused the order (it does not exist there) */
  | { ok: false; definitive: true; reason: string }
  /** unknown outcome (network error, timeout, 5xx): the order may exist at the gateway */
  | { ok: false; definitive: false; reason: string };

export async function createGatewayOrder(
  baseUrl: string,
  secret: string,
  order: GatewayOrderInput,
): Promise<GatewayCreateResult> {
  // These bytes are what is signed and what is sent: never re-serialised in between.
  const body = JSON.stringify(order);
  let res: Response;
  try {
    res = await fetch(`${baseUrl.replace(/\/+$/, '')}/api/pay/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [GATEWAY_SIGNATURE_HEADER]: signGateway(secret, body) },
      body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    return { ok: false, definitive: false, reason: `network: ${(err as Error).message}` };
  }
  const text = await res.text().catch(() => '');
  let json: { code?: unknown; msg?: unknown; data?: { payOrderId?: unknown; payUrl?: unknown } } = {};
  try {
    json = JSON.parse(text) as typeof json;
  } catch {
    /* not JSON: handled below */
  }
  if (
    res.ok &&
    json.code === 0 &&
    typeof json.data?.payOrderId === 'string' &&
    typeof json.data.payUrl === 'string'
  ) {
    return { ok: true, payOrderId: json.data.payOrderId, payUrl: json.data.payUrl };
  }
  const reason = `HTTP ${res.status}: ${typeof json.msg === 'string' ? json.msg : text.slice(0, 200)}`;
  return res.status >= 400 && res.status < 500 && typeof json.code === 'number'
    ? { ok: false, definitive: true, reason }
    : { ok: false, definitive: false, reason };
}

export type GatewayQueryResult =
  | { found: true; status: string; amount: string; currency: string; payOrderId: string }
  | { found: false }
  /** unreachable or an unexpected answer: try again later */
  | undefined;

/** Status query (reconciliation): signed over `${mchId}|${orderNo}`. */
export async function queryGatewayOrder(
  baseUrl: string,
  secret: string,
  mchId: string,
  orderNo: string,
): Promise<GatewayQueryResult> {
  const url = `${baseUrl.replace(/\/+$/, '')}/api/pay/orders/${encodeURIComponent(orderNo)}?mchId=${encodeURIComponent(mchId)}`;
  try {
    const res = await fetch(url, {
      headers: { [GATEWAY_SIGNATURE_HEADER]: signGateway(secret, `${mchId}|${orderNo}`) },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const json = (await res.json()) as {
      code?: unknown;
      data?: { status?: unknown; amount?: unknown; currency?: unknown; payOrderId?: unknown };
    };
    if (res.status === 404 && json.code === 1005) return { found: false };
    const d = json.data;
    if (
      !res.ok ||
      json.code !== 0 ||
      typeof d?.status !== 'string' ||
      typeof d.amount !== 'string' ||
      typeof d.currency !== 'string' ||
      typeof d.payOrderId !== 'string'
    ) {
      return undefined;
    }
    return {
      found: true,
      status: d.status,
      amount: d.amount,
      currency: d.currency,
      payOrderId: d.payOrderId,
    };
  } catch {
    return undefined;
  }
}
