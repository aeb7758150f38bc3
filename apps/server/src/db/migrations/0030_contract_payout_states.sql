-- Contract payouts (issue 15), continued:
-- * two more states: `held` (an operator holds the payee's payouts: the row is written, nothing
--   moves until the hold is released) and `expired` (a short payout whose retry window closed: what
--   was paid stays paid, the rest is no longer owed).
-- * real-time salary's figures: the counted stakes of the window's rounds the member did not lose
--   (profit rate) and lost (loss rate), and how many rounds were counted.
-- * payable_at: from when a payout may be paid (its period's end; the release of a hold for a held
--   one). A short payout is retried until the next period of its kind closes after that instant.
alter table contract_payout drop constraint contract_payout_status_check;
alter table contract_payout add constraint contract_payout_status_check
  check (status in ('paid', 'partial', 'insufficient', 'not_reached', 'held', 'expired'));
alter table contract_payout
  add column profit_base bigint check (profit_base >= 0),
  add column loss_base bigint check (loss_base >= 0),
  add column round_count integer check (round_count >= 0),
  add column payable_at timestamptz;

-- an agent's payouts as payer (its records page, role "paid")
create index contract_payout_payer_idx on contract_payout(payer_id, kind, period_start desc)
  where payer_id is not null;
-- what an agent owes now (the freeze of its withdrawals and transfers out)
create index contract_payout_owed_idx on contract_payout(payer_id)
  where status in ('partial', 'insufficient');

-- An operator's hold on an agent's payouts (as payee): while a row exists, the agent's new payouts
-- are written `held` and nothing moves; releasing deletes the row and pays the held payouts (as far
-- as each payer's balance reaches, then the short/retry rules). Holding and releasing are audited.
create table agent_payout_hold (
  member_id integer primary key references member(id) on delete cascade,
  merchant_id integer not null references merchant(id) on delete cascade,
  reason text not null,
  held_at timestamptz not null,
  operator_id integer references operator(id) on delete set null
);
