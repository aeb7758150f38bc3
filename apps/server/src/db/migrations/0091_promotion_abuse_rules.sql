-- Bonus abuse and eligibility rules per promotion (issue 16): "a second account from the same device
-- or IP does not collect a newbie bonus twice, by configurable rule", and eligibility by country and
-- device.
--  * one_per_ip (0037) and one_per_device: a claim is refused when another member of the merchant
--    already claimed the promotion from one of the claimant's fingerprints: the address of the
--    request and the member's registration address (one_per_ip); the device id of the member's
--    current session and of the member's first session, the one registration opened (one_per_device).
--  * countries: ISO 3166-1 alpha-2 codes the claim's address must be in (geoip-country, as region
--    rules use it); empty: any country. An address without a country (private, unknown) is refused.
--  * devices: WEB, MOBILE, APP, the kind of the client making the claim (its user agent); empty: any.
alter table promotion add column one_per_device boolean not null default false;
alter table promotion add column countries text[] not null default '{}';
alter table promotion add column devices text[] not null default '{}';
alter table promotion add constraint promotion_devices_check
  check (devices <@ array['WEB', 'MOBILE', 'APP']::text[]);
alter table promotion_claim add column device_id text;

-- The fingerprints of the claims of one-per-IP / one-per-device promotions: one row per promotion and
-- address or device, naming the member whose claim took it. The primary key decides between
-- concurrent claims from one address or device: the second insert waits for the first transaction
-- and, once it commits, finds the fingerprint taken by another member (refused) or by the same
-- member (a repeatable promotion's next occurrence: allowed). Taken in a fixed order (no deadlock).
create table promotion_claim_key (
  promotion_id integer not null references promotion(id) on delete cascade,
  merchant_id integer not null references merchant(id) on delete cascade,
  kind text not null check (kind in ('IP', 'DEVICE')),
  value text not null check (length(value) between 1 and 128),
  member_id integer not null references member(id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (promotion_id, kind, value)
);
create index promotion_claim_key_member_idx on promotion_claim_key(member_id);
