-- Rebates, cash back and paid VIP benefits (issue 16, modules/rebate). Money is integer minor units.
--
-- A rebate is earned per member, merchant day and product type (game.game_type) on the valid bets of
-- that day (the team-figure definition: the stake of a settled round; a round belongs to the day of
-- its first accepted credit, so it is counted once and its day never changes), at the rate of the VIP
-- level the member holds. The nightly run writes one accrual row per (member, day, type) and pays it
-- through the ledger keyed by that row; a member may claim today's rebate before the run (manual
-- rebate), which writes claim rows covering the valid bets counted so far; the nightly run pays only
-- what the claims did not cover.

-- Per merchant: how rebates and cash back are paid. A merchant without a row uses the defaults.
create table rebate_setting (
  merchant_id integer primary key references merchant(id) on delete cascade,
  -- auto: the nightly run pays; claim: the nightly run accrues and the member claims (manual rebate)
  rebate_mode text not null default 'auto' check (rebate_mode in ('auto', 'claim')),
  -- an accrual below this is not paid (kept, marked below_min); 0 = any amount
  rebate_min_payout bigint not null default 0 check (rebate_min_payout >= 0),
  -- at most this per member and day and product type; null = no cap
  rebate_cap bigint check (rebate_cap >= 0),
  -- cash back on net losses: off, daily or weekly (Monday to Sunday, merchant time)
  cashback_period text not null default 'off' check (cashback_period in ('off', 'daily', 'weekly')),
  -- basis points of the net loss
  cashback_bps integer not null default 0 check (cashback_bps between 0 and 10000),
  -- net loss = stakes - wins (- bonuses and rebates paid in the period, when set)
  cashback_net_of_bonus boolean not null default true,
  cashback_min_loss bigint not null default 0 check (cashback_min_loss >= 0),
  cashback_cap bigint check (cashback_cap >= 0),
  updated_at timestamptz not null default now()
);

-- One run of the nightly rebate (kind rebate, a day) or of cash back (kind cashback, a day or week).
-- Unique per merchant, kind and period: a rerun finds it and finishes what is left (crash-resume).
create table rebate_run (
  id bigserial primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  kind text not null check (kind in ('rebate', 'cashback')),
  period_from date not null,
  period_to date not null,
  -- computed: every accrual row is written (same transaction); done: every payable one is paid
  status text not null default 'computed' check (status in ('computed', 'done')),
  members integer not null default 0,
  accrued bigint not null default 0,
  paid bigint not null default 0,
  started_at timestamptz not null default now(),
  finished_at timestamptz,
  unique (merchant_id, kind, period_from)
);
create index rebate_run_merchant_idx on rebate_run(merchant_id, id desc);

-- What a member earned: nightly rows (source run, one per member, day, type) and manual claims
-- (source claim; `base_to` = the day's valid bet of that type the claims have covered so far after
-- this one, unique, so two claims computed from the same state pay once).
create table rebate_accrual (
  id bigserial primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  member_id integer not null references member(id) on delete cascade,
  day date not null,
  game_type text not null,
  source text not null check (source in ('run', 'claim')),
  run_id bigint references rebate_run(id) on delete cascade,
  -- the valid bet this row pays on, and where the covered total stood after it
  base bigint not null check (base >= 0),
  base_to bigint not null,
  rate_bps integer not null,
  amount bigint not null check (amount >= 0),
  -- pending: to be paid by its run; accrued: waits for the member's claim (claim mode);
  -- paid; below_min: under the merchant's minimum, not paid
  status text not null check (status in ('pending', 'accrued', 'paid', 'below_min')),
  entry_id bigint references ledger_entry(id),
  created_at timestamptz not null default now(),
  paid_at timestamptz
);
create unique index rebate_accrual_run_uq on rebate_accrual(member_id, day, game_type) where source = 'run';
create unique index rebate_accrual_claim_uq on rebate_accrual(member_id, day, game_type, base_to) where source = 'claim';
create index rebate_accrual_run_idx on rebate_accrual(run_id, id) where run_id is not null;
create index rebate_accrual_member_idx on rebate_accrual(member_id, id desc);
create index rebate_accrual_open_idx on rebate_accrual(member_id) where status = 'accrued';

-- Cash back per member and period (one row per run and member).
create table cashback_accrual (
  id bigserial primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  member_id integer not null references member(id) on delete cascade,
  run_id bigint not null references rebate_run(id) on delete cascade,
  period_from date not null,
  stake bigint not null,
  win bigint not null,
  bonus bigint not null,
  net_loss bigint not null,
  rate_bps integer not null,
  amount bigint not null check (amount >= 0),
  status text not null check (status in ('pending', 'paid')),
  entry_id bigint references ledger_entry(id),
  created_at timestamptz not null default now(),
  paid_at timestamptz,
  unique (member_id, period_from)
);
create index cashback_accrual_run_idx on cashback_accrual(run_id, id);
create index cashback_accrual_member_idx on cashback_accrual(member_id, id desc);

-- VIP benefits paid (upgrade bonus once per member and level; birthday bonus once per member and year).
create table vip_benefit_paid (
  id bigserial primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  member_id integer not null references member(id) on delete cascade,
  kind text not null check (kind in ('upgrade', 'birthday')),
  -- upgrade: the level reached; birthday: the year
  occasion integer not null,
  level integer not null,
  amount bigint not null check (amount > 0),
  entry_id bigint references ledger_entry(id),
  created_at timestamptz not null default now(),
  unique (member_id, kind, occasion)
);

-- The member's birthday (profile; the VIP birthday bonus is paid on it).
alter table member add column if not exists birth_date date;
