-- Promotion applications (issue 16, SPEC 3 activity application, SPEC 5 / 9 limits): a promotion with
-- the APPLICATION trigger is applied for by hand with a remark (at most 140 characters) and up to 3
-- png/jpeg images (at most 5 MB each, stored here like deposit receipts); an operator approves it (the
-- promotion's reward is paid through its grant: a promotion_claim with occurrence '', once per member)
-- or rejects it with a reason. At most one application per member and occurrence is open or approved
-- at a time (the partial unique index decides between parallel applies); a rejected one may be
-- followed by another when the promotion's settings allow it.
insert into promotion_trigger_kind (code) values ('APPLICATION');

create table promotion_application (
  id serial primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  promotion_id integer not null references promotion(id) on delete cascade,
  member_id integer not null references member(id) on delete cascade,
  -- '' : once per member (the claim's occurrence when approved)
  occurrence text not null default '',
  status text not null default 'APPLYING' check (status in ('APPLYING', 'APPROVED', 'REJECTED')),
  remark text not null check (char_length(remark) between 1 and 140),
  reason text check (reason is null or char_length(reason) between 1 and 140),
  -- the claim the approval paid
  claim_id bigint references promotion_claim(id) on delete set null,
  decided_by integer references operator(id) on delete set null,
  decided_at timestamptz,
  ip text,
  created_at timestamptz not null default now(),
  check ((status = 'REJECTED') = (reason is not null))
);
create unique index promotion_application_open_uq on promotion_application(promotion_id, member_id, occurrence)
  where status <> 'REJECTED';
create index promotion_application_queue_idx on promotion_application(merchant_id, status, id);
create index promotion_application_member_idx on promotion_application(member_id, promotion_id, id);

create table promotion_application_image (
  application_id integer not null references promotion_application(id) on delete cascade,
  idx smallint not null check (idx between 0 and 2),
  content_type text not null check (content_type in ('image/png', 'image/jpeg')),
  data bytea not null check (octet_length(data) between 1 and 5242880),
  primary key (application_id, idx)
);

-- An APPLICATION promotion's own settings; no row: a rejected member may not apply again.
create table promotion_application_setting (
  promotion_id integer primary key references promotion(id) on delete cascade,
  merchant_id integer not null references merchant(id) on delete cascade,
  allow_reapply boolean not null default false,
  updated_at timestamptz not null default now()
);
