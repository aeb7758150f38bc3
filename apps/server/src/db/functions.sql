-- GENERATED FILE: do not edit. Every database function and trigger of the schema after all
-- migrations in migrations/, as PostgreSQL prints them (pg_get_functiondef, pg_get_triggerdef),
-- so the seamless wallet reads in one place. A change goes into a new migration; then run
--   npm run db:functions -w apps/server
-- to regenerate this file. `npm run test:static` fails while it is stale.

-- 8 functions

-- public.ledger_append_only() (last changed in migrations/0009_ledger.sql)
CREATE OR REPLACE FUNCTION public.ledger_append_only()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
begin
  raise exception 'ledger rows are append-only' using errcode = '42501';
end $function$;

-- public.ledger_entry_inserted() (last changed in migrations/0020_wallet_hot_path.sql)
CREATE OR REPLACE FUNCTION public.ledger_entry_inserted()
 RETURNS trigger
 LANGUAGE plpgsql
 SET enable_seqscan TO 'off'
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
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
end $function$;

-- public.ledger_entry_unbalanced_check() (last changed in migrations/0020_wallet_hot_path.sql)
CREATE OR REPLACE FUNCTION public.ledger_entry_unbalanced_check()
 RETURNS trigger
 LANGUAGE plpgsql
 SET enable_seqscan TO 'off'
AS $function$
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
end $function$;

-- public.ledger_house_account(p_merchant integer, p_code text, p_bucket integer) (last changed in migrations/0016_wallet_batch.sql)
CREATE OR REPLACE FUNCTION public.ledger_house_account(p_merchant integer, p_code text, p_bucket integer)
 RETURNS bigint
 LANGUAGE plpgsql
AS $function$
declare
  v_id bigint;
begin
  select id into v_id from ledger_account
    where merchant_id = p_merchant and member_id is null and code = p_code and bucket = p_bucket;
  if v_id is null then
    insert into ledger_account (merchant_id, code, bucket) values (p_merchant, p_code, p_bucket)
      on conflict (merchant_id, code, bucket) where member_id is null do nothing
      returning id into v_id;
    if v_id is null then
      select id into v_id from ledger_account
        where merchant_id = p_merchant and member_id is null and code = p_code and bucket = p_bucket;
    end if;
  end if;
  return v_id;
end $function$;

-- public.ledger_line_inserted() (last changed in migrations/0020_wallet_hot_path.sql)
CREATE OR REPLACE FUNCTION public.ledger_line_inserted()
 RETURNS trigger
 LANGUAGE plpgsql
 SET enable_seqscan TO 'off'
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
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
end $function$;

-- public.ledger_member_account(p_merchant integer, p_member integer, p_code text) (last changed in migrations/0016_wallet_batch.sql)
CREATE OR REPLACE FUNCTION public.ledger_member_account(p_merchant integer, p_member integer, p_code text)
 RETURNS bigint
 LANGUAGE plpgsql
AS $function$
declare
  v_id bigint;
begin
  select id into v_id from ledger_account where member_id = p_member and code = p_code;
  if v_id is null then
    insert into ledger_account (merchant_id, member_id, code) values (p_merchant, p_member, p_code)
      on conflict (member_id, code) where member_id is not null do nothing
      returning id into v_id;
    if v_id is null then
      -- created by a concurrent transaction meanwhile: this new statement sees it
      select id into v_id from ledger_account where member_id = p_member and code = p_code;
    end if;
  end if;
  return v_id;
end $function$;

-- public.vendor_wallet_apply(p_ops jsonb) (last changed in migrations/0093_wallet_lock_by_key.sql)
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

