-- Member points (issue 16, reward kind POINTS; the points issue's mall will spend them). Points are
-- not money: they live in their own small ledger, never in ledger_account, so no money balance,
-- withdrawable amount, account record or agent report (which sum a member's ledger lines) sees them.
-- member_points is the balance (never negative); points_entry the journal: one row per movement,
-- keyed per merchant by its cause (`promo:points:<claim>`), so a movement applies once whatever the
-- concurrency; the balance row is updated in the same transaction (balance = sum of its entries).
create table member_points (
  member_id integer primary key references member(id) on delete cascade,
  merchant_id integer not null references merchant(id) on delete cascade,
  balance bigint not null default 0 check (balance >= 0),
  updated_at timestamptz not null default now()
);

create table points_entry (
  id bigserial primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  member_id integer not null references member(id) on delete cascade,
  idem_key text not null check (length(idem_key) between 1 and 200),
  -- > 0 earned, < 0 spent
  amount bigint not null check (amount <> 0),
  balance_after bigint not null check (balance_after >= 0),
  -- what it was for: 'promotion' (a POINTS reward), later the mall's redemptions
  reason text not null check (reason ~ '^[a-z_]{1,32}$'),
  ref_type text,
  ref_id text,
  -- what the member's history shows: {"title": {"EN": ..., "BN": ...}} of a promotion's points
  memo jsonb,
  created_at timestamptz not null default now()
);
create unique index points_entry_key_uq on points_entry(merchant_id, idem_key);
create index points_entry_member_idx on points_entry(member_id, id desc);

-- POINTS: the promotion pays reward_points points (an integer) into the member's points balance
insert into promotion_reward_kind (code) values ('POINTS');
alter table promotion add column reward_points integer check (reward_points between 1 and 100000000);
alter table promotion add constraint promotion_points_reward_check
  check (reward_kind <> 'POINTS' or reward_points is not null);
-- the points a claim paid (its bonus_amount stays null: no money)
alter table promotion_claim add column points integer check (points > 0);
