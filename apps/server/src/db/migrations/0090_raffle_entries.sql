-- Raffle verification (issue 16): the draw keeps the ids of the entries it ranked, so that after the
-- draw anyone can recompute HMAC-SHA256(seed, entry id) for every entry (not only the winners') and
-- check the order; claims that change afterwards (a prize paid) do not change what was drawn.
alter table raffle add column drawn_entries jsonb;
