import { parseAmount } from './money.js';

export type OrderStatus = 'PENDING' | 'SUCCESS' | 'FAILED';

export interface NotifyAttempt {
  at: string;
  ok: boolean;
  /** `success`, `HTTP 500: <body start>`, `timeout`, `network error: ...` */
  result: string;
}

export interface Order {
  payOrderId: string;
  mchId: string;
  orderNo: string;
  /** Canonical decimal string, two decimals ("100.00"). */
  amount: string;
  amountMinor: number;
  currency: string;
  subject: string | null;
  notifyUrl: string;
  returnUrl: string;
  status: OrderStatus;
  createdAt: string;
  /** When the payer paid or declined (set for FAILED too); null while PENDING. */
  paidAt: string | null;
  notify: {
    attempts: number;
    lastResult: string | null;
    delivered: boolean;
    log: NotifyAttempt[];
  };
}

export interface OrderInput {
  mchId: string;
  orderNo: string;
  amountMinor: number;
  currency: string;
  notifyUrl: string;
  returnUrl: string;
  subject: string | null;
}

const ORDER_NO_RE = /^[A-Za-z0-9_.:-]{1,64}$/;
const CURRENCY_RE = /^[A-Z]{3}$/;

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 2048) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Validates a create-order body (mchId already checked); lists every invalid field at once. */
export function parseOrderInput(
  body: Record<string, unknown>,
): { ok: true; input: OrderInput } | { ok: false; fields: string[] } {
  const fields: string[] = [];
  const { mchId, orderNo, amount, currency, notifyUrl, returnUrl, subject } = body;
  if (typeof orderNo !== 'string' || !ORDER_NO_RE.test(orderNo)) fields.push('orderNo');
  const amountMinor = parseAmount(amount);
  if (amountMinor === undefined) fields.push('amount');
  if (typeof currency !== 'string' || !CURRENCY_RE.test(currency)) fields.push('currency');
  if (!isHttpUrl(notifyUrl)) fields.push('notifyUrl');
  if (!isHttpUrl(returnUrl)) fields.push('returnUrl');
  if (subject !== undefined && subject !== null && (typeof subject !== 'string' || subject.length > 128)) {
    fields.push('subject');
  }
  if (fields.length > 0) return { ok: false, fields };
  return {
    ok: true,
    input: {
      mchId: mchId as string,
      orderNo: orderNo as string,
      amountMinor: amountMinor as number,
      currency: currency as string,
      notifyUrl: notifyUrl as string,
      returnUrl: returnUrl as string,
      subject: typeof subject === 'string' ? subject : null,
    },
  };
}

/** returnUrl with `orderNo` and `status` appended, where the payer is sent after the page. */
export function returnUrlOf(order: Order): string {
  const url = new URL(order.returnUrl);
  url.searchParams.set('orderNo', order.orderNo);
  url.searchParams.set('status', order.status);
  return url.toString();
}
