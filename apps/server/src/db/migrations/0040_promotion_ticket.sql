-- Ticket rewards (issue 16): a promotion whose reward is a ticket of a prize game (wheel, golden egg,
-- red envelope). Granting the promotion issues a ticket; the member claims the ticket, the server
-- draws its prize with the provably fair RNG of @bp/games and pays it through the ledger
-- (`ticket:pay:<ticket id>`, once: the ticket row is locked and moves AVAILABLE -> CLAIMED in the same
-- transaction).
insert into promotion_reward_kind (code) values ('TICKET');
-- the prize table as the operator wrote it (amounts as digit text, see @bp/games TicketConfig)
alter table promotion add column ticket_config jsonb;
alter table promotion add constraint promotion_ticket_config_check
  check (reward_kind <> 'TICKET' or ticket_config is not null);

-- A ticket's claim is granted when its ticket is drawn or closed: a prize of nothing pays no money,
-- so a granted claim no longer needs a bonus amount (it still needs its grant time).
alter table promotion_claim drop constraint if exists promotion_claim_check;
alter table promotion_claim add constraint promotion_claim_granted_check
  check (status = 'JOINED' or granted_at is not null);
-- an operator issued this claim: its reward waits for the member's MCSFE_claimIssuedPromotion
alter table promotion_claim add column issued_at timestamptz;

-- Seed scheme: each ticket has its own server seed (32 random bytes, hex), drawn when the ticket is
-- issued; only its SHA-256 is shown until the ticket is drawn or closed. The client seed is the
-- member's (sent with the claim; a random one otherwise), the nonce is 0: one draw per server seed.
-- The seed is revealed with the outcome, so anyone recomputes the draw (the game-client verify page).
create table promotion_ticket (
  id bigserial primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  member_id integer not null references member(id) on delete cascade,
  promotion_id integer not null references promotion(id) on delete cascade,
  claim_id bigint not null references promotion_claim(id) on delete cascade,
  -- the name the member's calls use (PROMOFE_claimTicket, MCSFE_cancelTicket)
  transaction_id text not null unique,
  game text not null check (game in ('wheel', 'egg', 'envelope')),
  -- snapshot of the prize table and of the bonus terms at issue: a later edit of the promotion
  -- changes no ticket already issued
  config jsonb not null,
  wagering_x100 integer not null default 0 check (wagering_x100 between 0 and 100000),
  bonus_expiry_days integer check (bonus_expiry_days between 1 and 3650),
  -- AVAILABLE: waiting for the member; CLAIMED: drawn and paid; CANCELLED: declined by the member;
  -- EXPIRED: not drawn in time
  status text not null check (status in ('AVAILABLE', 'CLAIMED', 'CANCELLED', 'EXPIRED')),
  server_seed text not null,
  server_seed_hash text not null,
  client_seed text,
  nonce integer not null default 0,
  outcome jsonb,
  prize_kind text,
  prize_amount bigint check (prize_amount >= 0),
  -- the ledger entry that paid it (null: a prize of nothing)
  ledger_key text,
  issued_at timestamptz not null default now(),
  expires_at timestamptz,
  claimed_at timestamptz,
  closed_at timestamptz,
  check (status <> 'CLAIMED' or (outcome is not null and client_seed is not null and claimed_at is not null))
);
-- one ticket per claim: granting the same claim twice issues nothing more
create unique index promotion_ticket_claim_uq on promotion_ticket(claim_id);
create index promotion_ticket_member_idx on promotion_ticket(member_id, status, id desc);
create index promotion_ticket_merchant_idx on promotion_ticket(merchant_id, id desc);
