-- Limits of transfers between members (member -> direct upline, agent -> direct downline), per
-- merchant. Amounts in minor units; no row means the defaults of the transfer module.
create table transfer_setting (
  merchant_id integer primary key references merchant(id) on delete cascade,
  min_amount bigint not null check (min_amount > 0),
  max_amount bigint not null,
  -- total one member may send per merchant calendar day
  daily_max_amount bigint not null,
  upline_enabled boolean not null default true,
  downline_enabled boolean not null default true,
  updated_at timestamptz not null default now(),
  check (max_amount >= min_amount and daily_max_amount >= max_amount)
);

-- Personal profit and loss reads one member's vendor transactions of a period.
create index vendor_txn_member_idx on vendor_txn(member_id, created_at);
