-- Merchants (white-label brands) and the domains that resolve to them.
create table merchant (
  id serial primary key,
  code text not null unique check (code ~ '^[A-Za-z0-9_-]{1,32}$'),
  name text not null,
  currency text not null,
  currency_symbol text not null,
  currency_decimals smallint not null default 2 check (currency_decimals between 0 and 4),
  languages text[] not null,
  default_language text not null,
  theme text not null default 'dark' check (theme in ('dark', 'light')),
  time_zone text not null default 'Asia/Dhaka',
  logo_url text,
  copyright text not null default '',
  social_links jsonb not null default '[]',
  main_domain text not null,
  gtag_id text,
  image_cdns text[] not null default '{}',
  launch_game_cdns text[] not null default '{}',
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (default_language = any (languages))
);

create table merchant_domain (
  id serial primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  -- lower-case host without port
  domain text not null unique,
  route_type text not null default 'MAIN' check (route_type in ('MAIN', 'AGENT', 'APP', 'MOBILE')),
  created_at timestamptz not null default now()
);
create index merchant_domain_merchant_idx on merchant_domain(merchant_id);

-- White-label module switches (API-REFERENCE section 4), a tree per merchant.
create table merchant_module (
  merchant_id integer not null references merchant(id) on delete cascade,
  mod_id text not null check (mod_id ~ '^[A-Z0-9_]{1,40}$'),
  parent_mod_id text,
  name text not null,
  enabled boolean not null default true,
  sort integer not null default 0,
  updated_at timestamptz not null default now(),
  primary key (merchant_id, mod_id),
  foreign key (merchant_id, parent_mod_id) references merchant_module(merchant_id, mod_id) on delete cascade
);
