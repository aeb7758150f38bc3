-- Game catalogue and lobby (issue 5). Vendors and games are global: imported from vendor feeds
-- (catalogue.import.ts) and shared by every merchant. A merchant sees a vendor's games when it has an
-- enabled merchant_vendor row (0009) for that vendor; merchant_game overrides single games.

-- Public node ids (nodeId in the API): one number space for vendor cards and games, never reused,
-- kept across re-imports (the importer upserts by vendor + game code).
create sequence catalogue_node_seq start 10001;

create table game_vendor (
  code text primary key check (code ~ '^[A-Za-z0-9_]{1,32}$'),
  node_id integer not null unique default nextval('catalogue_node_seq'),
  -- display name per upper-case language code: {"EN": "PG Soft", "BN": "পিজি সফট"}
  names jsonb not null check (jsonb_typeof(names) = 'object'),
  -- game types it serves (LIVE, RNG, ...)
  game_types text[] not null default '{}',
  -- card colour of the generated icons
  color text not null default '#3355aa' check (color ~ '^#[0-9a-fA-F]{6}$'),
  -- vendor-supplied icon URLs; null: generated (/game-icons/<code>.svg)
  large_icon text,
  small_icon text,
  status text not null default 'active' check (status in ('active', 'maintenance', 'disabled')),
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table game (
  node_id integer primary key default nextval('catalogue_node_seq'),
  vendor_code text not null references game_vendor(code),
  game_code text not null check (game_code ~ '^[A-Za-z0-9_.-]{1,64}$'),
  game_type text not null
    check (game_type in ('LIVE', 'RNG', 'FISH', 'SPORTS', 'ESPORTS', 'PVP', 'COCKFIGHT', 'LOTT', 'ELOTT')),
  -- RNG lobby sub-types and the wider classifications; null: a plain slot (or no sub-type)
  game_classify text
    check (game_classify in ('SC', 'VP', 'JP', 'TG', 'AC', 'BG', 'Crash', 'Arcade', 'Table', 'Jackpot')),
  names jsonb not null check (jsonb_typeof(names) = 'object'),
  -- every name in every language, NFC-normalised and lower-cased, newline-separated: what the
  -- substring search (gameName) scans with strpos. Written by the importer together with names.
  -- No trigram index: PGlite ships pg_trgm only as an extension loaded when the database is opened,
  -- and a scan of the 10,283 demo games takes 7-15 ms on PGlite (busy 2-core machine, 2026-11),
  -- answered from the lobby cache afterwards; revisit (pg_trgm GIN) when catalogues grow tenfold.
  search_text text not null,
  -- vendor-supplied icon URL; null: generated (/game-icons/<vendor>/<code>.svg)
  icon text,
  is_hot boolean not null default false,
  is_new boolean not null default false,
  -- return to player in basis points (9650 = 96.50 %)
  rtp_bps integer check (rtp_bps between 0 and 10000),
  -- minimum stake in hundredths of the currency unit (currency-neutral, like the feeds)
  min_bet_cents bigint check (min_bet_cents >= 0),
  lines integer check (lines >= 0),
  -- maintenance: listed and marked; disabled: never listed
  status text not null default 'active' check (status in ('active', 'maintenance', 'disabled')),
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (vendor_code, game_code)
);
-- lobby lists: by type (and vendor), in display order
create index game_type_list_idx on game (game_type, vendor_code, sort_order, node_id) where status <> 'disabled';
create index game_vendor_list_idx on game (vendor_code, sort_order, node_id) where status <> 'disabled';
create index game_hot_idx on game (sort_order, node_id) where is_hot and status <> 'disabled';

-- Per-merchant overrides of single games; null columns follow the catalogue.
create table merchant_game (
  merchant_id integer not null references merchant(id) on delete cascade,
  node_id integer not null references game(node_id) on delete cascade,
  enabled boolean,
  sort_order integer,
  is_hot boolean,
  updated_at timestamptz not null default now(),
  primary key (merchant_id, node_id)
);

create table member_favourite_game (
  member_id integer not null references member(id) on delete cascade,
  node_id integer not null references game(node_id) on delete cascade,
  merchant_id integer not null references merchant(id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (member_id, node_id)
);
create index member_favourite_game_recent_idx on member_favourite_game (member_id, created_at desc, node_id);

-- One row per member and game, moved to the front on every launch; trimmed to the newest few.
create table member_recent_game (
  member_id integer not null references member(id) on delete cascade,
  node_id integer not null references game(node_id) on delete cascade,
  merchant_id integer not null references merchant(id) on delete cascade,
  played_at timestamptz not null default now(),
  primary key (member_id, node_id)
);
create index member_recent_game_idx on member_recent_game (member_id, played_at desc, node_id);

-- Winner board: the biggest settled wins of a merchant, read newest-window-first by amount.
create index vendor_txn_win_idx on vendor_txn (merchant_id, amount desc)
  where op = 'credit' and status = 'ok' and amount > 0;
