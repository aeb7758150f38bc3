import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rows } from '../../platform/sql.js';

export interface MerchantVendorRow {
  merchant_id: number;
  vendor_code: string;
  display_name: string;
  wallet_mode: 'seamless' | 'transfer';
  api_secret: string;
  error_codes: Record<string, string>;
  enabled: boolean;
  sort_order: number;
}

export const walletRepo = {
  /** The operator's explicit choice, if any (otherwise: single unless a transfer vendor exists). */
  async isSingle(db: Executor, merchantId: number): Promise<boolean | undefined> {
    const [r] = await rows<{ is_single: boolean }>(
      db,
      sql`select is_single from merchant_wallet_setting where merchant_id = ${merchantId}`,
    );
    return r?.is_single;
  },

  vendors(db: Executor, merchantId: number) {
    return rows<MerchantVendorRow>(
      db,
      sql`select * from merchant_vendor where merchant_id = ${merchantId} order by sort_order, vendor_code`,
    );
  },

  async vendor(db: Executor, merchantId: number, vendorCode: string) {
    const [r] = await rows<MerchantVendorRow>(
      db,
      sql`select * from merchant_vendor where merchant_id = ${merchantId} and vendor_code = ${vendorCode}`,
    );
    return r;
  },
};
