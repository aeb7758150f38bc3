-- Clients of the original platform (issue 12): the explicit consent fields of registration become a
-- per-merchant setting, and mobile numbers have one stored form.

-- on (the default): a registration must send the terms tick and the age agreement; off: the front end
-- shows the terms and the consent is recorded as given by it
alter table member_auth_setting add column consent_required boolean not null default true;

-- how the new member's consent was given: ticked in the form ('explicit') or taken as given by the
-- front end while the merchant's consent_required was off ('front_end')
alter table member_profile add column consent text not null default 'explicit'
  check (consent in ('explicit', 'front_end'));

-- Members are looked up by the canonical national number (contract `normalisePhone`: digits only, no
-- country code, no trunk 0). Numbers written any other way (imported, or stored before every path
-- normalised) are rewritten, unless the canonical number already belongs to another member of the
-- merchant; such a pair is left for an operator to resolve.
with written as (
  select id, merchant_id,
         regexp_replace(mobile, '[^0-9+]', '', 'g') as digits,
         regexp_replace(coalesce(country_dialing_code, '+880'), '[^0-9]', '', 'g') as cc
  from member
  where mobile is not null and mobile !~ '^[1-9][0-9]*$'
     or mobile ~ ('^' || regexp_replace(coalesce(country_dialing_code, '+880'), '[^0-9]', '', 'g'))
        and length(mobile) > 11
), canonical as (
  select id, merchant_id,
         regexp_replace(
           regexp_replace(digits, '^(\+|00)?' || cc, ''),
           '^0+', '') as national
  from written
)
update member m
set mobile = c.national
from canonical c
where m.id = c.id
  and c.national ~ '^[1-9][0-9]{5,13}$'
  and c.national <> m.mobile
  -- two spellings of one number: neither is rewritten (the unique index would refuse the second)
  and (select count(*) from canonical d where d.merchant_id = c.merchant_id and d.national = c.national) = 1
  and not exists (
    select 1 from member o where o.merchant_id = c.merchant_id and o.mobile = c.national and o.id <> c.id
  );
