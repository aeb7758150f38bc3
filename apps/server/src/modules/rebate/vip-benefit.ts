import { sql } from 'drizzle-orm';
import { fromMinor, REBATE_ENTRY_TYPES } from '@bp/contract';
import type { Db } from '../../db/client.js';
import { afterCommit } from '../../db/after-commit.js';
import { rows } from '../../platform/sql.js';
import type { LedgerService } from '../ledger/index.js';
import type { MessageService } from '../message/index.js';
import { merchantTimeZone } from '../team-figure/index.js';
import { localDate } from './rebate.run.js';

interface Due {
  merchantId: number;
  decimals: number;
  memberId: number;
  level: number;
  name: string;
  amount: string;
  occasion: number;
}

/**
 * Pays the VIP benefits that are due (issue 16): the upgrade bonus of every level a member reached
 * (`vip_upgrade` rows: a jump over several levels pays each level's bonus), once per member and level;
 * the birthday bonus of the level held, on the member's birthday (merchant time; 29 February is
 * celebrated on the 28th in other years), once per member and year. Each is one transaction: the
 * `vip_benefit_paid` row (unique per member, kind and occasion), the ledger entry keyed by it (house
 * bonus -> MAIN, cash) and a `vip_bonus_paid` notice. Any number of runs, at once or again, pay
 * nobody twice.
 */
export function createVipBenefits(deps: { db: Db; ledger: LedgerService; messages: MessageService }) {
  const { db, ledger, messages } = deps;

  async function pay(kind: 'upgrade' | 'birthday', d: Due): Promise<boolean> {
    return ledger.transaction(async (tx) => {
      const [row] = await rows<{ id: string }>(
        tx,
        sql`insert into vip_benefit_paid (merchant_id, member_id, kind, occasion, level, amount)
            values (${d.merchantId}, ${d.memberId}, ${kind}, ${d.occasion}, ${d.level}, ${d.amount}::bigint)
            on conflict (member_id, kind, occasion) do nothing returning id::text`,
      );
      if (!row) return false;
      const amount = BigInt(d.amount);
      const posted = await ledger.post(tx, {
        merchantId: d.merchantId,
        key: `vip_${kind}:${d.memberId}:${d.occasion}`,
        type: kind === 'upgrade' ? REBATE_ENTRY_TYPES.vipUpgrade : REBATE_ENTRY_TYPES.vipBirthday,
        memberId: d.memberId,
        refType: 'vip_benefit_paid',
        refId: row.id,
        memo: { remark: kind === 'upgrade' ? `${d.name} upgrade bonus` : `${d.name} birthday bonus` },
        lines: [
          { account: { house: 'bonus', spread: d.memberId }, amount: -amount },
          { account: { memberId: d.memberId, code: 'main' }, amount },
        ],
      });
      await tx.execute(
        sql`update vip_benefit_paid set entry_id = ${posted.entryId.toString()}::bigint where id = ${row.id}::bigint`,
      );
      const announce = await messages.notify(tx, {
        merchantId: d.merchantId,
        memberId: d.memberId,
        kind: 'vip_bonus_paid',
        data: { bonus: kind, amount: fromMinor(amount, Number(d.decimals)), level: d.level, name: d.name },
      });
      afterCommit(tx, announce);
      return true;
    });
  }

  async function payUpgrades(merchantId?: number): Promise<number> {
    const due = await rows<Due>(
      db,
      sql`select u.merchant_id as "merchantId", mc.currency_decimals as decimals, u.member_id as "memberId", l.level, l.name,
            l.upgrade_bonus::text as amount, l.level as occasion
          from vip_upgrade u
          join merchant mc on mc.id = u.merchant_id
          join vip_level l on l.merchant_id = u.merchant_id and l.level > u.from_level and l.level <= u.to_level
            and l.upgrade_bonus > 0
          where ${merchantId === undefined ? sql`true` : sql`u.merchant_id = ${merchantId}`}
            and not exists (select 1 from vip_benefit_paid p
                            where p.member_id = u.member_id and p.kind = 'upgrade' and p.occasion = l.level)
          order by u.id, l.level limit 1000`,
    );
    let n = 0;
    for (const d of due) if (await pay('upgrade', d)) n++;
    return n;
  }

  async function payBirthdays(now: Date): Promise<number> {
    let n = 0;
    const merchants = await rows<{ id: number }>(
      db,
      sql`select distinct merchant_id as id from vip_level where birthday_bonus > 0`,
    );
    for (const { id: merchantId } of merchants) {
      const today = localDate(await merchantTimeZone(db, merchantId), now);
      const [y, md] = [Number(today.slice(0, 4)), today.slice(5)];
      const leap = new Date(Date.UTC(y, 1, 29)).getUTCMonth() === 1;
      const days = md === '02-28' && !leap ? ['02-28', '02-29'] : [md];
      const due = await rows<Due>(
        db,
        sql`select m.merchant_id as "merchantId", mc.currency_decimals as decimals, m.id as "memberId", lv.level, lv.name,
              lv.birthday_bonus::text as amount, ${y}::int as occasion
            from member m
            join merchant mc on mc.id = m.merchant_id
            left join vip_member vm on vm.member_id = m.id
            join lateral (
              select l.level, l.name, l.birthday_bonus from vip_level l
              where l.merchant_id = m.merchant_id and l.level <= coalesce(vm.level, 0)
              order by l.level desc limit 1) lv on lv.birthday_bonus > 0
            where m.merchant_id = ${merchantId} and m.type in (0, 1, 2, 41, 42) and m.birth_date is not null
              and to_char(m.birth_date, 'MM-DD') in (${sql.join(
                days.map((d) => sql`${d}`),
                sql`, `,
              )})
              and not exists (select 1 from vip_benefit_paid p
                              where p.member_id = m.id and p.kind = 'birthday' and p.occasion = ${y})`,
      );
      for (const d of due) if (await pay('birthday', d)) n++;
    }
    return n;
  }

  return { payUpgrades, payBirthdays };
}
export type VipBenefits = ReturnType<typeof createVipBenefits>;
