-- Active members of a team over any run of whole merchant days, answered without reading the
-- team's member rows (issue 15: a team of 100,000 members answers in well under a second).
--
-- A member is active in a period when its deposits AND its valid bets summed over the period reach
-- the merchant's thresholds (figure_setting). Both sums only grow as the period grows, so from a
-- given first day on, a member stays inactive until some day and is active from that day on. Only
-- the member's "play days" (merchant days with deposits or valid bets) change the sums, so for the
-- period [d1, d2] what matters is the member's first play day p >= d1 and the day the sums from p on
-- reach the thresholds, reach(p): active iff reach(p) <= d2. Written as a rectangle: every d1 in
-- (prev_day, day] and every d2 >= reach_day, where prev_day is the play day before p. A team's count
-- for [d1, d2] is then the number of its members' rectangles holding the point: one index range
-- per agent (figure_team_reach), whatever the team's size.
--
-- Report periods are at most REPORT_MAX_DAYS (92) days long, so a reach further than 91 days after
-- its play day is never needed and is kept as 'infinity' (with the other never-reached ones).
-- The roll-up job keeps both tables in the same transaction as the figures they come from; a change
-- of thresholds is rebuilt by the job, and until then figure_reach_state no longer matches
-- figure_setting and readers count from the member rows as before.

-- One row per member and play day.
create table figure_member_reach (
  merchant_id integer not null,
  member_id integer not null,
  day date not null,
  -- the member's play day before `day`; '-infinity' when there is none
  prev_day date not null,
  -- the first day d in [day, day + 91] whose sums over [day, d] reach the thresholds, else 'infinity'
  reach_day date not null,
  primary key (member_id, day),
  check (prev_day < day and reach_day >= day)
);
-- the roll-up looks up a member's play days whose reach may still move (reach_day >= a changed day)
create index figure_member_reach_open_idx on figure_member_reach(member_id, reach_day);

-- Per agent, how many members of its team (member_tree depth >= 1) hold each rectangle; rectangles
-- that never reach are not kept.
create table figure_team_reach (
  merchant_id integer not null,
  agent_id integer not null,
  day date not null,
  prev_day date not null,
  reach_day date not null,
  members integer not null check (members > 0),
  primary key (agent_id, day, prev_day, reach_day)
);

-- The thresholds the merchant's reach rows are computed with (no row: not built yet).
create table figure_reach_state (
  merchant_id integer primary key,
  min_deposit bigint not null,
  min_valid_bet bigint not null,
  built_at timestamptz not null default now()
);
