-- Messages to one member (platform information): deposit and withdrawal outcomes now, operator
-- messages later. Text is rendered by the client from `kind` + `data` in the reader's language.
create table member_message (
  id bigserial primary key,
  merchant_id integer not null references merchant(id) on delete cascade,
  member_id integer not null references member(id) on delete cascade,
  -- e.g. deposit_arrived, deposit_approved, deposit_rejected, deposit_failed, withdraw_approved, ...
  kind text not null check (kind ~ '^[a-z_]{1,40}$'),
  data jsonb not null default '{}',
  read_at timestamptz,
  created_at timestamptz not null default now()
);
create index member_message_member_idx on member_message(member_id, id desc);
create index member_message_unread_idx on member_message(member_id) where read_at is null;
