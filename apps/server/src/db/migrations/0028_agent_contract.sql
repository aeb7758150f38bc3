-- Agent contracts (issue 15; SPEC 3, 4; DOMAIN-NOTES 3): dividend, daily, hourly and real-time salary.
-- An upline (null = the platform, for top-level agents) offers a contract to a direct downline agent;
-- the downline accepts (active) or rejects it; an active one ends terminated or superseded.
--
-- The rate invariant (a downline's rates never exceed its upline's active contract of that kind,
-- point by point over the tier conditions) spans a whole chain of agents, so every change to the
-- contracts of one kind in one merchant takes the row lock of agent_contract_lock(merchant, kind)
-- first (see agent-contract.service.ts). Contract changes are rare human actions; settlement only
-- reads. Rates are integer basis points (1 = 0.01 %); money is minor units.
create table agent_contract (
  id serial primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  kind text not null check (kind in ('dividend', 'dailySalary', 'hourlySalary', 'realtimeSalary')),
  -- null: the platform gave it (an operator), to a top-level agent
  upline_id integer references member(id) on delete restrict,
  downline_id integer not null references member(id) on delete restrict,
  offered_by_operator_id integer references operator(id) on delete set null,
  status text not null check (status in ('offered', 'active', 'rejected', 'terminated', 'superseded', 'withdrawn')),
  -- the settlement period: a dividend's chosen one; daily / hourly / realtime (5 minutes) for salaries
  period text not null check (
    (kind = 'dividend' and period in ('daily', 'weekly', 'semimonthly', 'monthly'))
    or (kind = 'dailySalary' and period = 'daily')
    or (kind = 'hourlySalary' and period = 'hourly')
    or (kind = 'realtimeSalary' and period = 'realtime')),
  -- real-time salary only: rates on the stake of a won / lost bet, and the smallest stake that earns
  profit_rate_bp integer check (profit_rate_bp between 0 and 10000),
  loss_rate_bp integer check (loss_rate_bp between 0 and 10000),
  min_bet bigint check (min_bet >= 0),
  check ((kind = 'realtimeSalary') = (profit_rate_bp is not null and loss_rate_bp is not null and min_bet is not null)),
  check (upline_id is null or upline_id <> downline_id),
  -- 1 for the downline's first contract of this kind, then 2, 3, ...
  version integer not null check (version > 0),
  end_reason text check (end_reason in
    ('rejected', 'withdrawn', 'upline', 'downline', 'operator', 'cascade', 'superseded')),
  created_at timestamptz not null,
  accepted_at timestamptz,
  rejected_at timestamptz,
  -- when it stopped: terminated, superseded or withdrawn
  terminated_at timestamptz,
  check ((status in ('offered', 'active')) = (end_reason is null))
);
-- one active contract and one open offer per (downline, kind)
create unique index agent_contract_active_uq on agent_contract(downline_id, kind) where status = 'active';
create unique index agent_contract_offered_uq on agent_contract(downline_id, kind) where status = 'offered';
create index agent_contract_downline_idx on agent_contract(downline_id, kind, id desc);
create index agent_contract_upline_idx on agent_contract(upline_id, kind, status, id desc) where upline_id is not null;
create index agent_contract_merchant_idx on agent_contract(merchant_id, kind, status, id desc);

-- The tiers of dividend and salary contracts: a tier holds when every condition holds (valid bets,
-- active members, and for dividends net loss, each at least its threshold); the highest tier that
-- holds gives the rate. Thresholds rise and rates rise from one tier to the next.
create table agent_contract_tier (
  contract_id integer not null references agent_contract(id) on delete cascade,
  seq smallint not null check (seq between 1 and 10),
  min_valid_bet bigint not null check (min_valid_bet >= 0),
  min_active_members integer not null default 0 check (min_active_members >= 0),
  min_net_loss bigint not null default 0 check (min_net_loss >= 0),
  rate_bp integer not null check (rate_bp between 1 and 10000),
  primary key (contract_id, seq)
);

-- The serialisation point of contract changes per (merchant, kind): created on first use, then
-- locked FOR UPDATE by every offer, answer and termination of that kind.
create table agent_contract_lock (
  merchant_id integer not null references merchant(id) on delete cascade,
  kind text not null,
  primary key (merchant_id, kind)
);
