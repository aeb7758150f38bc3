import { AppError } from '../../platform/errors.js';
import type { Db, Tx } from '../../db/client.js';
import type { MemberActor } from '../../platform/context.js';
import { pickText } from '../system/index.js';
import { pointsRepo as repo } from './points.repo.js';

export interface PointsMove {
  merchantId: number;
  memberId: number;
  /** unique per merchant, from the cause (`promo:points:<claim>`): the same key never applies twice */
  key: string;
  /** whole points: > 0 earned, < 0 spent */
  amount: bigint;
  reason: string;
  refType?: string | null;
  refId?: string | null;
  /** a title per language (EN, BN) the member's history shows */
  title?: Record<string, string> | null;
}

/**
 * The points ledger (issue 16): a member's points balance and its journal. A movement is one keyed
 * entry and the balance's change, in the caller's transaction: a key applies once under any
 * concurrency (the entry's unique key), and the balance never goes below zero (a conditional update
 * of the locked balance row). Points are not money and never touch the money ledger.
 */
export function createPointsService({ db }: { db: Db }) {
  return {
    /** Applies a movement in `tx`: the new balance, or `replayed` when its key was applied before. */
    async post(tx: Tx, m: PointsMove): Promise<{ replayed: boolean; balance: bigint }> {
      if (m.amount === 0n) throw new Error('a points movement of 0');
      const id = await repo.insertEntry(tx, {
        merchantId: m.merchantId,
        memberId: m.memberId,
        key: m.key,
        amount: m.amount,
        reason: m.reason,
        refType: m.refType ?? null,
        refId: m.refId ?? null,
        memo: m.title ? { title: m.title } : null,
      });
      if (id === undefined) return { replayed: true, balance: await repo.balance(tx, m.memberId) };
      const balance = await repo.move(tx, m.merchantId, m.memberId, m.amount);
      if (balance === undefined) throw new AppError('points_insufficient');
      await repo.setBalanceAfter(tx, id, balance);
      return { replayed: false, balance };
    },
    balance: (memberId: number) => repo.balance(db, memberId),

    /** MCSFE_getPointBalance */
    async balanceOf(actor: MemberActor) {
      return { balance: Number(await repo.balance(db, actor.memberId)) };
    },
    /** MCSFE_getPointHistory: the movements, newest first, titled in the request's language. */
    async history(
      actor: MemberActor,
      lang: string,
      fallback: string,
      q: { pageNo: number; pageSize: number },
    ) {
      const [list, totalCount] = await Promise.all([
        repo.history(db, actor.memberId, q.pageSize, (q.pageNo - 1) * q.pageSize),
        repo.count(db, actor.memberId),
      ]);
      return {
        list: list.map((e) => ({
          id: e.id.toString(),
          amount: Number(e.amount),
          balanceAfter: Number(e.balanceAfter),
          reason: e.reason,
          refType: e.refType,
          refId: e.refId,
          title: e.memo?.title ? pickText(e.memo.title as Record<string, string>, lang, fallback) : null,
          createdDate: e.createdAt.toISOString(),
        })),
        pageNo: q.pageNo,
        pageSize: q.pageSize,
        totalCount,
        totalPages: Math.ceil(totalCount / q.pageSize),
      };
    },
  };
}
export type PointsService = ReturnType<typeof createPointsService>;
