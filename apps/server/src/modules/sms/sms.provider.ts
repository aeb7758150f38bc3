import type { TSmsPurpose } from '@bp/contract';
import type { Db } from '../../db/client.js';
import { smsRepo } from './sms.repo.js';

export interface SmsMessage {
  merchantId: number;
  /** national number (no trunk prefix) and its country code */
  mobile: string;
  countryDialingCode: string;
  text: string;
  purpose: TSmsPurpose;
  createdAt: Date;
}

/** A gateway that delivers one text message; throws when it cannot. */
export interface SmsProvider {
  readonly name: string;
  send(msg: SmsMessage): Promise<{ providerId: string }>;
}

/**
 * The built-in provider: "delivers" by writing to the sms_outbox table, which operators (and the
 * end-to-end tests) read through GET /admin/api/sms-outbox. A real gateway implements the same interface.
 */
export function createOutboxProvider(db: Db): SmsProvider {
  return {
    name: 'outbox',
    async send(msg) {
      const id = await smsRepo.insertOutbox(db, msg);
      return { providerId: `outbox:${id}` };
    },
  };
}
