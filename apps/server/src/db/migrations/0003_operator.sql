-- Operator (back-office) accounts, their sessions, and the audit log of operator changes.
create table operator (
  id serial primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  username text not null check (username ~ '^[A-Za-z0-9_.@-]{3,40}$'),
  -- argon2id PHC string
  password_hash text not null,
  role text not null default 'viewer' check (role in ('owner', 'admin', 'viewer')),
  active boolean not null default true,
  failed_attempts integer not null default 0 check (failed_attempts >= 0),
  locked_until timestamptz,
  last_login_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- usernames are unique per merchant regardless of case; logins look them up by lower(username)
create unique index operator_merchant_username_uq on operator(merchant_id, lower(username));

create table operator_session (
  id bigserial primary key,
  operator_id integer not null references operator(id) on delete cascade,
  merchant_id integer not null references merchant(id) on delete cascade,
  -- SHA-256 (hex) of the raw token; the raw token is shown to the client once and never stored
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null,
  last_seen_at timestamptz not null,
  -- sliding: moves forward with use, never past max_expires_at
  expires_at timestamptz not null,
  max_expires_at timestamptz not null,
  revoked_at timestamptz,
  ip text,
  user_agent text
);
create index operator_session_operator_idx on operator_session(operator_id);

create table audit_log (
  id bigserial primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  -- kept when the operator is removed; the username is copied so the row still says who
  operator_id integer references operator(id) on delete set null,
  operator_username text,
  action text not null check (action ~ '^[a-zA-Z0-9_.-]{1,64}$'),
  entity_type text not null,
  entity_id text,
  before jsonb,
  after jsonb,
  ip text,
  created_at timestamptz not null default now()
);
create index audit_log_merchant_created_idx on audit_log(merchant_id, created_at desc, id desc);
create index audit_log_merchant_action_idx on audit_log(merchant_id, action, created_at desc, id desc);
