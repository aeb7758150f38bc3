import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RawQuery } from '../../db/client.js';
import { pgErrorCode } from '../../platform/errors.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { checkLedgerInvariants } from './ledger.invariants.js';
import { fund, merchantIdOf, newMember } from '../../test/factories.js';

/**
 * The database itself refuses an entry that does not balance, whatever code writes it (migration
 * 0020: statement triggers note such entries, a deferred trigger refuses the commit), and the
 * invariant check reports rows that refer to missing ones (the journal keeps no foreign keys).
 * Raw SQL on one connection, as a careless writer would send it.
 */
let t: TestApp;
let merchantId: number;
let memberAccount: string;
let houseAccount: string;
let key = 0;

beforeAll(async () => {
  t = await createTestApp();
  merchantId = await merchantIdOf(t.database.db);
  const m = await newMember(t.database.db, merchantId);
  await fund(t.database.db, merchantId, m.id, 10_000n);
  const [acc] = await sql(
    `select (select id from ledger_account where member_id = ${m.id} and code = 'main') as member,
            (select id from ledger_account where member_id is null and code = 'adjustment' limit 1) as house`,
  );
  memberAccount = String(acc!.member);
  houseAccount = String(acc!.house);
});
afterAll(() => t.close());

const sql = (text: string) => t.database.withConnection((q) => q(text));

/** Runs the statements in one transaction; answers the SQLSTATE that refused it, or 'committed'. */
async function txn(steps: (q: RawQuery) => Promise<void>): Promise<string> {
  return t.database.withConnection(async (q) => {
    await q('begin');
    try {
      await steps(q);
      await q('commit');
      return 'committed';
    } catch (err) {
      await q('rollback').catch(() => {});
      return pgErrorCode(err) ?? String(err);
    }
  });
}

async function entry(q: RawQuery): Promise<string> {
  const [r] = await q(
    `insert into ledger_entry (merchant_id, idem_key, type) values (${merchantId}, 'integrity:${++key}', 'adjustment')
     returning id`,
  );
  return String(r!.id);
}

/** A line with its account's balance moved, as the ledger's writers do. */
const line = (q: RawQuery, entryId: string, account: string, amount: number) =>
  q(
    `with a as (update ledger_account set balance = balance + ${amount} where id = ${account} returning balance)
     insert into ledger_line (entry_id, account_id, amount, balance_after) select ${entryId}, ${account}, ${amount}, balance from a`,
  );

describe('an entry must balance, whatever code writes it', () => {
  it('refuses at commit an entry without lines, with one line, or with lines that do not sum to zero', async () => {
    expect(await txn(async (q) => void (await entry(q)))).toBe('23514');
    expect(
      await txn(async (q) => {
        await line(q, await entry(q), houseAccount, 5);
      }),
    ).toBe('23514');
    expect(
      await txn(async (q) => {
        const e = await entry(q);
        await line(q, e, houseAccount, 5);
        await line(q, e, memberAccount, -4);
      }),
    ).toBe('23514');
  });

  it('accepts an entry whose lines come in later statements of its transaction, and leaves no note', async () => {
    let id = '';
    expect(
      await txn(async (q) => {
        id = await entry(q);
        await line(q, id, houseAccount, -7);
        await line(q, id, memberAccount, 7);
      }),
    ).toBe('committed');
    expect(await sql(`select count(*)::int as n from ledger_line where entry_id = ${id}`)).toEqual([
      { n: 2 },
    ]);
    expect(await sql('select * from ledger_entry_unbalanced')).toEqual([]);
  });

  it('accepts an entry written with its lines in one statement', async () => {
    expect(
      await txn(async (q) => {
        await q(`with e as (
                   insert into ledger_entry (merchant_id, idem_key, type)
                   values (${merchantId}, 'integrity:${++key}', 'adjustment') returning id),
                 h as (update ledger_account set balance = balance - 3 where id = ${houseAccount} returning balance),
                 m as (update ledger_account set balance = balance + 3 where id = ${memberAccount} returning balance)
                 insert into ledger_line (entry_id, account_id, amount, balance_after)
                 select e.id, ${houseAccount}, -3, h.balance from e, h
                 union all select e.id, ${memberAccount}, 3, m.balance from e, m`);
      }),
    ).toBe('committed');
  });

  it('refuses a line added later to an entry that balanced', async () => {
    const [old] = await sql(
      `select entry_id from ledger_line where account_id = ${houseAccount} order by entry_id desc limit 1`,
    );
    // another account of the house: the entry's own accounts already have their line
    const [other] = await sql(
      `insert into ledger_account (merchant_id, code) values (${merchantId}, 'fee') returning id`,
    );
    expect(
      await txn(async (q) => {
        await line(q, String(old!.entry_id), String(other!.id), 1);
      }),
    ).toBe('23514');
  });

  it('refuses balanced lines of an entry that does not exist', async () => {
    expect(
      await txn(async (q) => {
        await line(q, '987654321', houseAccount, -2);
        await line(q, '987654321', memberAccount, 2);
      }),
    ).toBe('23514');
  });

  it('leaves the books as they were after every refusal', async () => {
    expect(await checkLedgerInvariants(t.database.db)).toEqual([]);
  });
});

describe('the invariant check', () => {
  it('reports journal rows that refer to missing rows', async () => {
    // written with the triggers off, as a bulk load or a hand fix could
    const orphan = (amount: number) =>
      txn(async (q) => {
        await q('set local session_replication_role = replica');
        await line(q, '987654322', houseAccount, -amount);
        await line(q, '987654322', memberAccount, amount);
      });
    expect(await orphan(9)).toBe('committed');
    const found = await checkLedgerInvariants(t.database.db);
    expect(found.filter((f) => f.startsWith('line of a missing entry'))).toHaveLength(2);
    // undone: the lines go, the balances come back
    expect(
      await txn(async (q) => {
        await q(`update ledger_account set balance = balance + 9 where id = ${houseAccount}`);
        await q(`update ledger_account set balance = balance - 9 where id = ${memberAccount}`);
        await q('delete from ledger_line where entry_id = 987654322');
      }),
    ).toBe('committed');
    expect(await checkLedgerInvariants(t.database.db)).toEqual([]);
  });
});

describe('entries in the order their balances moved', () => {
  it('parallel postings to one account leave a running balance in entry order', async () => {
    const m = await newMember(t.database.db, merchantId);
    await Promise.all(
      Array.from({ length: 24 }, (_, i) => fund(t.database.db, merchantId, m.id, BigInt(100 + i))),
    );
    const lines = await sql(
      `select l.amount::text as amount, l.balance_after::text as after from ledger_line l
       join ledger_account a on a.id = l.account_id
       where a.member_id = ${m.id} and a.code = 'main' order by l.entry_id`,
    );
    expect(lines).toHaveLength(24);
    let running = 0n;
    for (const l of lines) {
      running += BigInt(l.amount as string);
      expect(BigInt(l.after as string)).toBe(running);
    }
    expect(await checkLedgerInvariants(t.database.db)).toEqual([]);
  });
});
