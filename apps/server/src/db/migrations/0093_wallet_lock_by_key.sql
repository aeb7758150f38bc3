-- The seamless wallet's lock statement finds each row it locks by its own key. It locked the
-- players' MAIN accounts and the batch's house rows with one OR of two conditions, and PostgreSQL
-- answered the house half by reading every house row of every merchant (the partial unique index's
-- whole range, member_id is null, filtered by the batch's keys): a pass that grows with merchants x
-- vendors x 64 buckets. With 19,300 house rows (300 vendors of one merchant) a batch of 7 callbacks
-- cost 1,630-1,670 us of backend CPU per callback instead of 590-690 us for the same work (scratch
-- measurement, load average about 12). Now each MAIN row comes through the member's unique index and
-- each house row through its (merchant, code, bucket) unique index. The order is unchanged: MAIN rows
-- first, then house rows, each group in id order, and the house rows are still locked before any
-- entry id is drawn, so every house row's lines keep their running balance in entry order even when
-- two instances book to the same bucket. Nothing else in the function changes.

CREATE OR REPLACE FUNCTION public.vendor_wallet_apply(p_ops jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET enable_seqscan TO 'off'
AS $function$
declare
  v_members integer[];
  v_house_merchant integer[];
  v_house_code text[];
  v_house_bucket integer[];
  v_want integer;
  v_locked integer;
  v_fast jsonb;
  v_fast_list jsonb;
  v_fast_n integer;
  v_rest jsonb;
  v_rest_out jsonb;
begin
  -- 1. the rows the batch can touch: the players' MAIN accounts and the house rows of their
  -- operations (found in one statement). Locked in one statement, MAIN accounts first, each group
  -- in id order (0016's order); when one does not exist yet it is created (an absent row cannot be
  -- locked) and the lock statement runs again.
  with k as materialized (
    select m.id as member_id, (x->>'merchantId')::integer as merchant_id,
           case when m.type = 4 then 'play' else 'game:' || (x->>'vendor') end as code,
           (x->>'houseBucket')::integer as bucket
    from jsonb_array_elements(p_ops) x
    join member m on m.id = (x->>'memberId')::integer and m.merchant_id = (x->>'merchantId')::integer
  ),
  h as (select distinct merchant_id, code, bucket from k)
  select p.ids, hh.ms, hh.cs, hh.bs, p.n + hh.n
    into v_members, v_house_merchant, v_house_code, v_house_bucket, v_want
    from (select array_agg(distinct member_id) as ids, count(distinct member_id)::integer as n from k) p,
         (select array_agg(merchant_id order by merchant_id, code, bucket) as ms,
                 array_agg(code order by merchant_id, code, bucket) as cs,
                 array_agg(bucket order by merchant_id, code, bucket) as bs, count(*)::integer as n from h) hh;
  for attempt in 1 .. 2 loop
    -- each row found by its own key (a house row through its unique index: not a pass over every
    -- house row of every merchant, which grows with vendors x buckets)
    select count(*) into v_locked from (
      select 1 from ledger_account a
      where a.id in (
          select m.id from ledger_account m where m.member_id = any(coalesce(v_members, '{}')) and m.code = 'main'
          union all
          select h.id from unnest(v_house_merchant, v_house_code, v_house_bucket) as k(merchant_id, code, bucket)
          join ledger_account h on h.merchant_id = k.merchant_id and h.member_id is null and h.code = k.code
            and h.bucket = k.bucket)
      order by a.member_id is null, a.id
      for update) l;
    exit when v_locked = v_want or attempt = 2;
    perform ledger_member_account(m.merchant_id, m.id, 'main') from member m where m.id = any(v_members);
    perform ledger_house_account(h.m, h.c, h.b) from unnest(v_house_merchant, v_house_code, v_house_bucket) h(m, c, b);
  end loop;

  -- 2. the fast ones, in one statement (a new snapshot: it sees everything committed before the
  -- locks above were granted, and the locked rows cannot change under it)
  with o as (
    select * from rows from (jsonb_to_recordset(p_ops) as (
      op text, "merchantId" integer, vendor text, "memberId" integer, "txnId" text, "roundId" text,
      "refTxnId" text, "gameCode" text, amount bigint, "tokenHash" text, now timestamptz,
      "houseBucket" integer)) with ordinality as x(op, merchant_id, vendor, member_id, txn_id, round_id,
      ref_txn_id, game_code, amount, token_hash, now, house_bucket, ord)
  ),
  -- the house rows locked above, read once per batch (not once per operation)
  hb as materialized (
    select a.merchant_id || ':' || a.code || ':' || a.bucket as key, a.id, a.balance
    from unnest(v_house_merchant, v_house_code, v_house_bucket) as k(merchant_id, code, bucket)
    join ledger_account a on a.merchant_id = k.merchant_id and a.member_id is null and a.code = k.code
      and a.bucket = k.bucket
  ),
  n as (
    select o.*,
      count(*) over (partition by member_id) as member_ops,
      count(*) over (partition by merchant_id, vendor, txn_id, op) as same_key,
      'debit'::text as bet_op, 'ok'::text as ok_status
    from o
  ),
  c as materialized (
    select n.ord, n.op, n.merchant_id, n.vendor, n.member_id, n.txn_id, n.round_id, n.ref_txn_id,
      n.game_code, n.amount, a.id as main, a.balance, a.held, h.id as house, h.balance as house_balance,
      case when n.op = 'debit' then -n.amount else n.amount end as delta,
      nextval('ledger_entry_id_seq') as entry_id, rb.first_bet_id
    from n
    join member m on m.id = n.member_id and m.merchant_id = n.merchant_id
    join ledger_account a on a.member_id = n.member_id and a.code = 'main'
    join hb h on h.key = n.merchant_id || ':' || case when m.type = 4 then 'play' else 'game:' || n.vendor end
      || ':' || n.house_bucket
    -- a member with an open bonus plays row by row (bonus money, max bet)
    left join member_bonus_state bs on bs.member_id = n.member_id
    -- a credit's round: its bets through the round index (op and status are compared to values, not
    -- literals, so the planner cannot pick the member's whole-history turnover index instead), read
    -- once for whether a live one matches and for the first one's id, which the credit row keeps
    left join lateral (
      select min(b.id) as first_bet_id,
             coalesce(bool_or(not b.rolled_back and (n.ref_txn_id is null or b.txn_id = n.ref_txn_id)), false) as live,
             coalesce(sum(b.bonus_amount), 0) as bonus
      from vendor_txn b
      where n.op = 'credit' and b.merchant_id = n.merchant_id and b.vendor_code = n.vendor
        and b.member_id = n.member_id and b.round_id = n.round_id and b.op = n.bet_op
        and b.status = n.ok_status) rb on true
    where n.op in ('debit', 'credit') and n.amount > 0 and n.member_ops = 1 and n.same_key = 1
      and bs.member_id is null
      and case when n.op = 'debit' then
            m.status = 'active' and a.balance - a.held >= n.amount
            and not exists (select 1 from o r where r.op = 'rollback' and r.merchant_id = n.merchant_id
                            and r.vendor = n.vendor and r.ref_txn_id = n.txn_id)
            and exists (select 1 from vendor_session s where s.token_hash = decode(n.token_hash, 'hex')
                        and s.merchant_id = n.merchant_id and s.vendor_code = n.vendor
                        and s.member_id = n.member_id and s.expires_at > n.now)
            and not exists (select 1 from vendor_txn t where t.merchant_id = n.merchant_id
                            and t.vendor_code = n.vendor and t.op = 'rollback' and t.ref_txn_id = n.txn_id)
          else
            rb.live and rb.bonus = 0
          end
  ),
  -- the vendor transactions first: the unique index answers "seen before?" (a replay, a conflict or
  -- one in flight in a concurrent batch: waited for, then skipped); what it skips goes to the loop
  v as (
    insert into vendor_txn (merchant_id, vendor_code, txn_id, op, member_id, round_id, ref_txn_id, game_code,
                            amount, status, entry_id, balance_after, first_bet_id)
    select merchant_id, vendor, txn_id, op, member_id, round_id, case when op = 'credit' then ref_txn_id end,
      game_code, amount, 'ok', entry_id, balance + delta - held, first_bet_id
    from c order by ord
    on conflict (merchant_id, vendor_code, txn_id, op) do nothing
    returning entry_id
  ),
  f as (
    select c.*, c.balance + c.delta as balance_after,
      c.house_balance - sum(c.delta) over (partition by c.house order by c.entry_id) as house_after
    from c join v on v.entry_id = c.entry_id
  ),
  e as (
    insert into ledger_entry (id, merchant_id, idem_key, type, member_id, ref_type, ref_id, memo)
    select entry_id, merchant_id, 'vendor:' || vendor || ':' || txn_id || ':' || op,
      case when op = 'debit' then 'bet' else 'win' end, member_id, 'vendor_round', vendor || ':' || round_id,
      jsonb_build_object('vendor', vendor, 'game', to_jsonb(game_code), 'round', round_id)
    from f
  ),
  mu as (
    update ledger_account a set balance = f.balance_after from f where a.id = f.main
  ),
  hu as (
    update ledger_account a set balance = s.house_after
    from (select distinct on (house) house, house_after from f order by house, entry_id desc) s
    where a.id = s.house
  ),
  l as (
    insert into ledger_line (entry_id, account_id, amount, balance_after)
    select entry_id, main, delta, balance_after from f
    union all
    select entry_id, house, -delta, house_after from f
  )
  select jsonb_object_agg(ord::text, r), jsonb_agg(r order by ord), count(*)
    into v_fast, v_fast_list, v_fast_n
    from (select ord, jsonb_build_object('code', null, 'balance', (balance_after - held)::text,
                                         'replayed', false, 'changed', true) as r
          from f) a;
  if v_fast_n = jsonb_array_length(p_ops) then
    return v_fast_list;
  end if;

  -- 3. the rest, one by one, in arrival order
  select jsonb_agg(x.value order by x.ord) into v_rest
    from jsonb_array_elements(p_ops) with ordinality x(value, ord)
    where v_fast is null or not v_fast ? x.ord::text;
  if v_rest is null then
    v_rest_out := '[]'::jsonb;
  else
    v_rest_out := vendor_wallet_apply_each(v_rest);
  end if;

  -- 4. the answers in the order of the operations
  return (
    select coalesce(jsonb_agg(coalesce(v_fast -> x.ord::text, v_rest_out -> (r.k - 1)::integer) order by x.ord),
                    '[]'::jsonb)
    from jsonb_array_elements(p_ops) with ordinality x(value, ord)
    left join (select y.ord, row_number() over (order by y.ord) as k
               from jsonb_array_elements(p_ops) with ordinality y(value, ord)
               where v_fast is null or not v_fast ? y.ord::text) r on r.ord = x.ord);
end $function$;

