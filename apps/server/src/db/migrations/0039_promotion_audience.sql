-- Who a promotion is for (issue 16): besides everyone and new members, members of chosen VIP levels,
-- the teams of chosen agents (their whole downline), or a list of members; and members an operator
-- excludes from it whatever the audience. The lists are rows, one per level / agent / member, so
-- that the eligibility of a member is one indexed look-up (promotion.repo.ts `eligibleIds`).
alter table promotion drop constraint promotion_audience_check;
alter table promotion add constraint promotion_audience_check
  check (audience in ('ALL', 'NEW_MEMBERS', 'VIP_LEVELS', 'AGENT_TEAMS', 'MEMBER_LIST'));

create table promotion_audience (
  promotion_id integer not null references promotion(id) on delete cascade,
  -- VIP_LEVEL: ref is a level number; AGENT: an agent's member id (its downline is in);
  -- MEMBER: a member id (the member list); EXCLUDED: a member id kept out whatever the audience
  kind text not null check (kind in ('VIP_LEVEL', 'AGENT', 'MEMBER', 'EXCLUDED')),
  ref integer not null,
  primary key (promotion_id, kind, ref)
);
