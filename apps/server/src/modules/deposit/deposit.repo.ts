import { sql, type SQL } from 'drizzle-orm';
import type { TDepositKind, TDepositStatus } from '@bp/contract';
import type { Executor } from '../../db/client.js';
import { rows } from '../../platform/sql.js';

export interface ChannelRow {
  id: number;
  merchant_id: number;
  kind: TDepositKind;
  name: string;
  bank_name: string | null;
  account_name: string | null;
  account_number: string | null;
  gateway_url: string | null;
  gateway_mch_id: string | null;
  gateway_secret: string | null;
  min_amount: bigint;
  max_amount: bigint;
  fee_fixed: bigint;
  fee_bps: number;
  enabled: boolean;
  sort_order: number;
}

export interface ChannelValues {
  kind: TDepositKind;
  name: string;
  bankName: string | null;
  accountName: string | null;
  accountNumber: string | null;
  gatewayUrl: string | null;
  gatewayMchId: string | null;
  gatewaySecret: string | null;
  minAmount: bigint;
  maxAmount: bigint;
  feeFixed: bigint;
  feeBps: number;
  enabled: boolean;
  sortOrder: number;
}

export interface OrderRow {
  id: bigint;
  merchant_id: number;
  member_id: number;
  channel_id: number;
  order_no: string;
  kind: TDepositKind;
  amount: bigint;
  fee: bigint;
  status: TDepositStatus;
  reference: string | null;
  pay_order_id: string | null;
  pay_url: string | null;
  entry_id: bigint | null;
  remark: string | null;
  reviewed_by_name: string | null;
  created_at: Date | string;
  finished_at: Date | string | null;
}

/** An order with what its views show: channel name, member, receipt presence. */
export interface OrderView extends OrderRow {
  channel_name: string;
  username: string;
  has_receipt: boolean;
}

export interface AdminOrderFilter {
  merchantId: number;
  status?: TDepositStatus;
  kind?: TDepositKind;
  channelId?: number;
  username?: string;
  orderNo?: string;
  from?: Date;
  to?: Date;
}

const big = (v: bigint) => sql`${v.toString()}::bigint`;

const VIEW = sql`select o.*, c.name as channel_name, m.username,
    exists (select 1 from deposit_receipt r where r.order_id = o.id) as has_receipt
  from deposit_order o join deposit_channel c on c.id = o.channel_id join member m on m.id = o.member_id`;

function adminWhere(f: AdminOrderFilter): SQL {
  const parts = [sql`o.merchant_id = ${f.merchantId}`];
  if (f.status) parts.push(sql`o.status = ${f.status}`);
  if (f.kind) parts.push(sql`o.kind = ${f.kind}`);
  if (f.channelId) parts.push(sql`o.channel_id = ${f.channelId}`);
  if (f.username) parts.push(sql`m.username_key = ${f.username.toLowerCase()}`);
  if (f.orderNo) parts.push(sql`o.order_no = ${f.orderNo}`);
  if (f.from) parts.push(sql`o.created_at >= ${f.from.toISOString()}::timestamptz`);
  if (f.to) parts.push(sql`o.created_at < ${f.to.toISOString()}::timestamptz`);
  return sql.join(parts, sql` and `);
}

