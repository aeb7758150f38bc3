-- Contract settlement (issue 15): one payout row per (contract, period start), written in the same
-- transaction as its ledger entry (key contract_payout:<contract>:<period start>), so a re-run or a
-- resumed run pays nothing twice. The amount owed is computed from the downline's team figures
-- (modules/team-figure) with the contract's tier; the payer is the contract's upline (its MAIN
-- balance, as far as it reaches: partial or insufficient otherwise) or the house for top-level agents.
create table contract_payout (
  id serial primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  contract_id integer not null references agent_contract(id) on delete restrict,
  kind text not null,
  period_start timestamptz not null,
  period_end timestamptz not null check (period_end > period_start),
  -- null: the house paid
  payer_id integer references member(id) on delete restrict,
  payee_id integer not null references member(id) on delete restrict,
  -- the figures the tier was chosen on, and the base the rate applied to (minor units)
  valid_bet bigint not null,
  net_loss bigint not null,
  active_members integer not null,
  base bigint not null check (base >= 0),
  rate_bp integer not null check (rate_bp between 0 and 10000),
  amount bigint not null check (amount >= 0),
  paid bigint not null default 0 check (paid >= 0 and paid <= amount),
  status text not null check (status in ('paid', 'partial', 'insufficient', 'not_reached')),
  created_at timestamptz not null,
  unique (contract_id, period_start)
);
create index contract_payout_payee_idx on contract_payout(payee_id, kind, period_start desc);
create index contract_payout_merchant_idx on contract_payout(merchant_id, kind, period_start desc);
