-- Mail outbox: every mail sent (or, without SMTP, only stored) for a merchant.
create table mail_outbox (
  id bigserial primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  member_id integer,
  kind text not null check (kind ~ '^[a-z_]{1,40}$'),
  to_address text not null,
  subject text not null,
  -- with SMTP the secrets (codes, links) are masked here; without SMTP this is the delivery channel
  body_text text not null,
  body_html text,
  transport text not null check (transport in ('outbox', 'smtp')),
  status text not null check (status in ('stored', 'sent', 'failed')),
  message_id text,
  error text,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
create index mail_outbox_merchant_created_idx on mail_outbox(merchant_id, created_at desc, id desc);

-- Sliding-window throttles of the security calls (forgot password, reset codes, payment password tries,
-- verification code sends), shared by every instance: one row per counted request.
create table security_throttle (
  id bigserial primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  -- what is counted ('reset_ip', 'reset_user', ...) and for whom (an IP, a username key, a member id)
  scope text not null check (scope ~ '^[a-z_]{1,40}$'),
  key text not null check (length(key) between 1 and 200),
  created_at timestamptz not null
);
create index security_throttle_lookup_idx on security_throttle(merchant_id, scope, key, created_at desc);
create index security_throttle_created_idx on security_throttle(created_at);

-- Password reset by e-mail: a single-use link token and a 6-digit code in the same mail, 30 minutes.
create table password_reset (
  id bigserial primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  member_id integer not null references member(id) on delete cascade,
  -- SHA-256 (hex) of the raw link token; the token exists only in the mail
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  -- SHA-256 (hex) of row salt + code
  code_hash text not null check (code_hash ~ '^[0-9a-f]{64}$'),
  code_salt text not null,
  attempts integer not null default 0 check (attempts >= 0),
  ip text,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index password_reset_member_idx on password_reset(member_id, created_at desc);

-- E-mail codes for the second step of a login from a new IP (method EMAIL), tied to the pending login.
create table login_email_code (
  id bigserial primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  member_id integer not null references member(id) on delete cascade,
  pending_id bigint not null references login_pending(id) on delete cascade,
  code_hash text not null check (code_hash ~ '^[0-9a-f]{64}$'),
  code_salt text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index login_email_code_pending_idx on login_email_code(pending_id, created_at desc);

-- TOTP (Google Authenticator) state beside member.totp_secret: a binding in progress and the last
-- time step accepted, so a code cannot be used twice.
create table member_totp (
  member_id integer primary key references member(id) on delete cascade,
  merchant_id integer not null references merchant(id) on delete cascade,
  -- base32 secret shown to the member, not yet proven by a code
  pending_secret text check (pending_secret ~ '^[A-Z2-7]{16,128}$'),
  pending_expires_at timestamptz,
  last_step bigint,
  updated_at timestamptz not null
);
