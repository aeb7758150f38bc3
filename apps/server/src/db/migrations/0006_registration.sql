-- Registration: the profile fields of SPEC §3's payload that are not account columns, how and where a
-- member registered, and agents' affiliate codes.

-- Agents' affiliate (invitation) codes. A code may be bound to one of the merchant's domains: then it
-- is valid only on registrations from that domain. An agent's own referral code (member.referral_code)
-- works everywhere.
create table agent_affiliate (
  id serial primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  member_id integer not null references member(id) on delete cascade,
  code text not null check (code ~ '^[A-Za-z0-9]{4,20}$'),
  code_key text not null check (code_key = lower(code)),
  domain text check (domain = lower(domain)),
  active boolean not null default true,
  created_at timestamptz not null default now()
);
create unique index agent_affiliate_code_uq on agent_affiliate(merchant_id, code_key);
create index agent_affiliate_member_idx on agent_affiliate(member_id);

create table member_profile (
  member_id integer primary key references member(id) on delete cascade,
  merchant_id integer not null references merchant(id) on delete cascade,
  qq_num text,
  line text,
  whatsapp text,
  facebook text,
  wechat text,
  id_number text,
  recommender_id text,
  -- who invited the member (referralCode) and through which agent code (affiliateCode)
  referrer_id integer references member(id) on delete set null,
  affiliate_id integer references agent_affiliate(id) on delete set null,
  affiliate_code text,
  register_mode text not null check (register_mode in ('username', 'mobile')),
  register_method text,
  register_url text,
  register_domain text,
  created_at timestamptz not null
);
create index member_profile_merchant_idx on member_profile(merchant_id);
create index member_profile_referrer_idx on member_profile(referrer_id) where referrer_id is not null;
