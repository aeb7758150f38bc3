-- Settlement runs (issue 15): one row per settlement of (merchant, kind, period, period start) that
-- had something to settle, by the schedule or re-run by an operator. A row whose finished_at is
-- null was cut short (a crash): the next run settles what it left, the payouts' own keys keep every
-- payout once. Totals count the payouts this run wrote (not those of earlier runs).
create table settlement_run (
  id serial primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  kind text not null check (kind in ('dividend', 'dailySalary', 'hourlySalary', 'realtimeSalary')),
  period text not null,
  period_start timestamptz not null,
  period_end timestamptz not null check (period_end > period_start),
  trigger text not null check (trigger in ('schedule', 'operator')),
  operator_id integer references operator(id) on delete set null,
  started_at timestamptz not null,
  finished_at timestamptz,
  contracts integer not null default 0,
  settled integer not null default 0,
  total_owed bigint not null default 0,
  total_paid bigint not null default 0,
  short_count integer not null default 0,
  error text
);
create index settlement_run_merchant_idx on settlement_run(merchant_id, period_start desc, id desc);

-- Real-time salary's progress per merchant: every 5-minute window before settled_to is settled.
-- Windows are settled in order once final (closed, and no transaction that began before their end
-- is still open), so a round is counted in the window of its settlement time, exactly once.
create table realtime_salary_progress (
  merchant_id integer primary key references merchant(id) on delete cascade,
  settled_to timestamptz not null
);
