import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rows } from '../../platform/sql.js';
import type { ClaimFingerprint } from './abuse.rules.js';

/** What the abuse rules read about a claimant: its registration and the session it claims from. */
export interface ClaimantFacts {
  registeredIp: string | null;
  /** the device id of the member's first session with one (registration's own login) */
  firstDeviceId: string | null;
  /** the session the claim comes from (none: the member's latest) */
  sessionIp: string | null;
  sessionDeviceId: string | null;
  sessionUserAgent: string | null;
}

/** Claim fingerprints of one-per-IP / one-per-device promotions (promotion_claim_key, migration 0091). */
export const abuseRepo = {
  async facts(
    ex: Executor,
    merchantId: number,
    memberId: number,
    sessionId: number | null,
  ): Promise<ClaimantFacts> {
    const [r] = await rows<Record<string, string | null>>(
      ex,
      sql`select m.registered_ip,
            (select f.device_id from member_session f where f.member_id = m.id and f.device_id is not null
              order by f.id limit 1) as first_device_id,
            s.ip as session_ip, s.device_id as session_device_id, s.user_agent as session_user_agent
          from member m
          left join lateral (select ip, device_id, user_agent from member_session s
            where s.member_id = m.id and (${sessionId}::bigint is null or s.id = ${sessionId}::bigint)
            order by s.id desc limit 1) s on true
          where m.id = ${memberId} and m.merchant_id = ${merchantId}`,
    );
    return {
      registeredIp: r?.registered_ip ?? null,
      firstDeviceId: r?.first_device_id ?? null,
      sessionIp: r?.session_ip ?? null,
      sessionDeviceId: r?.session_device_id ?? null,
      sessionUserAgent: r?.session_user_agent ?? null,
    };
  },

  /**
   * Takes the fingerprints for `memberId`'s claim of the promotion, in the caller's transaction and in
   * the given order. A fingerprint another member holds refuses the claim: answers its kind, having
   * given back the ones this call took. A fingerprint being taken by a concurrent transaction makes
   * the insert wait for it (the primary key), so two accounts on one device never both pass.
   */
  async take(
    tx: Executor,
    merchantId: number,
    promotionId: number,
    memberId: number,
    keys: ClaimFingerprint[],
  ): Promise<ClaimFingerprint['kind'] | null> {
    const taken: ClaimFingerprint[] = [];
    for (const k of keys) {
      const [mine] = await rows<{ member_id: number }>(
        tx,
        sql`insert into promotion_claim_key (promotion_id, merchant_id, kind, value, member_id)
            values (${promotionId}, ${merchantId}, ${k.kind}, ${k.value}, ${memberId})
            on conflict (promotion_id, kind, value) do nothing
            returning member_id`,
      );
      if (mine) {
        taken.push(k);
        continue;
      }
      const [holder] = await rows<{ member_id: number }>(
        tx,
        sql`select member_id from promotion_claim_key
            where promotion_id = ${promotionId} and kind = ${k.kind} and value = ${k.value}`,
      );
      if (holder && Number(holder.member_id) !== memberId) {
        for (const t of taken) {
          await rows(
            tx,
            sql`delete from promotion_claim_key where promotion_id = ${promotionId} and kind = ${t.kind}
                and value = ${t.value} and member_id = ${memberId}`,
          );
        }
        return k.kind;
      }
    }
    return null;
  },
};
