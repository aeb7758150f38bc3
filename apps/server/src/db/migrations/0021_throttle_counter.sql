-- Attempt counters of every throttle (logins, payment and old passwords, codes, captchas), in the
-- shape rate-limiter-flexible's PostgreSQL store reads and writes: one row per merchant, rule and
-- subject ('<prefix>:<merchant>:<scope>:<subject>'), counted with one INSERT ... ON CONFLICT DO UPDATE
-- ... RETURNING, so counting an attempt and deciding on it cannot be raced. expire: epoch milliseconds.
create table throttle_counter (
  key varchar(255) primary key,
  points integer not null default 0,
  expire bigint
);
create index throttle_counter_expire_idx on throttle_counter(expire);

-- the sliding-window rows it replaces
drop table security_throttle;
