-- VIP ranks (issue 16, modules/vip): each merchant's levels VIP0..VIPn with their thresholds and
-- benefits, the rank each member holds, and the record of every upgrade. A member's rank only goes
-- up; its level's name is also written to member.vip_label (the header's clubLabel.labelName).
-- Money is integer minor units.

create table vip_level (
  id serial primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  -- the order of the levels: 0 is where every member starts
  level integer not null check (level between 0 and 99),
  name text not null,
  -- thresholds (0 = not required): a level is reached by meeting every monthly one that is set, or
  -- every lifetime one that is set (vip.rules.ts); monthly = the merchant's calendar month
  monthly_deposit bigint not null default 0 check (monthly_deposit >= 0),
  monthly_turnover bigint not null default 0 check (monthly_turnover >= 0),
  total_deposit bigint not null default 0 check (total_deposit >= 0),
  total_turnover bigint not null default 0 check (total_turnover >= 0),
  -- benefits, stored as data for the rebate run and the bonus engine (product type -> basis points)
  rebate_bps jsonb not null default '{}',
  daily_withdrawal_limit bigint check (daily_withdrawal_limit >= 0),
  birthday_bonus bigint not null default 0 check (birthday_bonus >= 0),
  upgrade_bonus bigint not null default 0 check (upgrade_bonus >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (merchant_id, level),
  unique (merchant_id, name)
);

-- The level each member holds (no row: level 0). Upgrades are one conditional upsert
-- (`... do update ... where vip_member.level < excluded.level`), so two evaluations racing for the
-- same member serialise on this row and only the first one upgrades.
create table vip_member (
  member_id integer primary key references member(id) on delete cascade,
  merchant_id integer not null references merchant(id) on delete cascade,
  level integer not null,
  updated_at timestamptz not null default now()
);
create index vip_member_merchant_idx on vip_member(merchant_id, level);

-- Every upgrade, once per member and level reached (the key of its notice and, later, its bonus).
create table vip_upgrade (
  id bigserial primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  member_id integer not null references member(id) on delete cascade,
  from_level integer not null,
  to_level integer not null,
  level_name text not null,
  -- which evaluation found it: the scheduled run or the member's own progress read
  cause text not null check (cause in ('job', 'progress')),
  created_at timestamptz not null default now(),
  unique (member_id, to_level)
);
create index vip_upgrade_merchant_idx on vip_upgrade(merchant_id, id desc);
