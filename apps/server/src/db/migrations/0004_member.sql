-- Members (players, agents, trial and internal accounts), their upline tree, sessions, the login
-- record, per-merchant authentication settings, payload-encryption keys, captchas and slider challenges.
create table member (
  id serial primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  -- as typed at registration; username_key = lower(username) carries the case-insensitive uniqueness
  username text not null check (length(username) between 1 and 64),
  username_key text not null check (username_key = lower(username)),
  -- argon2id PHC string
  password_hash text not null,
  -- 0 member; agents 1, 2, 41, 42; 4 trial; 9 non-member/internal (may not log in)
  type smallint not null default 0 check (type in (0, 1, 2, 4, 9, 41, 42)),
  status text not null default 'active' check (status in ('active', 'blocked')),
  nickname text,
  -- real name
  payee_name text,
  email text,
  mobile text,
  country_dialing_code text,
  -- the member's own code for inviting others
  referral_code text not null check (referral_code ~ '^[A-Za-z0-9]{4,16}$'),
  -- direct upline; the full chain is in member_tree
  parent_id integer references member(id) on delete restrict,
  vip_label text not null default 'VIP0',
  language text,
  avatar text,
  first_login_at timestamptz,
  last_login_at timestamptz,
  password_changed_at timestamptz not null default now(),
  must_change_password boolean not null default false,
  payment_password_hash text,
  -- base32 TOTP secret (two-factor module); bound_at set once the member proved a code
  totp_secret text,
  totp_bound_at timestamptz,
  -- play money of trial accounts, minor units (the wallet issue replaces it)
  trial_balance bigint not null default 0 check (trial_balance >= 0),
  registered_ip text,
  register_device text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index member_merchant_username_uq on member(merchant_id, username_key);
create unique index member_merchant_referral_uq on member(merchant_id, referral_code);
-- one account per mobile number per merchant (SMS login and reset by phone look members up by it)
create unique index member_merchant_mobile_uq on member(merchant_id, mobile) where mobile is not null;
create index member_merchant_email_idx on member(merchant_id, lower(email)) where email is not null;
create index member_parent_idx on member(parent_id) where parent_id is not null;

-- Closure table of the upline tree: one row per (ancestor, descendant) pair including the member
-- itself at depth 0, written once at registration. "Downline of X" = rows with ancestor X, depth > 0;
-- "upline of Y" = rows with descendant Y.
create table member_tree (
  merchant_id integer not null references merchant(id) on delete cascade,
  ancestor_id integer not null references member(id) on delete cascade,
  descendant_id integer not null references member(id) on delete cascade,
  depth integer not null check (depth >= 0),
  primary key (ancestor_id, descendant_id)
);
create index member_tree_descendant_idx on member_tree(descendant_id, depth);
create index member_tree_ancestor_depth_idx on member_tree(ancestor_id, depth);

create table member_session (
  id bigserial primary key,
  member_id integer not null references member(id) on delete cascade,
  merchant_id integer not null references merchant(id) on delete cascade,
  -- SHA-256 (hex) of the raw token; the raw token is given to the client once and never stored
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  device_id text,
  ip text,
  user_agent text,
  created_at timestamptz not null,
  last_seen_at timestamptz not null,
  -- sliding: moves forward with use, never past max_expires_at
  expires_at timestamptz not null,
  max_expires_at timestamptz not null,
  revoked_at timestamptz,
  revoked_reason text check (revoked_reason ~ '^[a-z_]{1,32}$')
);
create index member_session_member_idx on member_session(member_id) where revoked_at is null;

-- IPs a member has logged in from; a login from any other IP may need extra verification (LOGINIPVERF3).
create table member_known_ip (
  member_id integer not null references member(id) on delete cascade,
  merchant_id integer not null references merchant(id) on delete cascade,
  ip text not null,
  first_seen timestamptz not null,
  last_seen timestamptz not null,
  primary key (member_id, ip)
);

-- A login that passed the password but still needs a second step (new-IP verification, TOTP binding).
create table login_pending (
  id bigserial primary key,
  -- SHA-256 (hex) of the ticket handed to the client
  ticket_hash text not null unique check (ticket_hash ~ '^[0-9a-f]{64}$'),
  member_id integer not null references member(id) on delete cascade,
  merchant_id integer not null references merchant(id) on delete cascade,
  reason text not null check (reason in ('ip_verify', 'bind')),
  methods text[] not null default '{}',
  login_type text not null default 'username',
  agent_login boolean not null default false,
  attempts integer not null default 0 check (attempts >= 0),
  ip text,
  device_id text,
  user_agent text,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index login_pending_member_idx on login_pending(member_id);

-- The record of every login, failure, lockout, logout, password change and verification, for the
-- member and the operator. Never holds a password, code or token.
create table auth_event (
  id bigserial primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  member_id integer references member(id) on delete set null,
  -- the username as tried (trimmed); username_key its lower case, for counting failures per account
  username text,
  username_key text,
  kind text not null check (kind ~ '^[a-z_]{1,40}$'),
  result text not null check (result ~ '^[a-z_]{1,40}$'),
  ip text,
  device_id text,
  user_agent text,
  detail jsonb,
  created_at timestamptz not null
);
create index auth_event_merchant_created_idx on auth_event(merchant_id, created_at desc, id desc);
create index auth_event_member_created_idx on auth_event(member_id, created_at desc, id desc)
  where member_id is not null;
create index auth_event_username_idx on auth_event(merchant_id, username_key, kind, created_at desc)
  where username_key is not null;
create index auth_event_ip_idx on auth_event(merchant_id, ip, kind, created_at desc);

-- Authentication settings per merchant; a merchant without a row uses these defaults.
create table member_auth_setting (
  merchant_id integer primary key references merchant(id) on delete cascade,
  -- a new login revokes the member's other sessions
  single_session boolean not null default true,
  session_idle_minutes integer not null default 60 check (session_idle_minutes > 0),
  session_max_hours integer not null default 24 check (session_max_hours > 0),
  -- plain JSON bodies on calls the contract marks encrypted (server-to-server tools)
  allow_plain_payloads boolean not null default true,
  captcha_always boolean not null default false,
  -- username logins need a solved slider challenge (SPEC 4); off for server-to-server tools
  slider_required boolean not null default true,
  captcha_after_failures integer not null default 2 check (captcha_after_failures >= 0),
  lockout_failures integer not null default 5 check (lockout_failures > 0),
  lockout_minutes integer not null default 5 check (lockout_minutes > 0),
  -- failures older than this no longer count towards captcha or lockout
  failure_window_minutes integer not null default 15 check (failure_window_minutes > 0),
  -- failed logins from one IP (any username) within the window before that IP is throttled
  ip_lockout_failures integer not null default 20 check (ip_lockout_failures > 0),
  -- the merchant's default password ({secret} in the spec); accounts created with it must change it.
  -- Stored as given so operators and agents can hand it out; compared at login to force a change.
  default_password text,
  password_max_age_days integer not null default 90 check (password_max_age_days > 0),
  age_limit integer not null default 18 check (age_limit between 0 and 99),
  trial_balance_minor bigint not null default 200000 check (trial_balance_minor >= 0),
  updated_at timestamptz not null default now()
);

-- RSA-2048 key pairs for payload encryption, per merchant. One active key; retired keys keep
-- decrypting until retired_at + the grace period.
create table rsa_key (
  id text primary key check (id ~ '^[A-Za-z0-9_-]{4,40}$'),
  merchant_id integer not null references merchant(id) on delete cascade,
  -- base64 of the SubjectPublicKeyInfo DER
  public_spki text not null,
  -- base64 PKCS#8 DER; AES-256-GCM-sealed with a key derived from APP_SECRET when it is set
  -- ('enc:' prefix), else stored plain (development and tests)
  private_pkcs8 text not null,
  active boolean not null default true,
  created_at timestamptz not null,
  retired_at timestamptz
);
create unique index rsa_key_active_uq on rsa_key(merchant_id) where active;

create table captcha (
  id uuid primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  -- SHA-256 (hex) of the digits
  answer_hash text not null,
  -- the browser's captchaId cookie
  browser_id text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index captcha_browser_idx on captcha(merchant_id, browser_id, created_at desc);

create table slider_challenge (
  id uuid primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  browser_id text,
  target_x integer not null,
  piece_y integer not null,
  tolerance integer not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  verified_at timestamptz,
  -- SHA-256 (hex) of the slider token issued on a successful verify; the token is single use
  token_hash text unique,
  used_at timestamptz
);
