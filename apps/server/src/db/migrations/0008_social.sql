-- Social login (OpenID Connect: Google, Facebook). Provider settings per merchant (the environment's
-- SOCIAL_* settings apply to merchants without a row), identities bound to members (irreversibly: no
-- unbind), authorization requests in flight and the one-time tickets handed to the site.
create table social_provider (
  merchant_id integer not null references merchant(id) on delete cascade,
  provider text not null check (provider in ('google', 'facebook')),
  issuer text not null,
  client_id text not null,
  client_secret text,
  enabled boolean not null default true,
  updated_at timestamptz not null default now(),
  primary key (merchant_id, provider)
);

create table social_identity (
  id bigserial primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  member_id integer not null references member(id) on delete cascade,
  provider text not null check (provider in ('google', 'facebook')),
  issuer text not null,
  subject text not null,
  email text,
  created_at timestamptz not null
);
-- one identity binds one account; one account binds at most one identity per provider
create unique index social_identity_subject_uq on social_identity(merchant_id, issuer, subject);
create unique index social_identity_member_provider_uq on social_identity(member_id, provider);

-- An authorization request: state (hashed), nonce and PKCE verifier, valid 10 minutes, used once.
create table social_flow (
  id bigserial primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  provider text not null check (provider in ('google', 'facebook')),
  state_hash text not null unique check (state_hash ~ '^[0-9a-f]{64}$'),
  nonce text not null,
  code_verifier text not null,
  redirect_uri text not null,
  -- where the site wants the user back (a path on the site)
  return_path text not null default '/',
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);

-- What the callback hands to the site: 'login' (identity bound: trade for a session) or 'bind' (not
-- bound: the user binds an existing account or registers a new one). Ticket hashed, single use.
create table social_ticket (
  id bigserial primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  ticket_hash text not null unique check (ticket_hash ~ '^[0-9a-f]{64}$'),
  kind text not null check (kind in ('login', 'bind')),
  provider text not null check (provider in ('google', 'facebook')),
  issuer text not null,
  subject text not null,
  email text,
  name text,
  member_id integer references member(id) on delete cascade,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
