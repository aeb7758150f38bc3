-- The rebate's valid bets rolled up through the day (issue 16, modules/rebate/rebate.rollup.ts): per
-- merchant day (of the round's first accepted credit), member and product type, the valid bet of the
-- settled rounds, as the statement of rebate.bets.ts computes it from the journal. The roll-up follows
-- the team figures' final vendor_txn id (figure_rollup_state) and adds each range's change of every
-- round it touches, so the nightly close reads a day's rows of this table instead of the journal.
-- Member types are not filtered here (the close joins them, as the statement does); a game unknown to
-- the catalogue when its rows are rolled up earns nothing.
create table rebate_bet_day (
  merchant_id integer not null,
  day date not null,
  member_id integer not null,
  game_type text not null,
  valid_bet bigint not null default 0,
  primary key (merchant_id, day, member_id, game_type)
);

-- How far the roll-up has counted the wallet journal: every vendor_txn id up to done_id.
create table rebate_rollup_state (
  id boolean primary key default true check (id),
  done_id bigint not null default 0,
  updated_at timestamptz not null default now()
);
insert into rebate_rollup_state default values;
