-- Raffles (issue 16): a promotion with the RAFFLE trigger takes one entry per eligible member (its
-- promotion_claim, JOINED, unique per member) until its draw time; the draw ranks the entries by
-- HMAC-SHA256(server_seed, entry id) and pays the prizes in rank order through the promotion's grant.
-- The seed's SHA-256 is fixed when the raffle is set up and shown to everyone; the seed itself only
-- once drawn. Prizes are integer minor units, in rank order: [{"amount": "10000", "count": 1}, ...].
insert into promotion_trigger_kind (code) values ('RAFFLE');
insert into promotion_reward_kind (code) values ('RAFFLE');

create table raffle (
  promotion_id integer primary key references promotion(id) on delete cascade,
  merchant_id integer not null references merchant(id) on delete cascade,
  draw_at timestamptz not null,
  prizes jsonb not null check (jsonb_typeof(prizes) = 'array'),
  server_seed text not null,
  seed_hash text not null,
  drawn_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index raffle_due_idx on raffle(draw_at) where drawn_at is null;

create table raffle_winner (
  promotion_id integer not null references raffle(promotion_id) on delete cascade,
  claim_id bigint not null references promotion_claim(id) on delete cascade,
  rank integer not null check (rank >= 1),
  amount bigint not null check (amount > 0),
  primary key (promotion_id, rank),
  unique (claim_id)
);
