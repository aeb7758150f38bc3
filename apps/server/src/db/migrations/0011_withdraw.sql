-- Withdrawals (issue 4): per-merchant settings, members' bank accounts, requests (a ledger hold each),
-- receipt confirmation with proof images, and the turnover requirements that gate a withdrawal.
-- Amounts are integer minor units.

-- No row: the defaults (100.00 / 50000.00, 5 a day, auto-receive after 30 minutes, 3 bank accounts).
create table withdraw_setting (
  merchant_id integer primary key references merchant(id) on delete cascade,
  minimum_amount bigint not null check (minimum_amount > 0),
  maximum_amount bigint not null,
  daily_count integer not null check (daily_count between 1 and 1000),
  auto_receive_minutes integer not null check (auto_receive_minutes between 1 and 10080),
  max_bank_accounts integer not null check (max_bank_accounts between 1 and 20),
  updated_at timestamptz not null default now(),
  check (maximum_amount >= minimum_amount)
);

-- Accounts a member withdraws to. Unbinding keeps the row (removed_at): withdrawals refer to it.
create table member_bank_account (
  id bigserial primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  member_id integer not null references member(id) on delete cascade,
  bank_name text not null check (length(bank_name) between 1 and 60),
  account_name text not null check (length(account_name) between 1 and 60),
  account_number text not null check (account_number ~ '^[0-9]{6,20}$'),
  created_at timestamptz not null default now(),
  removed_at timestamptz
);
create unique index member_bank_account_uq on member_bank_account(member_id, account_number)
  where removed_at is null;

-- One request. The ledger hold's key is 'withdraw:<id>'; its payout, release and refund entries are
-- keyed from the id too, so none can apply twice. Bank details are copied: unbinding changes nothing here.
create table withdrawal (
  id bigserial primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  member_id integer not null references member(id) on delete cascade,
  -- the client's retry key: the same id answers the first request
  request_id text,
  amount bigint not null check (amount > 0),
  status text not null check (status in
    ('PENDING', 'CANCELLED', 'REJECTED', 'PAID_OUT', 'RECEIVED', 'DISPUTED', 'REFUNDED')),
  bank_account_id bigint not null references member_bank_account(id),
  bank_name text not null,
  account_name text not null,
  account_number text not null,
  reject_reason text,
  remark text,
  -- the operator who decided (approve, reject, resolve)
  operator_id integer,
  -- a not-received report: what did arrive (remaining = amount - received_amount)
  received_amount bigint check (received_amount >= 0 and received_amount < amount),
  refund_amount bigint check (refund_amount > 0 and refund_amount <= amount),
  confirmed_by text check (confirmed_by in ('member', 'auto', 'operator')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  decided_at timestamptz,
  paid_at timestamptz,
  disputed_at timestamptz,
  confirmed_at timestamptz
);
create unique index withdrawal_request_uq on withdrawal(member_id, request_id) where request_id is not null;
create index withdrawal_member_idx on withdrawal(member_id, created_at desc, id desc);
create index withdrawal_merchant_idx on withdrawal(merchant_id, status, created_at desc);
-- the auto-receive job's scan
create index withdrawal_paid_out_idx on withdrawal(paid_at) where status = 'PAID_OUT';

-- Proof images of a not-received report: validated by content (png/jpeg), stored here.
create table withdrawal_proof (
  id bigserial primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  member_id integer not null references member(id) on delete cascade,
  withdrawal_id bigint not null references withdrawal(id) on delete cascade,
  content_type text not null check (content_type in ('image/png', 'image/jpeg')),
  file_name text,
  size integer not null check (size between 1 and 5242880),
  data bytea not null,
  created_at timestamptz not null default now()
);
create index withdrawal_proof_withdrawal_idx on withdrawal_proof(withdrawal_id, id);

-- Turnover a member must bet before withdrawing (bonuses and promotions add these). Progress is the
-- member's settled bet turnover since created_at: vendor debits that applied and were not rolled back.
-- met_at is set once a check found it reached.
create table turnover_requirement (
  id bigserial primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  member_id integer not null references member(id) on delete cascade,
  required_amount bigint not null check (required_amount > 0),
  -- the cause, unique per member (e.g. 'bonus:123'): adding the same requirement twice adds it once
  source text not null check (length(source) between 1 and 100),
  created_at timestamptz not null default now(),
  met_at timestamptz
);
create unique index turnover_requirement_source_uq on turnover_requirement(member_id, source);
create index turnover_requirement_open_idx on turnover_requirement(member_id) where met_at is null;
-- the progress sum: one member's settled debits since a time
create index vendor_txn_member_turnover_idx on vendor_txn(member_id, created_at)
  where op = 'debit' and status = 'ok';
