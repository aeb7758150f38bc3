-- Team figures (issue 15): valid bets, GGR, deposits, withdrawals, registrations and first deposits
-- per member per merchant-local hour and day, and per agent TEAM per hour (every member's figures
-- added to each of its uplines through member_tree), kept by an incremental roll-up job
-- (modules/team-figure) that reads the append-only journals (vendor_txn, ledger_entry, member) by id.
-- Nothing here is written by the wallet's hot path: the roll-up runs off it, in its own transactions.
--
-- Buckets are instants: `hour` is the UTC instant at which the merchant's clock shows hh:00 (so a
-- zone with a half-hour offset keeps local hours), `day` the merchant's calendar date. A round's
-- figures belong to the hour of its first bet, whenever it is settled: a late settlement updates an
-- old bucket. Money is integer minor units.

-- What makes a member "active" in a period (DOMAIN-NOTES §3): at least these deposits AND these
-- valid bets in the period. A merchant without a row uses the defaults.
create table figure_setting (
  merchant_id integer primary key references merchant(id) on delete cascade,
  active_min_deposit bigint not null default 0 check (active_min_deposit >= 0),
  active_min_valid_bet bigint not null default 100 check (active_min_valid_bet >= 0),
  updated_at timestamptz not null default now()
);

-- Bonus and rebate columns are kept at zero until the promotions issue posts those payouts: the
-- definitions (net result = GGR - bonuses - rebates) and their readers are fixed now, so filling
-- them later changes no caller.
create table figure_member_hour (
  merchant_id integer not null,
  member_id integer not null,
  hour timestamptz not null,
  valid_bet bigint not null default 0,
  win bigint not null default 0,
  bet_count integer not null default 0,
  deposit bigint not null default 0,
  deposit_count integer not null default 0,
  first_deposit integer not null default 0,
  withdrawal bigint not null default 0,
  withdrawal_count integer not null default 0,
  registered integer not null default 0,
  bonus bigint not null default 0,
  rebate bigint not null default 0,
  primary key (member_id, hour)
);
create index figure_member_hour_merchant_idx on figure_member_hour(merchant_id, hour);

create table figure_member_day (
  merchant_id integer not null,
  member_id integer not null,
  day date not null,
  valid_bet bigint not null default 0,
  win bigint not null default 0,
  bet_count integer not null default 0,
  deposit bigint not null default 0,
  deposit_count integer not null default 0,
  first_deposit integer not null default 0,
  withdrawal bigint not null default 0,
  withdrawal_count integer not null default 0,
  registered integer not null default 0,
  bonus bigint not null default 0,
  rebate bigint not null default 0,
  primary key (member_id, day)
);
create index figure_member_day_merchant_idx on figure_member_day(merchant_id, day);

-- An agent's team: its downlines (member_tree depth >= 1), not the agent itself (its own figures are
-- in figure_member_*; teamFigures adds them when asked).
create table figure_team_hour (
  merchant_id integer not null,
  agent_id integer not null,
  hour timestamptz not null,
  valid_bet bigint not null default 0,
  win bigint not null default 0,
  bet_count integer not null default 0,
  deposit bigint not null default 0,
  deposit_count integer not null default 0,
  first_deposit integer not null default 0,
  withdrawal bigint not null default 0,
  withdrawal_count integer not null default 0,
  registered integer not null default 0,
  bonus bigint not null default 0,
  rebate bigint not null default 0,
  primary key (agent_id, hour)
);

-- Each member's first deposit (first deposits are counted once, in the hour it happened).
create table figure_member_first (
  member_id integer primary key,
  merchant_id integer not null,
  first_deposit_at timestamptz not null,
  first_deposit_entry bigint not null
);

-- Roll-up progress per source journal. Every id <= done_id is counted (or will never exist: an
-- aborted insert's id). Ids above it may still be committed by transactions in flight, so an id gap
-- is only passed once the transactions that were in flight when it was seen (pend_xids, while
-- pend_max was the highest id) have ended. done_id moves in the transaction that adds the figures.
create table figure_rollup_state (
  source text primary key check (source in ('vendor_txn', 'ledger_entry', 'member')),
  done_id bigint not null default 0,
  pend_max bigint not null default 0,
  pend_xids text not null default '',
  updated_at timestamptz not null default now()
);
insert into figure_rollup_state (source) values ('vendor_txn'), ('ledger_entry'), ('member');
