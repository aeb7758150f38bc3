-- Member referral (issue 16, "invite friends"): a member's own referral code (member.referral_code,
-- stable and unique per merchant since 0004) invites friends through /register?referralCode=<code>.
-- Registration already names the referrer in member_profile.referrer_id; a member_referral row is
-- what the referral programme counts: one per invitee (its primary key: one referrer per invitee),
-- with the facts the abuse rules read, taken when the invitee registered.
create table member_referral (
  invitee_id integer primary key references member(id) on delete cascade,
  merchant_id integer not null references merchant(id) on delete cascade,
  referrer_id integer not null references member(id) on delete cascade,
  -- the invitee's registration address and device
  ip text,
  device_id text,
  -- the invitee registered from an address / a device the referrer has used (then a promotion that
  -- blocks it pays the referrer nothing for this invitee)
  same_ip boolean not null default false,
  same_device boolean not null default false,
  created_at timestamptz not null default now(),
  check (referrer_id <> invitee_id)
);
create index member_referral_referrer_idx on member_referral(referrer_id, created_at desc);
create index member_referral_merchant_idx on member_referral(merchant_id, created_at desc);

-- invitees registered before the programme existed keep their referrer
insert into member_referral (invitee_id, merchant_id, referrer_id, ip, created_at)
select p.member_id, p.merchant_id, p.referrer_id, m.registered_ip, p.created_at
from member_profile p
join member m on m.id = p.member_id
join member r on r.id = p.referrer_id and r.merchant_id = p.merchant_id
where p.referrer_id is not null and p.referrer_id <> p.member_id;

-- Referral promotions pay the REFERRER a reward per invitee (claim occurrence = the invitee's id):
-- when the invitee registers, makes a deposit of at least min_deposit, or reaches a valid turnover.
insert into promotion_trigger_kind (code) values ('REFERRAL_REGISTER'), ('REFERRAL_DEPOSIT'), ('REFERRAL_TURNOVER');

-- A referral promotion's own settings (no row: the defaults).
create table promotion_referral (
  promotion_id integer primary key references promotion(id) on delete cascade,
  merchant_id integer not null references merchant(id) on delete cascade,
  -- REFERRAL_TURNOVER: the invitee's valid bets (minor units) since registering that qualify (0: none)
  turnover_target bigint not null default 0 check (turnover_target >= 0),
  -- REFERRAL_DEPOSIT: only the invitee's first deposit counts (else the first one of min_deposit)
  first_deposit_only boolean not null default true,
  -- abuse rules: an invitee on the referrer's address or device does not qualify
  block_same_ip boolean not null default true,
  block_same_device boolean not null default true,
  -- the reward waits for the referrer to claim it (MCSFE_signUpRequestReward) instead of being paid
  claim_required boolean not null default false,
  updated_at timestamptz not null default now()
);