/** SQL only; the deposit service owns rules and transactions. Every query is scoped by merchant. */
export const depositRepo = {
  async listChannels(ex: Executor, merchantId: number, enabledOnly: boolean): Promise<ChannelRow[]> {
    return rows<ChannelRow>(
      ex,
      sql`select * from deposit_channel where merchant_id = ${merchantId}
          ${enabledOnly ? sql`and enabled` : sql``} order by sort_order, id`,
    );
  },

  async findChannel(ex: Executor, merchantId: number, id: number): Promise<ChannelRow | undefined> {
    const [r] = await rows<ChannelRow>(
      ex,
      sql`select * from deposit_channel where merchant_id = ${merchantId} and id = ${id}`,
    );
    return r;
  },

  async insertChannel(ex: Executor, merchantId: number, v: ChannelValues): Promise<ChannelRow> {
    const [r] = await rows<ChannelRow>(
      ex,
      sql`insert into deposit_channel (merchant_id, kind, name, bank_name, account_name, account_number,
            gateway_url, gateway_mch_id, gateway_secret, min_amount, max_amount, fee_fixed, fee_bps,
            enabled, sort_order)
          values (${merchantId}, ${v.kind}, ${v.name}, ${v.bankName}, ${v.accountName}, ${v.accountNumber},
            ${v.gatewayUrl}, ${v.gatewayMchId}, ${v.gatewaySecret}, ${big(v.minAmount)}, ${big(v.maxAmount)},
            ${big(v.feeFixed)}, ${v.feeBps}, ${v.enabled}, ${v.sortOrder})
          returning *`,
    );
    return r!;
  },

  async updateChannel(ex: Executor, merchantId: number, id: number, v: ChannelValues): Promise<ChannelRow> {
    const [r] = await rows<ChannelRow>(
      ex,
      sql`update deposit_channel set kind = ${v.kind}, name = ${v.name}, bank_name = ${v.bankName},
            account_name = ${v.accountName}, account_number = ${v.accountNumber}, gateway_url = ${v.gatewayUrl},
            gateway_mch_id = ${v.gatewayMchId}, gateway_secret = ${v.gatewaySecret},
            min_amount = ${big(v.minAmount)}, max_amount = ${big(v.maxAmount)}, fee_fixed = ${big(v.feeFixed)},
            fee_bps = ${v.feeBps}, enabled = ${v.enabled}, sort_order = ${v.sortOrder}, updated_at = now()
          where merchant_id = ${merchantId} and id = ${id}
          returning *`,
    );
    return r!;
  },

  /** Secret of an online channel by gateway merchant id (the built-in test gateway's lookup). */
  async gatewaySecret(ex: Executor, mchId: string): Promise<string | undefined> {
    const [r] = await rows<{ gateway_secret: string }>(
      ex,
      sql`select gateway_secret from deposit_channel where kind = 'online' and gateway_mch_id = ${mchId}
          order by enabled desc, id limit 1`,
    );
    return r?.gateway_secret;
  },

  async successCount(ex: Executor, memberId: number): Promise<number> {
    const [r] = await rows<{ n: number }>(
      ex,
      sql`select count(*)::int as n from deposit_order where member_id = ${memberId} and status = 'SUCCESS'`,
    );
    return r?.n ?? 0;
  },

  async insertOrder(
    ex: Executor,
    o: {
      merchantId: number;
      memberId: number;
      channelId: number;
      orderNo: string;
      kind: TDepositKind;
      amount: bigint;
      fee: bigint;
      reference: string | null;
    },
  ): Promise<bigint> {
    const [r] = await rows<{ id: bigint }>(
      ex,
      sql`insert into deposit_order (merchant_id, member_id, channel_id, order_no, kind, amount, fee, reference)
          values (${o.merchantId}, ${o.memberId}, ${o.channelId}, ${o.orderNo}, ${o.kind}, ${big(o.amount)},
                  ${big(o.fee)}, ${o.reference})
          returning id`,
    );
    return BigInt(r!.id);
  },

  async insertReceipt(ex: Executor, orderId: bigint, contentType: string, data: Buffer) {
    await ex.execute(
      sql`insert into deposit_receipt (order_id, content_type, data)
          values (${big(orderId)}, ${contentType}, decode(${data.toString('base64')}, 'base64'))`,
    );
  },

  async receipt(
    ex: Executor,
    merchantId: number,
    orderNo: string,
  ): Promise<{ content_type: 'image/png' | 'image/jpeg'; data: string } | undefined> {
    const [r] = await rows<{ content_type: 'image/png' | 'image/jpeg'; data: string }>(
      ex,
      sql`select r.content_type, encode(r.data, 'base64') as data
          from deposit_receipt r join deposit_order o on o.id = r.order_id
          where o.merchant_id = ${merchantId} and o.order_no = ${orderNo}`,
    );
    return r;
  },

  async setPayInfo(ex: Executor, id: bigint, payOrderId: string, payUrl: string | null) {
    await ex.execute(
      sql`update deposit_order set pay_order_id = ${payOrderId}, pay_url = coalesce(${payUrl}, pay_url)
          where id = ${big(id)}`,
    );
  },

  async findOrder(ex: Executor, merchantId: number, orderNo: string): Promise<OrderView | undefined> {
    const [r] = await rows<OrderView>(
      ex,
      sql`${VIEW} where o.merchant_id = ${merchantId} and o.order_no = ${orderNo}`,
    );
    return r;
  },

  /** Locks the order row: every status change happens under this lock, so exactly one outcome wins. */
  async lockOrder(ex: Executor, merchantId: number, orderNo: string): Promise<OrderRow | undefined> {
    const [r] = await rows<OrderRow>(
      ex,
      sql`select * from deposit_order where merchant_id = ${merchantId} and order_no = ${orderNo} for update`,
    );
    return r;
  },

  async finishOrder(
    ex: Executor,
    id: bigint,
    f: {
      status: Exclude<TDepositStatus, 'PENDING'>;
      entryId?: bigint | null;
      remark?: string | null;
      reviewedBy?: number | null;
      reviewedByName?: string | null;
    },
  ) {
    await ex.execute(
      sql`update deposit_order set status = ${f.status},
            entry_id = ${f.entryId === undefined || f.entryId === null ? null : big(f.entryId)},
            remark = ${f.remark ?? null}, reviewed_by = ${f.reviewedBy ?? null},
            reviewed_by_name = ${f.reviewedByName ?? null}, finished_at = now()
          where id = ${big(id)} and status = 'PENDING'`,
    );
  },

  /** PENDING online orders created in [from, to), oldest first: what reconciliation asks the gateway about. */
  async pendingOnline(ex: Executor, from: Date, to: Date, limit: number): Promise<OrderRow[]> {
    return rows<OrderRow>(
      ex,
      sql`select * from deposit_order where status = 'PENDING' and kind = 'online'
            and created_at >= ${from.toISOString()}::timestamptz and created_at < ${to.toISOString()}::timestamptz
          order by created_at, id limit ${limit}`,
    );
  },

  async memberOrders(
    ex: Executor,
    memberId: number,
    status: TDepositStatus | undefined,
    limit: number,
    offset: number,
  ): Promise<{ list: OrderView[]; total: number }> {
    const where = sql`o.member_id = ${memberId} ${status ? sql`and o.status = ${status}` : sql``}`;
    const [c] = await rows<{ n: number }>(
      ex,
      sql`select count(*)::int as n from deposit_order o where ${where}`,
    );
    const list = await rows<OrderView>(
      ex,
      sql`${VIEW} where ${where} order by o.created_at desc, o.id desc limit ${limit} offset ${offset}`,
    );
    return { list, total: c?.n ?? 0 };
  },

  async adminOrders(
    ex: Executor,
    f: AdminOrderFilter,
    limit: number,
    offset: number,
  ): Promise<{ list: OrderView[]; total: number }> {
    const where = adminWhere(f);
    const [c] = await rows<{ n: number }>(
      ex,
      sql`select count(*)::int as n from deposit_order o join member m on m.id = o.member_id where ${where}`,
    );
    const list = await rows<OrderView>(
      ex,
      sql`${VIEW} where ${where} order by o.created_at desc, o.id desc limit ${limit} offset ${offset}`,
    );
    return { list, total: c?.n ?? 0 };
  },
};
