-- The seamless wallet's write path in the database: one statement applies a batch of vendor
-- debits, credits and rollbacks (DOMAIN-NOTES §1, rule by rule, exactly as before), so a callback
-- costs one round trip and concurrent callbacks share one commit. Lock order, the same for every
-- batch: first the players' MAIN accounts in id order, then the house buckets in id order (house
-- rows are touched once per batch with the sum of its lines), so batches never deadlock each other
-- or the other ledger writers (which lock member accounts in id order too).

create function ledger_member_account(p_merchant integer, p_member integer, p_code text) returns bigint
language plpgsql as $$
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
end $$;

create function ledger_house_account(p_merchant integer, p_code text, p_bucket integer) returns bigint
language plpgsql as $$
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
end $$;

-- p_ops: [{op: debit|credit|rollback, merchantId, vendor, memberId, txnId, roundId, refTxnId,
--          gameCode, amount (minor units, text), tokenHash (hex, debit), now (ISO), houseBucket}]
-- houseBucket: the batcher gives each statement in flight a bucket of its own, so concurrent batches
-- never wait on each other's house rows.
-- answers one result per op, in order: {code: null | error code, balance (available, text),
--          replayed, changed}
create function vendor_wallet_apply(p_ops jsonb) returns jsonb
language plpgsql as $$
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
  v_ids bigint[];
  i integer;
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
        elsif v_avail < v_amount then
          v_code := 'insufficient_balance';
        end if;
        v_entry := null;
        if v_code is null and v_amount > 0 then
          insert into ledger_entry (merchant_id, idem_key, type, member_id, ref_type, ref_id, memo)
            values (v_merchant, 'vendor:' || v_vendor || ':' || v_txn || ':debit', 'bet', v_member,
                    'vendor_round', v_vendor || ':' || v_round,
                    jsonb_build_object('vendor', v_vendor, 'game', o->'gameCode', 'round', v_round))
            returning id into v_entry;
          update ledger_account set balance = balance - v_amount where id = v_main returning balance into v_bal;
          insert into ledger_line (entry_id, account_id, amount, balance_after) values (v_entry, v_main, -v_amount, v_bal);
          v_h_entry := v_h_entry || v_entry;
          v_h_account := v_h_account || v_house;
          v_h_amount := v_h_amount || v_amount;
          v_avail := v_bal - v_held;
          v_changed := true;
        end if;
        insert into vendor_txn (merchant_id, vendor_code, txn_id, op, member_id, round_id, game_code, amount,
                                status, error_code, entry_id, balance_after)
          values (v_merchant, v_vendor, v_txn, 'debit', v_member, v_round, o->>'gameCode', v_amount,
                  case when v_code is null then 'ok' else 'failed' end, v_code, v_entry, v_avail);
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
        select count(*), count(*) filter (where not rolled_back) into v_bets, v_live from vendor_txn
          where merchant_id = v_merchant and vendor_code = v_vendor and member_id = v_member
            and round_id = v_round and op = 'debit' and status = 'ok'
            and (v_ref is null or txn_id = v_ref);
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
            update ledger_account set balance = balance + v_amount where id = v_main returning balance into v_bal;
            insert into ledger_line (entry_id, account_id, amount, balance_after) values (v_entry, v_main, v_amount, v_bal);
            v_h_entry := v_h_entry || v_entry;
            v_h_account := v_h_account || v_house;
            v_h_amount := v_h_amount || (-v_amount);
            v_avail := v_bal - v_held;
            v_changed := true;
          end if;
          insert into vendor_txn (merchant_id, vendor_code, txn_id, op, member_id, round_id, ref_txn_id, game_code,
                                  amount, status, entry_id, balance_after)
            values (v_merchant, v_vendor, v_txn, 'credit', v_member, v_round, v_ref, o->>'gameCode', v_amount,
                    'ok', v_entry, v_avail);
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
          update ledger_account set balance = balance + v_bet.amount where id = v_main returning balance into v_bal;
          insert into ledger_line (entry_id, account_id, amount, balance_after) values (v_entry, v_main, v_bet.amount, v_bal);
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

    v_out := v_out || jsonb_build_object('code', v_code, 'balance', v_avail::text,
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
end $$;
