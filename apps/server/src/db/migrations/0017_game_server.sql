-- The built-in game server (src/games): launch tokens, game sessions, provably-fair seed pairs,
-- rounds and the shared crash rounds. It is a vendor like any other: real money moves only through
-- the seamless-wallet callbacks (vendor_txn); these tables hold what a vendor keeps on its side.

-- Single-use, short-lived launch tokens (the iframe URL's `t`). Stored hashed; burned on exchange.
create table gs_launch_token (
  token_hash bytea primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  -- null: an anonymous free trial
  member_id integer references member(id) on delete cascade,
  node_id integer not null,
  vendor_code text not null,
  game_code text not null,
  kind text not null check (kind in ('slot', 'crash', 'baccarat', 'dragonTiger', 'dice')),
  mode text not null check (mode in ('real', 'trial')),
  language text not null,
  -- the vendor session of a real launch: needed in debit bodies, never sent to the browser
  vendor_token text,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index gs_launch_token_expiry_idx on gs_launch_token(expires_at);

create table gs_session (
  id bigserial primary key,
  token_hash bytea not null unique,
  merchant_id integer not null references merchant(id) on delete cascade,
  member_id integer references member(id) on delete cascade,
  node_id integer not null,
  vendor_code text not null,
  game_code text not null,
  kind text not null,
  mode text not null check (mode in ('real', 'trial')),
  language text not null,
  vendor_token text,
  -- play money of a trial session (minor units); null for real money
  play_balance bigint check (play_balance >= 0),
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  check ((mode = 'trial') = (play_balance is not null))
);

-- Seed pairs (DOMAIN-NOTES §4). owner: 'm:<member id>' or 's:<session id>' (anonymous trial).
-- One active (unrevealed) pair per (merchant, owner, vendor).
create table gs_seed (
  id bigserial primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  owner text not null,
  vendor_code text not null,
  server_seed text not null,
  server_seed_hash text not null,
  client_seed text not null,
  -- the nonce the next bet uses
  nonce integer not null default 0,
  revealed_at timestamptz,
  created_at timestamptz not null default now()
);
create unique index gs_seed_active_uq on gs_seed(merchant_id, owner, vendor_code) where revealed_at is null;

-- One bet. The outcome is decided (from the seeds) and written before any money moves; status then
-- follows the wallet: pending -> debited -> settled, or failed (debit refused) / rolled_back.
create table gs_round (
  id text primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  session_id bigint not null references gs_session(id) on delete cascade,
  member_id integer references member(id) on delete cascade,
  vendor_code text not null,
  game_code text not null,
  kind text not null,
  mode text not null check (mode in ('real', 'trial')),
  seed_id bigint references gs_seed(id),
  nonce integer,
  params jsonb not null default '{}',
  outcome jsonb not null default '{}',
  stake bigint not null check (stake >= 0),
  win bigint not null default 0 check (win >= 0),
  -- the round id the wallet sees: the round's own, or for a free spin the paid spin that awarded it
  -- (its win is credited against that bet, so the betting record shows the spin with its free spins)
  wallet_round_id text not null,
  free_spin boolean not null default false,
  request_id text,
  crash_round_id text,
  status text not null check (status in ('pending', 'debited', 'settled', 'failed', 'rolled_back')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index gs_round_request_uq on gs_round(session_id, request_id) where request_id is not null;
-- the recovery job's scan
create index gs_round_open_idx on gs_round(updated_at) where status in ('pending', 'debited');
create index gs_round_history_idx on gs_round(session_id, created_at desc);
create index gs_round_crash_idx on gs_round(crash_round_id) where crash_round_id is not null;

-- Free spins a slot awarded, per owner, mode and game: played before any paid spin, at the stake of
-- the spin that awarded them, their wins credited to that spin's wallet round.
create table gs_free_spins (
  merchant_id integer not null references merchant(id) on delete cascade,
  owner text not null,
  mode text not null check (mode in ('real', 'trial')),
  vendor_code text not null,
  game_code text not null,
  remaining integer not null check (remaining >= 0),
  bet bigint not null check (bet >= 0),
  wallet_round_id text not null,
  primary key (merchant_id, owner, mode, vendor_code, game_code)
);

-- Crash: one hash chain per (merchant, vendor, game), played from its end; the last link is published
-- in advance as the commitment every later round's hash leads to.
create table gs_crash_chain (
  id bigserial primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  vendor_code text not null,
  game_code text not null,
  terminal_seed text not null,
  length integer not null,
  commitment text not null,
  -- rounds played so far (the next round uses link length - 1 - played)
  played integer not null default 0,
  created_at timestamptz not null default now()
);
create unique index gs_crash_chain_uq on gs_crash_chain(merchant_id, vendor_code, game_code)
  where played < length;

create table gs_crash_round (
  id text primary key,
  chain_id bigint not null references gs_crash_chain(id) on delete cascade,
  merchant_id integer not null references merchant(id) on delete cascade,
  vendor_code text not null,
  game_code text not null,
  link_index integer not null,
  hash text not null,
  point_x100 integer not null,
  starts_at timestamptz not null,
  status text not null check (status in ('betting', 'running', 'crashed', 'void')),
  crashed_at timestamptz,
  created_at timestamptz not null default now(),
  unique (chain_id, link_index)
);
create index gs_crash_round_game_idx on gs_crash_round(merchant_id, vendor_code, game_code, created_at desc);

-- The betting record reads vendor_txn per member and period: vendor_txn_member_idx (0013) serves it.
