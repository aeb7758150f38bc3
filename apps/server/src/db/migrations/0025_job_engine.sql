-- The job engine (issue 14, src/jobs/scheduler.ts): pg-boss keeps its queue in its own schema
-- (`pgboss`, created and versioned by pg-boss itself at start, never by these migrations); what
-- operators read (`GET /admin/api/jobs`) is kept here, in ours, so it exists before the engine first
-- starts and on every test database.
-- One row per job name: how often it ran and failed, when, where, and the last error.
create table job_state (
  name text primary key,
  runs bigint not null default 0,
  failures bigint not null default 0,
  last_started_at timestamptz,
  last_finished_at timestamptz,
  last_succeeded_at timestamptz,
  last_error text,
  last_instance text
);
-- A job whose last retry failed: the dead letter, kept for operators (nothing retries it again).
create table job_dead_letter (
  id bigserial primary key,
  name text not null,
  job_id text,
  data jsonb,
  attempts integer not null,
  error text not null,
  instance text,
  failed_at timestamptz not null default now()
);
create index job_dead_letter_failed_idx on job_dead_letter (failed_at desc);
-- The crash game's loop runs on one leader instance, which finds the tables with a round still open
-- (betting or running) on every pass: a small partial index keeps that lookup off the round history.
create index gs_crash_round_open_idx on gs_crash_round (merchant_id, vendor_code, game_code)
  where status in ('betting', 'running');
