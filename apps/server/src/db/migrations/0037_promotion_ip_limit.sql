-- One newbie bonus per address (issue 16, bonus abuse): a promotion may be limited to one claim per
-- IP address, so a second account opened from the same address does not collect it again. The
-- claim keeps the address it came from; for such a promotion the address is also its limit key, and
-- a unique index decides between concurrent claims from one address as it does for one member.
alter table promotion add column one_per_ip boolean not null default false;
alter table promotion_claim add column ip text;
alter table promotion_claim add column ip_key text;
create unique index promotion_claim_ip_uq on promotion_claim(promotion_id, ip_key) where ip_key is not null;
