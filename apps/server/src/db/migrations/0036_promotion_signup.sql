-- Sign-up bonuses (SPEC 9 "registration bonus for new members", issue 16): a SIGN_UP promotion pays
-- its fixed reward to every member who registers while it runs, in the registration's transaction.
alter table promotion drop constraint promotion_trigger_check;
alter table promotion add constraint promotion_trigger_check
  check (trigger in ('FIRST_DEPOSIT', 'CLAIM', 'SIGN_UP'));
