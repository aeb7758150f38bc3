-- More promotion triggers (issue 16, SPEC 3 bonus code and redeem code, SPEC 4 redeem statuses):
--
-- NTH_DEPOSIT: the member's N-th credited deposit grants it (promotion.deposit_nth), once per member;
-- DEPOSIT_OVER: every credited deposit of at least min_deposit grants it, once per deposit (claim
--   occurrence = the deposit's order number) or, with once_per_day, once per merchant day;
-- BONUS_CODE: the member enters one of the promotion's codes (promotion_code): a single-use code is
--   spent by its first redemption, a multi-use one by its limit; once per member and promotion.
-- The deposit triggers pay automatically to members in the promotion's audience (no join).
insert into promotion_trigger_kind (code) values ('NTH_DEPOSIT'), ('DEPOSIT_OVER'), ('BONUS_CODE');

alter table promotion add column deposit_nth integer check (deposit_nth between 1 and 1000);
alter table promotion add column once_per_day boolean not null default false;

create table promotion_code (
  id serial primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  promotion_id integer not null references promotion(id) on delete cascade,
  -- what the member types: upper-case letters and digits, unique per merchant
  code text not null check (code ~ '^[A-Z0-9]{4,32}$'),
  -- redemptions it allows (1: single-use)
  max_uses integer not null check (max_uses between 1 and 1000000),
  -- redemptions so far: raised in the redemption's transaction by a conditional update, so parallel
  -- redemptions never pass max_uses
  used integer not null default 0 check (used >= 0 and used <= max_uses),
  active boolean not null default true,
  created_at timestamptz not null default now()
);
create unique index promotion_code_uq on promotion_code(merchant_id, code);
create index promotion_code_promotion_idx on promotion_code(promotion_id, id);
-- the code a claim was redeemed with
alter table promotion_claim add column code_id integer references promotion_code(id) on delete set null;

-- a share of the deposit needs a deposit: any deposit trigger now
do $$
declare c text;
begin
  select conname into c from pg_constraint
    where conrelid = 'promotion'::regclass and contype = 'c'
      and pg_get_constraintdef(oid) like '%PERCENT%FIRST_DEPOSIT%';
  if c is not null then
    execute format('alter table promotion drop constraint %I', c);
  end if;
end $$;
alter table promotion add constraint promotion_percent_deposit_check
  check (reward_kind <> 'PERCENT' or trigger in ('FIRST_DEPOSIT', 'NTH_DEPOSIT', 'DEPOSIT_OVER'));
