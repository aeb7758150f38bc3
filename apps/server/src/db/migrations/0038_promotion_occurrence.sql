-- Repeatable promotions (issue 16): a daily check-in, every deposit over an amount, a reward per
-- invited friend. A claim is unique per promotion, member and occurrence (the merchant day of a
-- check-in, the deposit's order number, the invitee...); '' is the one occurrence of a
-- once-per-member promotion, so every claim written before keeps its meaning.
alter table promotion_claim add column occurrence text not null default '';
drop index promotion_claim_once_uq;
create unique index promotion_claim_once_uq on promotion_claim(promotion_id, member_id, occurrence);

-- The kinds of trigger and of reward are rows, not a check list: each capability that adds one
-- inserts its row in its own migration instead of rewriting a shared constraint.
create table promotion_trigger_kind (code text primary key);
insert into promotion_trigger_kind (code) values ('FIRST_DEPOSIT'), ('CLAIM'), ('SIGN_UP');
alter table promotion drop constraint promotion_trigger_check;
alter table promotion add constraint promotion_trigger_fk
  foreign key (trigger) references promotion_trigger_kind(code);

create table promotion_reward_kind (code text primary key);
insert into promotion_reward_kind (code) values ('PERCENT'), ('FIXED');
alter table promotion drop constraint promotion_reward_kind_check;
alter table promotion add constraint promotion_reward_kind_fk
  foreign key (reward_kind) references promotion_reward_kind(code);
