-- Deposits (issue 4). Amounts are integer minor units of the merchant's currency.

-- How players of a merchant can deposit: a manual bank transfer (bank details shown to the player,
-- an operator approves) or an online payment gateway (signed order API + signed notification).
-- The fee is charged to the member: credit = amount - (fee_fixed + floor(amount * fee_bps / 10000)).
create table deposit_channel (
  id serial primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  kind text not null check (kind in ('bank', 'online')),
  name text not null check (length(name) between 1 and 64),
  bank_name text,
  account_name text,
  account_number text,
  gateway_url text,
  gateway_mch_id text,
  -- HMAC-SHA256 key shared with the gateway; never returned by any API
  gateway_secret text,
  min_amount bigint not null check (min_amount > 0),
  max_amount bigint not null,
  fee_fixed bigint not null default 0 check (fee_fixed >= 0),
  fee_bps integer not null default 0 check (fee_bps between 0 and 9999),
  enabled boolean not null default true,
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (max_amount >= min_amount),
  check (kind <> 'bank' or (bank_name is not null and account_name is not null and account_number is not null)),
  check (kind <> 'online' or (gateway_url is not null and gateway_mch_id is not null and gateway_secret is not null))
);
create index deposit_channel_merchant_idx on deposit_channel(merchant_id, sort_order, id);
create index deposit_channel_mch_idx on deposit_channel(gateway_mch_id) where kind = 'online';

-- One deposit. order_no is the id the player, the gateway and the ledger key (deposit:<order_no>)
-- share. A PENDING order ends once: SUCCESS (credited, entry_id set), FAILED (gateway declined) or
-- REJECTED (operator refused); every transition locks the row first, so two outcomes cannot both win.
create table deposit_order (
  id bigserial primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  member_id integer not null references member(id) on delete cascade,
  channel_id integer not null references deposit_channel(id),
  order_no text not null unique check (order_no ~ '^D[0-9A-Z]{8,40}$'),
  kind text not null check (kind in ('bank', 'online')),
  amount bigint not null check (amount > 0),
  fee bigint not null check (fee >= 0 and fee < amount),
  status text not null default 'PENDING' check (status in ('PENDING', 'SUCCESS', 'FAILED', 'REJECTED')),
  -- bank: the player's transfer reference
  reference text,
  -- online: the gateway's id and payment page
  pay_order_id text,
  pay_url text,
  entry_id bigint references ledger_entry(id),
  remark text,
  reviewed_by integer references operator(id) on delete set null,
  reviewed_by_name text,
  created_at timestamptz not null default now(),
  finished_at timestamptz,
  check ((status = 'SUCCESS') = (entry_id is not null))
);
create index deposit_order_member_idx on deposit_order(member_id, created_at desc, id desc);
create index deposit_order_merchant_idx on deposit_order(merchant_id, created_at desc, id desc);
create index deposit_order_pending_idx on deposit_order(merchant_id, status) where status = 'PENDING';

-- The receipt image of a bank deposit, validated by its content (PNG or JPEG, at most 5 MB).
create table deposit_receipt (
  order_id bigint primary key references deposit_order(id) on delete cascade,
  content_type text not null check (content_type in ('image/png', 'image/jpeg')),
  data bytea not null check (octet_length(data) <= 5242880),
  created_at timestamptz not null default now()
);
