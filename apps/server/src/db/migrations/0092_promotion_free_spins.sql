-- Free spins on a built-in slot as a promotion reward (issue 16). The promotion names the slot
-- (vendor and game code), the number of spins and the stake per spin (minor units); a claim grants
-- one promotion_free_spin row, played when the member opens that game for real money. Each spin is a
-- real provably fair round whose stake the house funds (no money of the member's moves); its win is
-- bonus money in the member's bonus account with the promotion's wagering (ledger key
-- `fs:win:<claim>:<n>`), raising the claim's bonus and its required turnover.
insert into promotion_reward_kind (code) values ('FREE_SPINS');
alter table promotion add column free_spins jsonb;
alter table promotion add constraint promotion_free_spins_reward_check
  check (reward_kind <> 'FREE_SPINS' or free_spins is not null);
-- a free-spins claim is granted before it has won anything: its bonus grows with each spin's win
alter table promotion_claim drop constraint if exists promotion_claim_bonus_amount_check;
alter table promotion_claim add constraint promotion_claim_bonus_amount_check check (bonus_amount >= 0);

create table promotion_free_spin (
  claim_id bigint primary key references promotion_claim(id) on delete cascade,
  merchant_id integer not null references merchant(id) on delete cascade,
  member_id integer not null references member(id) on delete cascade,
  vendor_code text not null,
  game_code text not null,
  granted integer not null check (granted > 0),
  -- spins not played yet; taken one at a time with the row locked, in the round's own transaction
  remaining integer not null check (remaining >= 0 and remaining <= granted),
  stake bigint not null check (stake > 0),
  -- the wins paid so far (bonus money)
  win bigint not null default 0 check (win >= 0),
  -- spins whose round was paid (a spin taken and not yet paid keeps its bonus open)
  settled integer not null default 0 check (settled >= 0),
  expires_at timestamptz,
  -- the unplayed spins were forfeited at expiry (remaining is then 0)
  forfeited integer not null default 0 check (forfeited >= 0),
  created_at timestamptz not null default now()
);
create index promotion_free_spin_open_idx on promotion_free_spin(member_id, vendor_code, game_code)
  where remaining > 0;