-- public.vendor_wallet_apply_each(p_ops jsonb) (last changed in migrations/0060_bonus_play.sql)
CREATE OR REPLACE FUNCTION public.vendor_wallet_apply_each(p_ops jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET enable_seqscan TO 'off'
AS $function$
declare
  o jsonb;
  v_out jsonb := '[]'::jsonb;
  v_kind text;
  v_merchant integer;
  v_vendor text;
  v_member integer;
  v_txn text;
  v_round text;
  v_ref text;
  v_amount bigint;
  v_now timestamptz;
  v_mtype smallint;
  v_mstatus text;
  v_main bigint;
  v_bal bigint;
  v_held bigint;
  v_avail bigint;
  v_stored vendor_txn%rowtype;
  v_bet vendor_txn%rowtype;
  v_entry bigint;
  v_house bigint;
  v_code text;
  v_replayed boolean;
  v_changed boolean;
  v_round_id text;
  v_h_entry bigint[] := '{}';
  v_h_account bigint[] := '{}';
  v_h_amount bigint[] := '{}';
  v_hid bigint;
  v_hbal bigint;
  v_bets integer;
  v_live integer;
  v_first_bet bigint;
  v_ids bigint[];
  i integer;
  v_state boolean;
  v_bonus_first boolean;
  v_max_bet bigint;
  v_bonus_acc bigint;
  v_bonus_bal bigint;
  v_from_bonus bigint;
  v_stake bigint;
  v_stake_bonus bigint;
begin
  -- 1. every known player's MAIN exists (created first: an absent row cannot be locked), then all
  -- are locked in id order
  select array_agg(ledger_member_account(m.merchant_id, m.id, 'main')) into v_ids
    from member m
    where (m.id, m.merchant_id) in (
      select (x->>'memberId')::integer, (x->>'merchantId')::integer from jsonb_array_elements(p_ops) x);
  perform 1 from ledger_account where id = any(coalesce(v_ids, '{}')) order by id for update;

  -- 2. the operations, in arrival order
  for o in select value from jsonb_array_elements(p_ops) loop
    v_kind := o->>'op';
    v_merchant := (o->>'merchantId')::integer;
    v_vendor := o->>'vendor';
    v_member := (o->>'memberId')::integer;
    v_txn := o->>'txnId';
    v_round := o->>'roundId';
    v_ref := o->>'refTxnId';
    v_amount := coalesce((o->>'amount')::bigint, 0);
    v_now := (o->>'now')::timestamptz;
    v_code := null;
    v_replayed := false;
    v_changed := false;

    select type, status into v_mtype, v_mstatus from member where id = v_member and merchant_id = v_merchant;
    if not found then
      v_out := v_out || jsonb_build_object('code', 'vendor_player_unknown', 'balance', '0');
      continue;
    end if;
    select id, balance, held into v_main, v_bal, v_held from ledger_account
      where member_id = v_member and code = 'main';
    v_avail := v_bal - v_held;
    -- the member's open bonus (one look-up) and bonus account, locked after MAIN
    select true, bonus_first, max_bet into v_state, v_bonus_first, v_max_bet
      from member_bonus_state where member_id = v_member;
    v_state := coalesce(v_state, false);
    v_bonus_acc := null;
    v_bonus_bal := 0;
    select id, balance into v_bonus_acc, v_bonus_bal from ledger_account
      where member_id = v_member and code = 'bonus' for update;
    v_bonus_bal := coalesce(v_bonus_bal, 0);
    v_house := ledger_house_account(
      v_merchant,
      case when v_mtype = 4 then 'play' else 'game:' || v_vendor end,
      (o->>'houseBucket')::integer);

    if v_kind = 'debit' then
      select * into v_stored from vendor_txn
        where merchant_id = v_merchant and vendor_code = v_vendor and txn_id = v_txn and op = 'debit';
      if found then
        if v_stored.member_id <> v_member or v_stored.amount <> v_amount or v_stored.round_id <> v_round then
          v_code := 'vendor_txn_conflict';
        elsif v_stored.status = 'failed' then
          v_code := v_stored.error_code;
        else
          v_replayed := true;
        end if;
      elsif not exists (
        select 1 from vendor_session
        where token_hash = decode(o->>'tokenHash', 'hex') and merchant_id = v_merchant
          and vendor_code = v_vendor and member_id = v_member and expires_at > v_now) then
        -- no record: a bad token is the caller's fault, not a decision about this bet
        v_code := 'vendor_token_invalid';
      else
        if exists (select 1 from vendor_txn where merchant_id = v_merchant and vendor_code = v_vendor
                   and op = 'rollback' and ref_txn_id = v_txn) then
          v_code := 'vendor_txn_cancelled';
        elsif v_mstatus <> 'active' then
          v_code := 'vendor_player_blocked';
        elsif v_state and v_max_bet is not null and v_amount > v_max_bet then
          v_code := 'vendor_bonus_max_bet';
        elsif v_avail + (case when v_state then v_bonus_bal else 0 end) < v_amount then
          v_code := 'insufficient_balance';
        end if;
        v_entry := null;
        v_from_bonus := 0;
        if v_code is null and v_amount > 0 then
          -- bonus money only while a bonus is open: real money first unless the promotion says bonus first
          if v_state then
            if v_bonus_first then
              v_from_bonus := least(v_amount, v_bonus_bal);
            else
              v_from_bonus := v_amount - least(v_amount, greatest(v_avail, 0));
            end if;
          end if;
          insert into ledger_entry (merchant_id, idem_key, type, member_id, ref_type, ref_id, memo)
            values (v_merchant, 'vendor:' || v_vendor || ':' || v_txn || ':debit', 'bet', v_member,
                    'vendor_round', v_vendor || ':' || v_round,
                    jsonb_build_object('vendor', v_vendor, 'game', o->'gameCode', 'round', v_round))
            returning id into v_entry;
          if v_amount > v_from_bonus then
            update ledger_account set balance = balance - (v_amount - v_from_bonus) where id = v_main
              returning balance into v_bal;
            insert into ledger_line (entry_id, account_id, amount, balance_after)
              values (v_entry, v_main, -(v_amount - v_from_bonus), v_bal);
          end if;
          if v_from_bonus > 0 then
            update ledger_account set balance = balance - v_from_bonus where id = v_bonus_acc
              returning balance into v_bonus_bal;
            insert into ledger_line (entry_id, account_id, amount, balance_after)
              values (v_entry, v_bonus_acc, -v_from_bonus, v_bonus_bal);
          end if;
          v_h_entry := v_h_entry || v_entry;
          v_h_account := v_h_account || v_house;
          v_h_amount := v_h_amount || v_amount;
          v_avail := v_bal - v_held;
          v_changed := true;
        end if;
        insert into vendor_txn (merchant_id, vendor_code, txn_id, op, member_id, round_id, game_code, amount,
                                status, error_code, entry_id, balance_after, bonus_amount)
          values (v_merchant, v_vendor, v_txn, 'debit', v_member, v_round, o->>'gameCode', v_amount,
                  case when v_code is null then 'ok' else 'failed' end, v_code, v_entry,
                  v_avail + case when v_state then v_bonus_bal else 0 end, v_from_bonus);
      end if;

    elsif v_kind = 'credit' then
      select * into v_stored from vendor_txn
        where merchant_id = v_merchant and vendor_code = v_vendor and txn_id = v_txn and op = 'credit';
      if found then
        if v_stored.member_id <> v_member or v_stored.amount <> v_amount or v_stored.round_id <> v_round then
          v_code := 'vendor_txn_conflict';
        elsif v_stored.status = 'failed' then
          v_code := v_stored.error_code;
        else
          v_replayed := true;
        end if;
      else
        -- the round's bets: those the credit may settle, and the first one (kept on the credit row)
        select count(*) filter (where v_ref is null or txn_id = v_ref),
               count(*) filter (where (v_ref is null or txn_id = v_ref) and not rolled_back), min(id),
               coalesce(sum(amount) filter (where not rolled_back), 0),
               coalesce(sum(bonus_amount) filter (where not rolled_back), 0)
          into v_bets, v_live, v_first_bet, v_stake, v_stake_bonus from vendor_txn
          where merchant_id = v_merchant and vendor_code = v_vendor and member_id = v_member
            and round_id = v_round and op = 'debit' and status = 'ok';
        if v_bets = 0 then
          v_code := 'vendor_txn_not_found';
        elsif v_live = 0 then
          v_code := 'vendor_txn_cancelled';
        else
          v_entry := null;
          if v_amount > 0 then
            insert into ledger_entry (merchant_id, idem_key, type, member_id, ref_type, ref_id, memo)
              values (v_merchant, 'vendor:' || v_vendor || ':' || v_txn || ':credit', 'win', v_member,
                      'vendor_round', v_vendor || ':' || v_round,
                      jsonb_build_object('vendor', v_vendor, 'game', o->'gameCode', 'round', v_round))
              returning id into v_entry;
            -- a win on stakes that drew bonus money goes back to the bonus account in that proportion
            v_from_bonus := 0;
            if v_stake_bonus > 0 and v_stake > 0 then
              v_from_bonus := least(v_amount, (v_amount * v_stake_bonus + v_stake - 1) / v_stake);
              if v_bonus_acc is null then
                v_bonus_acc := ledger_member_account(v_merchant, v_member, 'bonus');
                select balance into v_bonus_bal from ledger_account where id = v_bonus_acc for update;
              end if;
              update ledger_account set balance = balance + v_from_bonus where id = v_bonus_acc
                returning balance into v_bonus_bal;
              insert into ledger_line (entry_id, account_id, amount, balance_after)
                values (v_entry, v_bonus_acc, v_from_bonus, v_bonus_bal);
            end if;
            if v_amount > v_from_bonus then
              update ledger_account set balance = balance + (v_amount - v_from_bonus) where id = v_main
                returning balance into v_bal;
              insert into ledger_line (entry_id, account_id, amount, balance_after)
                values (v_entry, v_main, v_amount - v_from_bonus, v_bal);
            end if;
            v_h_entry := v_h_entry || v_entry;
            v_h_account := v_h_account || v_house;
            v_h_amount := v_h_amount || (-v_amount);
            v_avail := v_bal - v_held;
            v_changed := true;
          end if;
          insert into vendor_txn (merchant_id, vendor_code, txn_id, op, member_id, round_id, ref_txn_id, game_code,
                                  amount, status, entry_id, balance_after, first_bet_id)
            values (v_merchant, v_vendor, v_txn, 'credit', v_member, v_round, v_ref, o->>'gameCode', v_amount,
                    'ok', v_entry, v_avail + case when v_state then v_bonus_bal else 0 end, v_first_bet);
        end if;
      end if;

    elsif v_kind = 'rollback' then
      select * into v_stored from vendor_txn
        where merchant_id = v_merchant and vendor_code = v_vendor and txn_id = v_txn and op = 'rollback';
      if found then
        if v_stored.member_id <> v_member or v_stored.ref_txn_id is distinct from v_ref then
          v_code := 'vendor_txn_conflict';
        else
          v_replayed := true;
        end if;
      else
        select * into v_bet from vendor_txn
          where merchant_id = v_merchant and vendor_code = v_vendor and txn_id = v_ref and op = 'debit';
        if found and v_bet.member_id <> v_member then
          v_code := 'vendor_txn_conflict';
        elsif not found then
          -- the debit may still be on its way: a tombstone refuses it when it lands
          insert into vendor_txn (merchant_id, vendor_code, txn_id, op, member_id, round_id, ref_txn_id, amount,
                                  status, balance_after)
            values (v_merchant, v_vendor, v_txn, 'rollback', v_member, coalesce(v_round, ''), v_ref, 0,
                    'tombstone', v_avail);
        elsif v_bet.status <> 'ok' or v_bet.rolled_back or v_bet.amount = 0 then
          -- nothing was taken, or it was refunded already under another rollback id
          insert into vendor_txn (merchant_id, vendor_code, txn_id, op, member_id, round_id, ref_txn_id, amount,
                                  status, balance_after)
            values (v_merchant, v_vendor, v_txn, 'rollback', v_member, v_bet.round_id, v_ref, 0, 'ok', v_avail);
        elsif exists (select 1 from vendor_txn where merchant_id = v_merchant and vendor_code = v_vendor
                      and member_id = v_member and round_id = v_bet.round_id and op = 'credit'
                      and status = 'ok' and amount > 0) then
          v_code := 'vendor_round_settled';
        else
          insert into ledger_entry (merchant_id, idem_key, type, member_id, ref_type, ref_id, memo)
            values (v_merchant, 'vendor:' || v_vendor || ':' || v_txn || ':rollback', 'refund', v_member,
                    'vendor_round', v_vendor || ':' || v_bet.round_id,
                    jsonb_build_object('vendor', v_vendor, 'round', v_bet.round_id, 'refTxnId', v_ref))
            returning id into v_entry;
          if v_bet.amount > v_bet.bonus_amount then
            update ledger_account set balance = balance + (v_bet.amount - v_bet.bonus_amount) where id = v_main
              returning balance into v_bal;
            insert into ledger_line (entry_id, account_id, amount, balance_after)
              values (v_entry, v_main, v_bet.amount - v_bet.bonus_amount, v_bal);
          end if;
          if v_bet.bonus_amount > 0 then
            if v_bonus_acc is null then
              v_bonus_acc := ledger_member_account(v_merchant, v_member, 'bonus');
              select balance into v_bonus_bal from ledger_account where id = v_bonus_acc for update;
            end if;
            update ledger_account set balance = balance + v_bet.bonus_amount where id = v_bonus_acc
              returning balance into v_bonus_bal;
            insert into ledger_line (entry_id, account_id, amount, balance_after)
              values (v_entry, v_bonus_acc, v_bet.bonus_amount, v_bonus_bal);
          end if;
          v_h_entry := v_h_entry || v_entry;
          v_h_account := v_h_account || v_house;
          v_h_amount := v_h_amount || (-v_bet.amount);
          v_avail := v_bal - v_held;
          update vendor_txn set rolled_back = true where id = v_bet.id;
          insert into vendor_txn (merchant_id, vendor_code, txn_id, op, member_id, round_id, ref_txn_id, amount,
                                  status, entry_id, balance_after)
            values (v_merchant, v_vendor, v_txn, 'rollback', v_member, v_bet.round_id, v_ref, v_bet.amount, 'ok',
                    v_entry, v_avail);
          v_changed := true;
        end if;
      end if;
    else
      raise exception 'unknown wallet operation %', v_kind;
    end if;

    v_out := v_out || jsonb_build_object('code', v_code,
                                         'balance', (v_avail + case when v_state then v_bonus_bal else 0 end)::text,
                                         'replayed', v_replayed, 'changed', v_changed);
  end loop;

  -- 3. the house side: each bucket once, in id order, its lines with running balances
  for v_hid in select distinct a from unnest(v_h_account) a order by 1 loop
    select balance into v_hbal from ledger_account where id = v_hid for update;
    for i in 1 .. coalesce(array_length(v_h_account, 1), 0) loop
      if v_h_account[i] = v_hid then
        v_hbal := v_hbal + v_h_amount[i];
        insert into ledger_line (entry_id, account_id, amount, balance_after)
          values (v_h_entry[i], v_hid, v_h_amount[i], v_hbal);
      end if;
    end loop;
    update ledger_account set balance = v_hbal where id = v_hid;
  end loop;
  return v_out;
end $function$;

-- 5 triggers

-- ledger_entry_check on public.ledger_entry (last changed in migrations/0020_wallet_hot_path.sql)
CREATE TRIGGER ledger_entry_check AFTER INSERT ON ledger_entry REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ledger_entry_inserted();

-- ledger_entry_no_update on public.ledger_entry (last changed in migrations/0009_ledger.sql)
CREATE TRIGGER ledger_entry_no_update BEFORE UPDATE ON ledger_entry FOR EACH ROW EXECUTE FUNCTION ledger_append_only();

-- ledger_entry_unbalanced_trg on public.ledger_entry_unbalanced (last changed in migrations/0020_wallet_hot_path.sql)
CREATE CONSTRAINT TRIGGER ledger_entry_unbalanced_trg AFTER INSERT ON ledger_entry_unbalanced DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_entry_unbalanced_check();

-- ledger_line_check on public.ledger_line (last changed in migrations/0020_wallet_hot_path.sql)
CREATE TRIGGER ledger_line_check AFTER INSERT ON ledger_line REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ledger_line_inserted();

-- ledger_line_no_update on public.ledger_line (last changed in migrations/0009_ledger.sql)
CREATE TRIGGER ledger_line_no_update BEFORE UPDATE ON ledger_line FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
