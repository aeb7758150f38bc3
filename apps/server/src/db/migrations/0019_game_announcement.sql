-- Game announcements (issue 5, SPEC §7 Games): notices of a merchant scoped to one vendor, and
-- optionally to one of its games and/or one game type. Shown on the vendor's lobby page and at the
-- top of the game popup; served by GCSGAME_getGameAnnouncements.
create table game_announcement (
  id serial primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  -- vendors and games are global (0015); an announcement goes with its vendor or game
  vendor_code text not null references game_vendor(code) on delete cascade,
  -- null: every game of the vendor (the service checks the game belongs to the vendor)
  node_id integer references game(node_id) on delete cascade,
  -- null: every game type
  game_type text
    check (game_type in ('LIVE', 'RNG', 'FISH', 'SPORTS', 'ESPORTS', 'PVP', 'COCKFIGHT', 'LOTT', 'ELOTT')),
  -- per upper-case language code; title plain text, content sanitised HTML
  title jsonb not null default '{}' check (jsonb_typeof(title) = 'object'),
  content jsonb not null default '{}' check (jsonb_typeof(content) = 'object'),
  sequence integer not null default 0,
  active boolean not null default true,
  start_date timestamptz,
  end_date timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (start_date is null or end_date is null or start_date < end_date)
);
-- the public read loads a merchant's rows at once (then cached)
create index game_announcement_merchant_idx on game_announcement (merchant_id, sequence, id);
