-- Site content and site state per merchant: maintenance, region rules, banners, marquee notices,
-- popup and promotion announcements, help centre, customer service, resources, countries and the
-- server-driven registration field rules. Every row carries merchant_id; every query is scoped by it.
-- Per-language texts are jsonb maps keyed by upper-case language code ({"BN": "...", "EN": "..."}).

create table site_maintenance (
  merchant_id integer primary key references merchant(id) on delete cascade,
  enabled boolean not null default false,
  -- optional window; maintenance is on when enabled and now lies within the window (open ends allowed)
  start_time timestamptz,
  end_time timestamptz,
  message text,
  updated_at timestamptz not null default now(),
  check (start_time is null or end_time is null or start_time < end_time)
);

create table region_rule (
  id serial primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  action text not null check (action in ('allow', 'deny')),
  kind text not null check (kind in ('country', 'cidr')),
  -- country: ISO 3166-1 alpha-2 upper case; cidr: canonical '<address>/<prefix>' (a single IP is /32 or /128)
  value text not null check (
    (kind = 'country' and value ~ '^[A-Z]{2}$') or (kind = 'cidr' and value ~ '^[0-9A-Fa-f:.]+/[0-9]{1,3}$')
  ),
  note text not null default '',
  priority integer not null default 0,
  created_at timestamptz not null default now(),
  unique (merchant_id, action, kind, value)
);
create index region_rule_merchant_idx on region_rule(merchant_id);

create table banner (
  id serial primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  group_name text not null check (group_name ~ '^[a-z_]{1,32}$'),
  title jsonb not null default '{}',
  image_url text not null,
  sequence integer not null default 0,
  linkage_type text not null default 'NONE' check (linkage_type in ('URL', 'NONE', 'PROMOTION', 'GAME')),
  redirect text,
  external_link text,
  redirect_promotion_id integer,
  game_linkage_mapping text,
  platform text not null default 'ALL' check (platform in ('W', 'M', 'ALL')),
  active boolean not null default true,
  start_date timestamptz,
  end_date timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index banner_merchant_idx on banner(merchant_id, group_name, sequence);

create table notice (
  id serial primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  title jsonb not null default '{}',
  content jsonb not null default '{}',
  external_link text,
  display_speed integer not null default 50 check (display_speed between 1 and 1000),
  sequence integer not null default 0,
  platform text not null default 'ALL' check (platform in ('W', 'M', 'ALL')),
  active boolean not null default true,
  start_date timestamptz,
  end_date timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index notice_merchant_idx on notice(merchant_id, sequence);

create table popup (
  id serial primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  title jsonb not null default '{}',
  -- sanitised HTML per language
  content jsonb not null default '{}',
  execution text not null check (execution in ('A', 'B', 'F')),
  promotion_type text,
  platform text not null default 'ALL' check (platform in ('W', 'M', 'ALL')),
  sequence integer not null default 0,
  active boolean not null default true,
  start_date timestamptz,
  end_date timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index popup_merchant_idx on popup(merchant_id, sequence);

create table promotion_announcement (
  id serial primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  category text not null,
  title jsonb not null default '{}',
  content jsonb not null default '{}',
  images jsonb not null default '[]',
  platform text not null default 'ALL' check (platform in ('W', 'M', 'ALL')),
  sequence integer not null default 0,
  active boolean not null default true,
  start_date timestamptz,
  end_date timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index promotion_announcement_merchant_idx on promotion_announcement(merchant_id, sequence);

create table help_article (
  id serial primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  parent_id integer references help_article(id) on delete cascade,
  tag text not null,
  lang text not null,
  title text not null,
  content text not null default '',
  bg_color text,
  display boolean not null default true,
  -- ALL, WEB or MOBILE
  device text not null default 'ALL' check (device in ('ALL', 'WEB', 'MOBILE')),
  sequence integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index help_article_merchant_idx on help_article(merchant_id, lang, sequence);

create table customer_service (
  id serial primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  cs_type text not null check (cs_type ~ '^[A-Z_]{2,32}$'),
  name text not null,
  -- plain link; obfuscated on output (encodeCustomerServicePath)
  path text not null,
  sequence integer not null default 0,
  active boolean not null default true,
  created_at timestamptz not null default now()
);
create index customer_service_merchant_idx on customer_service(merchant_id, sequence);

create table site_resource (
  id serial primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  resource_type text not null,
  label_name_en text not null,
  url text not null,
  sequence integer not null default 0
);
create index site_resource_merchant_idx on site_resource(merchant_id, sequence);

create table merchant_country (
  merchant_id integer not null references merchant(id) on delete cascade,
  country_code text not null check (country_code ~ '^[A-Z]{2}$'),
  dialing_code text not null check (dialing_code ~ '^\+[0-9]{1,4}$'),
  name text not null,
  sort integer not null default 0,
  primary key (merchant_id, country_code)
);

create table register_field_rule (
  merchant_id integer not null references merchant(id) on delete cascade,
  field text not null check (field ~ '^[A-Za-z]{1,40}$'),
  accepted_pattern text not null default '*',
  min_length integer not null default 0 check (min_length >= 0),
  max_length integer not null default 255,
  pattern_id integer not null default 0,
  enabled boolean not null default true,
  required boolean not null default false,
  updated_at timestamptz not null default now(),
  primary key (merchant_id, field),
  check (max_length >= min_length)
);
