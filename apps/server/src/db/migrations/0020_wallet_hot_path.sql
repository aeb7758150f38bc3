-- Indexes of the seamless wallet's hot tables, so that each look-up of the write path has exactly
-- one index that answers it, whatever the planner knows about the table.
--
-- PL/pgSQL keeps a generic plan per connection, made from the table's size when the connection first
-- ran the statement; with no statistics yet (a new database, or a server without autovacuum) every
-- index that matches a look-up costs the same and the planner picks one. The credit's "the round's
-- bet" look-up took the member's whole-history index (member_id, created_at) and read every earlier
-- transaction of the player (cost growing with the player's history), and the debit's session check
-- took (member_id, vendor_code) over the player's every session instead of the token's unique index.
--
-- - The member's history index covers settled rows only (status = 'ok'; profit and loss, betting
--   record and turnover read nothing else). The wallet compares status to a value, not a literal, so
--   the planner cannot prove this predicate there and the round index is the only one that answers.
--   It also replaces the turnover index 0011 added, which had the same key on a subset of these rows.
-- - vendor_session is only ever read by its token (unique); the member index served no query.
-- - vendor_txn_created_idx served no query; one index less on every wallet write.
drop index vendor_txn_member_idx;
drop index vendor_txn_member_turnover_idx;
drop index vendor_txn_created_idx;
create index vendor_txn_member_idx on vendor_txn(member_id, created_at) where status = 'ok';
drop index vendor_session_member_idx;

-- The journal tables every wallet call appends to (vendor_txn, ledger_entry, ledger_line) keep no
-- foreign keys: each key check is a query of its own per inserted row (seven per wallet call, about
-- a third of the database's time per call). Their only writers (the ledger service and the wallet
-- functions) take every referenced id from a row they have just read, locked or inserted in the
-- same transaction; members, merchants, accounts and entries are never deleted (the ledger is kept,
-- so the cascades served nothing), and checkLedgerInvariants reports any orphan.
alter table vendor_txn drop constraint vendor_txn_merchant_id_fkey;
alter table vendor_txn drop constraint vendor_txn_member_id_fkey;
alter table vendor_txn drop constraint vendor_txn_entry_id_fkey;
alter table ledger_entry drop constraint ledger_entry_merchant_id_fkey;
alter table ledger_entry drop constraint ledger_entry_member_id_fkey;
alter table ledger_line drop constraint ledger_line_entry_id_fkey;
alter table ledger_line drop constraint ledger_line_account_id_fkey;

