-- Double-entry ledger (DESIGN "Money and the ledger", DOMAIN-NOTES §2). Amounts are integer minor
-- units. Every movement is one ledger_entry whose ledger_lines sum to zero; the balances of the
-- accounts it touches change in the same transaction. Member balances never go below their open holds.

-- Member accounts: main (real money; play money for trial accounts), vendor:<CODE> (transfer-wallet
-- sub-wallets), bonus. House accounts (member_id null): deposit, withdraw, game:<CODE>, bonus, rebate,
-- salary, dividend, adjustment, play, fee. House rows are spread over buckets so that no single row
-- serialises every bet on the platform; they may go negative (the house's side of the books).
create table ledger_account (
  id bigserial primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  member_id integer references member(id) on delete cascade,
  code text not null check (code ~ '^[a-z_]+(:[A-Za-z0-9_]+)?$'),
  bucket smallint not null default 0 check (bucket between 0 and 63),
  balance bigint not null default 0,
  -- open holds (pending withdrawals): available = balance - held
  held bigint not null default 0 check (held >= 0),
  created_at timestamptz not null default now(),
  check (member_id is null or (balance >= 0 and balance >= held)),
  check (member_id is not null or held = 0),
  check (member_id is null or bucket = 0)
);
create unique index ledger_account_member_uq on ledger_account(member_id, code) where member_id is not null;
create unique index ledger_account_house_uq on ledger_account(merchant_id, code, bucket) where member_id is null;

-- One movement. idem_key comes from its cause (vendor transaction, deposit order, withdrawal,
-- settlement run + contract + period, ...), so a retry can never apply it twice.
create table ledger_entry (
  id bigserial primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  idem_key text not null check (length(idem_key) between 1 and 200),
  -- reporting type: deposit, withdraw, bet, win, refund, transfer_in, transfer_out, wallet_transfer,
  -- bonus, rebate, salary, dividend, adjustment, play_grant, ...
  type text not null check (type ~ '^[a-z_]{1,32}$'),
  -- the member the movement is about (account record); null for house-only entries
  member_id integer references member(id) on delete cascade,
  ref_type text,
  ref_id text,
  memo jsonb,
  created_at timestamptz not null default now()
);
create unique index ledger_entry_key_uq on ledger_entry(merchant_id, idem_key);
create index ledger_entry_member_idx on ledger_entry(member_id, created_at desc, id desc) where member_id is not null;

create table ledger_line (
  entry_id bigint not null references ledger_entry(id) on delete cascade,
  account_id bigint not null references ledger_account(id) on delete cascade,
  -- positive: the account's balance grows; negative: it shrinks
  amount bigint not null check (amount <> 0),
  balance_after bigint not null,
  primary key (entry_id, account_id)
);
create index ledger_line_account_idx on ledger_line(account_id, entry_id);

-- An entry must balance: checked once per entry at commit (deferred), whatever code wrote it.
create function ledger_entry_balanced() returns trigger language plpgsql as $$
declare
  total numeric;
  n integer;
begin
  select coalesce(sum(amount), 0), count(*) into total, n from ledger_line where entry_id = new.id;
  if n < 2 or total <> 0 then
    raise exception 'ledger entry % is unbalanced (% lines, sum %)', new.id, n, total
      using errcode = '23514';
  end if;
  return null;
end $$;
create constraint trigger ledger_entry_balanced_trg after insert on ledger_entry
  deferrable initially deferred for each row execute function ledger_entry_balanced();

-- The journal is append-only.
create function ledger_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'ledger rows are append-only' using errcode = '42501';
end $$;
create trigger ledger_entry_no_update before update on ledger_entry
  for each row execute function ledger_append_only();
create trigger ledger_line_no_update before update on ledger_line
  for each row execute function ledger_append_only();

-- A hold reserves part of a member balance (a pending withdrawal): it lowers the available balance
-- without moving money; capturing it posts the entry, releasing it gives the amount back.
create table ledger_hold (
  id bigserial primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  account_id bigint not null references ledger_account(id) on delete cascade,
  idem_key text not null check (length(idem_key) between 1 and 200),
  amount bigint not null check (amount > 0),
  status text not null default 'open' check (status in ('open', 'captured', 'released')),
  entry_id bigint references ledger_entry(id),
  created_at timestamptz not null default now(),
  closed_at timestamptz
);
create unique index ledger_hold_key_uq on ledger_hold(merchant_id, idem_key);
create index ledger_hold_open_idx on ledger_hold(account_id) where status = 'open';

-- Wallet settings of a merchant.
create table merchant_wallet_setting (
  merchant_id integer primary key references merchant(id) on delete cascade,
  -- single (seamless) wallet: no sub-wallets to transfer between
  is_single boolean not null default true,
  updated_at timestamptz not null default now()
);

-- The vendors a merchant works with, their wallet mode and the credentials of their callbacks.
-- (The game catalogue builds on this table.)
create table merchant_vendor (
  merchant_id integer not null references merchant(id) on delete cascade,
  vendor_code text not null check (vendor_code ~ '^[A-Za-z0-9_]{1,32}$'),
  display_name text not null,
  wallet_mode text not null default 'seamless' check (wallet_mode in ('seamless', 'transfer')),
  -- HMAC-SHA256 key of the seamless-wallet callbacks
  api_secret text not null check (length(api_secret) >= 16),
  -- our error code -> the vendor's own code, for vendors that expect theirs
  error_codes jsonb not null default '{}',
  enabled boolean not null default true,
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (merchant_id, vendor_code)
);

-- A player's session at a vendor (created at game launch): the token the vendor sends on balance and
-- debit. Stored hashed.
create table vendor_session (
  id bigserial primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  member_id integer not null references member(id) on delete cascade,
  vendor_code text not null,
  token_hash bytea not null unique,
  game_code text,
  -- real money or free trial (play money)
  mode text not null default 'real' check (mode in ('real', 'trial')),
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index vendor_session_member_idx on vendor_session(member_id, vendor_code);

-- Every seamless-wallet call that changed (or tried to change) money: exactly once per
-- (merchant, vendor, txn id, operation). Kept at least four months (Hub88); never updated but for
-- the rolled_back flag of a debit.
create table vendor_txn (
  id bigserial primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  vendor_code text not null,
  txn_id text not null,
  op text not null check (op in ('debit', 'credit', 'rollback')),
  member_id integer not null references member(id) on delete cascade,
  round_id text not null,
  -- credit: the bet it settles (optional); rollback: the debit it reverses
  ref_txn_id text,
  game_code text,
  amount bigint not null check (amount >= 0),
  -- ok: applied; failed: refused and remembered (a replay answers the same); tombstone: a rollback
  -- that arrived before its debit
  status text not null check (status in ('ok', 'failed', 'tombstone')),
  error_code text,
  entry_id bigint references ledger_entry(id),
  balance_after bigint,
  rolled_back boolean not null default false,
  created_at timestamptz not null default now()
);
create unique index vendor_txn_uq on vendor_txn(merchant_id, vendor_code, txn_id, op);
create index vendor_txn_round_idx on vendor_txn(merchant_id, vendor_code, member_id, round_id);
create index vendor_txn_ref_idx on vendor_txn(merchant_id, vendor_code, ref_txn_id) where op = 'rollback';
create index vendor_txn_created_idx on vendor_txn(merchant_id, created_at);

-- play money of trial accounts now lives in the ledger (house 'play' -> member 'main')
alter table member drop column trial_balance;
