-- SMS verification codes and the built-in provider's outbox.

-- Per-merchant SMS settings; a merchant without a row uses the defaults.
create table sms_setting (
  merchant_id integer primary key references merchant(id) on delete cascade,
  expired_minutes integer not null default 5 check (expired_minutes between 1 and 60),
  max_attempts integer not null default 5 check (max_attempts between 1 and 20),
  per_number_per_hour integer not null default 5 check (per_number_per_hour > 0),
  per_ip_per_hour integer not null default 20 check (per_ip_per_hour > 0),
  -- codes the merchant may send per rolling 24 hours (provider credit)
  daily_quota integer not null default 10000 check (daily_quota >= 0),
  updated_at timestamptz not null default now()
);

-- One row per code request. Only the latest delivered row of (merchant, mobile, purpose) can verify.
-- Requests for numbers that get no message (SMS login for an unknown number) are recorded undelivered
-- so that throttling treats every caller alike.
create table sms_code (
  id bigserial primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  -- national number without trunk prefix (BD: 1712345678) and its country code (+880)
  mobile text not null check (mobile ~ '^[0-9]{4,16}$'),
  country_dialing_code text not null check (country_dialing_code ~ '^\+[1-9][0-9]{0,3}$'),
  purpose text not null check (purpose in ('login', 'register', 'reset', 'bind', 'verify')),
  -- '<salt hex>:<sha256 hex of salt:code>'; the code itself is never stored
  code_hash text not null,
  delivered boolean not null default true,
  member_id integer,
  expires_at timestamptz not null,
  attempts integer not null default 0 check (attempts >= 0),
  used_at timestamptz,
  ip text,
  created_at timestamptz not null
);
create index sms_code_mobile_idx on sms_code(merchant_id, mobile, created_at desc);
create index sms_code_purpose_idx on sms_code(merchant_id, mobile, purpose, created_at desc);
create index sms_code_ip_idx on sms_code(merchant_id, ip, created_at desc);

-- What the built-in provider "sent". The text carries the code on purpose: the outbox is the delivery,
-- read by operators (and end-to-end tests) through GET /admin/api/sms-outbox. Never logged.
create table sms_outbox (
  id bigserial primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  mobile text not null,
  country_dialing_code text not null,
  text text not null,
  purpose text not null check (purpose in ('login', 'register', 'reset', 'bind', 'verify')),
  created_at timestamptz not null
);
create index sms_outbox_merchant_idx on sms_outbox(merchant_id, created_at desc, id desc);
create index sms_outbox_mobile_idx on sms_outbox(merchant_id, mobile, created_at desc);