-- An entry must balance, whatever code wrote it: checked once per statement instead of once per
-- entry. 0009's deferred row trigger ran a PL/pgSQL call and a query for every entry at commit; now
-- a statement that inserts entries or lines checks the entries it touched in one query. An entry
-- that does not balance at the end of its statement (a writer that inserts the entry, then its
-- lines in later statements) is noted in ledger_entry_unbalanced, whose deferred trigger checks it
-- again at commit and refuses the commit if it still does not balance. A writer that inserts an
-- entry with all its lines in one statement (the wallet's fast path) costs one query per batch.
drop trigger ledger_entry_balanced_trg on ledger_entry;
drop function ledger_entry_balanced();

create table ledger_entry_unbalanced (entry_id bigint primary key);

-- The statement triggers note the entries they touched that do not balance now: missing, fewer than
-- two lines, or lines that do not sum to zero. Their plans are made once per connection (generic
-- plans: made per call, the planning cost more than the check), perhaps while the tables are still
-- small enough for a sequential scan to look cheaper than the keyed look-ups that stay cheap as they
-- grow, hence enable_seqscan off.
create function ledger_entry_inserted() returns trigger language plpgsql
set enable_seqscan = off set plan_cache_mode = force_generic_plan as $$
begin
  insert into ledger_entry_unbalanced (entry_id)
    select i.id
    from new_rows i
    -- lateral: one keyed look-up per entry (a plain join may read the whole table)
    left join lateral (select count(*) as n, coalesce(sum(l.amount), 0) as total
                       from ledger_line l where l.entry_id = i.id) s on true
    where s.n < 2 or s.total <> 0
    on conflict do nothing;
  return null;
end $$;
create trigger ledger_entry_check after insert on ledger_entry
  referencing new table as new_rows for each statement execute function ledger_entry_inserted();

create function ledger_line_inserted() returns trigger language plpgsql
set enable_seqscan = off set plan_cache_mode = force_generic_plan as $$
begin
  insert into ledger_entry_unbalanced (entry_id)
    select i.id
    from (select distinct entry_id as id from new_rows) i
    left join lateral (select true as present from ledger_entry e where e.id = i.id) e on true
    left join lateral (select count(*) as n, coalesce(sum(l.amount), 0) as total
                       from ledger_line l where l.entry_id = i.id) s on true
    where e.present is null or s.n < 2 or s.total <> 0
    on conflict do nothing;
  return null;
end $$;
create trigger ledger_line_check after insert on ledger_line
  referencing new table as new_rows for each statement execute function ledger_line_inserted();

create function ledger_entry_unbalanced_check() returns trigger language plpgsql
set enable_seqscan = off as $$
declare
  n integer;
  total numeric;
  found_entry boolean;
begin
  select count(*), coalesce(sum(amount), 0) into n, total from ledger_line where entry_id = new.entry_id;
  found_entry := exists (select 1 from ledger_entry where id = new.entry_id);
  if n < 2 or total <> 0 or not found_entry then
    raise exception 'ledger entry % is unbalanced (% lines, sum %, entry %)', new.entry_id, n, total,
      case when found_entry then 'present' else 'missing' end
      using errcode = '23514';
  end if;
  delete from ledger_entry_unbalanced where entry_id = new.entry_id;
  return null;
end $$;
create constraint trigger ledger_entry_unbalanced_trg after insert on ledger_entry_unbalanced
  deferrable initially deferred for each row execute function ledger_entry_unbalanced_check();

-- The wallet's batch function again (0018's, unchanged in what it does): the rows a batch can touch
-- are found in one statement instead of two, and its plans never read a whole table. PL/pgSQL keeps
-- one plan per statement and connection, made when the connection first runs it: on a new database
-- the member table is small enough for a sequential scan and a hash join to look cheapest, a plan
-- that would then read every member on every batch once there are many.
create or replace function vendor_wallet_apply(p_ops jsonb) returns jsonb
language plpgsql set enable_seqscan = off as $$
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
    select count(*) into v_locked from (
      select 1 from ledger_account a
      where (a.member_id = any(coalesce(v_members, '{}')) and a.code = 'main')
         or (a.member_id is null and (a.merchant_id, a.code, a.bucket) in (
               select * from unnest(v_house_merchant, v_house_code, v_house_bucket)))
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
      nextval('ledger_entry_id_seq') as entry_id
    from n
    join member m on m.id = n.member_id and m.merchant_id = n.merchant_id
    join ledger_account a on a.member_id = n.member_id and a.code = 'main'
    join hb h on h.key = n.merchant_id || ':' || case when m.type = 4 then 'play' else 'game:' || n.vendor end
      || ':' || n.house_bucket
    where n.op in ('debit', 'credit') and n.amount > 0 and n.member_ops = 1 and n.same_key = 1
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
            -- the round's bet through the round index: op and status are compared to values, not
            -- literals, so the planner cannot pick the member's whole-history turnover index instead
            exists (select 1 from vendor_txn b where b.merchant_id = n.merchant_id and b.vendor_code = n.vendor
                    and b.member_id = n.member_id and b.round_id = n.round_id and b.op = n.bet_op
                    and b.status = n.ok_status and not b.rolled_back
                    and (n.ref_txn_id is null or b.txn_id = n.ref_txn_id))
          end
  ),
  -- the vendor transactions first: the unique index answers "seen before?" (a replay, a conflict or
  -- one in flight in a concurrent batch: waited for, then skipped); what it skips goes to the loop
  v as (
    insert into vendor_txn (merchant_id, vendor_code, txn_id, op, member_id, round_id, ref_txn_id, game_code,
                            amount, status, entry_id, balance_after)
    select merchant_id, vendor, txn_id, op, member_id, round_id, case when op = 'credit' then ref_txn_id end,
      game_code, amount, 'ok', entry_id, balance + delta - held
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
end $$;

alter function vendor_wallet_apply_each(jsonb) set enable_seqscan = off;
