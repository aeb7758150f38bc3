-- Daily check-in, missions and the leaderboard (issue 16).
--
-- A daily check-in is a promotion with trigger DAILY_LOGIN: its claims are repeatable, one per
-- merchant day (occurrence = the merchant-local date 'yyyy-MM-dd'), so the claim row's unique key
-- (promotion, member, occurrence) decides between concurrent check-ins of one day and the grant's
-- ledger key (promo:grant:<claim>) pays it once. The reward may escalate with the streak: the
-- day amounts below, day 1 of a streak pays the first, and after the last the list starts again.
insert into promotion_trigger_kind (code) values ('DAILY_LOGIN');

create table promotion_checkin (
  promotion_id integer primary key references promotion(id) on delete cascade,
  merchant_id integer not null references merchant(id) on delete cascade,
  day_amounts bigint[] not null
    check (cardinality(day_amounts) between 1 and 31 and 0 < all(day_amounts)),
  updated_at timestamptz not null default now()
);

-- The merchant days a member was active on the site (the heartbeat PROMOFE_recordCustomerHeartbeatDaily
-- and every check-in write one row a day): what "log in D days" missions count, together with the
-- days the member opened a session.
create table member_active_day (
  member_id integer not null references member(id) on delete cascade,
  day date not null,
  merchant_id integer not null references merchant(id) on delete cascade,
  primary key (member_id, day)
);

-- Missions an operator defines per merchant: a daily or weekly goal (merchant-local periods, weeks
-- start on Monday) whose progress is read from the real records, and a reward paid once per member
-- and period when claimed.
create table mission (
  id serial primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  title jsonb not null,
  -- SLOT_BET: valid bets on slots (minor units); DEPOSIT: credited deposits (minor units);
  -- ROUNDS: settled game rounds; LOGIN_DAYS: days active
  kind text not null check (kind in ('SLOT_BET', 'DEPOSIT', 'ROUNDS', 'LOGIN_DAYS')),
  period text not null check (period in ('DAILY', 'WEEKLY')),
  target bigint not null check (target > 0),
  reward_amount bigint not null check (reward_amount > 0),
  sequence integer not null default 0,
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (kind not in ('LOGIN_DAYS') or period = 'WEEKLY' or target = 1),
  check (kind <> 'LOGIN_DAYS' or target <= 7)
);
create index mission_merchant_idx on mission(merchant_id, active, sequence, id);

-- One reward per mission, member and period (the period's first merchant day): the unique key decides
-- between concurrent claims, and the ledger key mission:reward:<claim> is the claim's.
create table mission_claim (
  id bigserial primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  mission_id integer not null references mission(id) on delete cascade,
  member_id integer not null references member(id) on delete cascade,
  period_start date not null,
  amount bigint not null check (amount > 0),
  progress bigint not null,
  created_at timestamptz not null default now(),
  unique (mission_id, member_id, period_start)
);
create index mission_claim_member_idx on mission_claim(member_id, period_start);
