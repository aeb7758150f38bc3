-- The agent's team (issue 15): affiliate links an agent manages itself, what an agent may see of its
-- downline, and the announcements operators write for agents (AGEANNOUNCE3).

-- An affiliate link is an agent_affiliate row (0006; the registration module owns it): its code is
-- what `/register?referralCode=` carries and registration already resolves. Agents now create and
-- delete their own links. A deleted link keeps its row (members registered through it still name it
-- in member_profile.affiliate_id, and its code is never handed to anyone else) but resolves no more.
alter table agent_affiliate
  -- what a registration through the link becomes: 0 member, 1 agent (a sub-agent)
  add column member_type smallint not null default 0 check (member_type in (0, 1)),
  add column remark text check (length(remark) <= 100),
  -- the register page resolving the link's code (GET /wps/agent/affiliate), counted in place
  add column click_count bigint not null default 0 check (click_count >= 0),
  add column deleted_at timestamptz,
  add check (deleted_at is null or not active);
-- an agent's own links, newest first
create index agent_affiliate_member_live_idx on agent_affiliate(member_id, id desc) where deleted_at is null;
-- registrations through a link (counted per link, listed per agent)
create index member_profile_affiliate_idx on member_profile(affiliate_id) where affiliate_id is not null;

-- What agents of a merchant may see and do in the agent centre; no row means the defaults.
create table agent_setting (
  merchant_id integer primary key references merchant(id) on delete cascade,
  -- whose balance an agent's downline list shows: nobody's, its direct downline's, or its whole team's
  downline_balance text not null default 'none' check (downline_balance in ('none', 'direct', 'team')),
  -- live affiliate links one agent may hold
  max_affiliate_links integer not null default 20 check (max_affiliate_links between 1 and 1000),
  updated_at timestamptz not null default now()
);

-- Announcements operators write for the merchant's agents, read in the agent centre (agentAnnouncement).
create table agent_announcement (
  id serial primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  -- per upper-case language code; title plain text, content sanitised HTML
  title jsonb not null default '{}' check (jsonb_typeof(title) = 'object'),
  content jsonb not null default '{}' check (jsonb_typeof(content) = 'object'),
  sequence integer not null default 0,
  active boolean not null default true,
  start_date timestamptz,
  end_date timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (start_date is null or end_date is null or start_date < end_date)
);
create index agent_announcement_merchant_idx on agent_announcement(merchant_id, sequence, id);

-- The downline list's deposit totals read one member's finished orders of a period.
create index deposit_order_member_finished_idx on deposit_order(member_id, finished_at) where status = 'SUCCESS';
