-- Promotions and their bonus wallet (issue 16, foundation slice). Amounts are integer minor units.
-- A promotion is defined per merchant by an operator; a member's participation is one
-- promotion_claim row (unique per promotion and member: "once per member"), whose bonus money lives in
-- the member's ledger account 'bonus' until its wagering is met (converted to 'main') or it expires
-- (forfeited back to the house's 'bonus' account). The ledger keys of grant, conversion and forfeit
-- come from the claim, so none can be applied twice whatever the concurrency.
create table promotion (
  id serial primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  -- the original's announcement categories (API-REFERENCE 3.7), which the SPEC 2.7 filters show
  category text not null check (category in ('sport_promo', 'live_promo', 'rng_promo', 'pvp_promo',
    'fish_promo', 'lotto_promo', 'rebate_promo', 'point_mall', 'player_rank_rules', 'deposit_promo',
    'app_download', 'new_player', 'other_promo')),
  tags text[] not null default '{}',
  -- per language (EN, BN): titles are plain text, content sanitised HTML
  title jsonb not null,
  content jsonb not null default '{}',
  sequence integer not null default 0,
  active boolean not null default true,
  start_at timestamptz,
  end_at timestamptz,
  -- ALL: every member; NEW_MEMBERS: members who registered on or after the promotion's start
  audience text not null check (audience in ('ALL', 'NEW_MEMBERS')),
  -- FIRST_DEPOSIT: joined first, granted when the member's first deposit is credited;
  -- CLAIM: granted when the member claims it (a sign-up bonus for new members is CLAIM + NEW_MEMBERS)
  trigger text not null check (trigger in ('FIRST_DEPOSIT', 'CLAIM')),
  -- PERCENT: reward_bp of the deposit, at most reward_cap; FIXED: reward_amount
  reward_kind text not null check (reward_kind in ('PERCENT', 'FIXED')),
  reward_amount bigint check (reward_amount > 0),
  reward_bp integer check (reward_bp between 1 and 100000),
  reward_cap bigint check (reward_cap > 0),
  min_deposit bigint not null default 0 check (min_deposit >= 0),
  -- turnover to bet before the bonus converts: wagering_x100 / 100 times the base (0: paid as cash)
  wagering_x100 integer not null default 0 check (wagering_x100 between 0 and 100000),
  wagering_base text not null default 'BONUS' check (wagering_base in ('BONUS', 'BONUS_DEPOSIT')),
  -- days the bonus stays convertible after the grant (null: no expiry)
  expiry_days integer check (expiry_days between 1 and 3650),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (reward_kind <> 'FIXED' or reward_amount is not null),
  check (reward_kind <> 'PERCENT' or (reward_bp is not null and reward_cap is not null)),
  check (reward_kind <> 'PERCENT' or trigger = 'FIRST_DEPOSIT'),
  check (end_at is null or start_at is null or end_at > start_at)
);
create index promotion_merchant_idx on promotion(merchant_id, active, sequence, id);

create table promotion_claim (
  id bigserial primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  promotion_id integer not null references promotion(id) on delete cascade,
  member_id integer not null references member(id) on delete cascade,
  -- JOINED: waiting for its trigger; ACTIVE: bonus granted, wagering open; CONVERTED: paid out as real
  -- money (also a reward without wagering); FORFEITED: expired before its wagering was met
  status text not null check (status in ('JOINED', 'ACTIVE', 'CONVERTED', 'FORFEITED')),
  deposit_order_no text,
  deposit_amount bigint,
  bonus_amount bigint check (bonus_amount > 0),
  required_turnover bigint not null default 0 check (required_turnover >= 0),
  -- database time of the grant: wagering counts rounds whose first bet is at or after it (the wallet
  -- journal stamps its rows with the database's now())
  granted_at timestamptz,
  expires_at timestamptz,
  closed_at timestamptz,
  created_at timestamptz not null default now(),
  check (status = 'JOINED' or (bonus_amount is not null and granted_at is not null))
);
create unique index promotion_claim_once_uq on promotion_claim(promotion_id, member_id);
create index promotion_claim_member_idx on promotion_claim(member_id, id desc);
create index promotion_claim_active_idx on promotion_claim(merchant_id, member_id) where status = 'ACTIVE';
