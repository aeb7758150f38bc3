-- Bet volume in a period (issue 16): a member whose valid bets (THE definition of the team figures:
-- settled rounds, accepted bets minus rollbacks) in the promotion's period reach its target claims
-- its reward, once per member and period occurrence (the claim's occurrence: 'day:<merchant day>',
-- 'week:<monday of the merchant week>', or '' for the promotion's whole schedule).
insert into promotion_trigger_kind (code) values ('BET_VOLUME');

-- minor units of valid bets to reach
alter table promotion add column bet_volume_target bigint check (bet_volume_target > 0);
-- DAILY and WEEKLY are merchant calendar days / weeks (Monday first); SCHEDULE: the promotion's window
alter table promotion add column bet_volume_period text
  check (bet_volume_period in ('DAILY', 'WEEKLY', 'SCHEDULE'));
-- catalogue game types whose bets count (empty: every game)
alter table promotion add column bet_volume_game_types text[] not null default '{}';
alter table promotion add constraint promotion_bet_volume_check
  check (trigger <> 'BET_VOLUME' or (bet_volume_target is not null and bet_volume_period is not null));
