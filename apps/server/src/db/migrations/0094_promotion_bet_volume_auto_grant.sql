-- Bet volume promotions paid without a claim (issue 16). With auto_grant_since set (the operator's
-- `autoGrant`, since when it is on), the job `promotion.betVolume` pays every member of the audience
-- whose valid bets in a finished period (one that ended after auto_grant_since) reached the target
-- and who did not claim it: the same claim row a member's own claim takes (unique per promotion,
-- member and occurrence) and the same grant key (`promo:grant:<claim>`), so a member's claim and the
-- run racing pay once. Null: off (a period not claimed before it ends is not paid).
alter table promotion add column auto_grant_since timestamptz;
alter table promotion add constraint promotion_auto_grant_check
  check (auto_grant_since is null or trigger = 'BET_VOLUME');

-- A period the job has paid in full (its journal rows were final): later runs skip it.
create table promotion_auto_grant_run (
  merchant_id integer not null references merchant(id) on delete cascade,
  promotion_id integer not null references promotion(id) on delete cascade,
  -- the period's claim occurrence ('day:<date>', 'week:<Monday>', '' for the whole schedule)
  occurrence text not null,
  period_start timestamptz not null,
  period_end timestamptz not null,
  -- claims the run opened (members who had claimed themselves are not counted)
  granted integer not null check (granted >= 0),
  finished_at timestamptz not null default now(),
  primary key (promotion_id, occurrence)
);
