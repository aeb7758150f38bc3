-- The hourly purge of short-lived authentication rows (session module's sweep) deletes by expiry: one
-- index per table keeps each sweep a range scan instead of a full read of tables that only grow.
create index captcha_expires_idx on captcha(expires_at);
create index slider_challenge_expires_idx on slider_challenge(expires_at);
create index login_pending_expires_idx on login_pending(expires_at);
create index password_reset_expires_idx on password_reset(expires_at);
create index login_email_code_expires_idx on login_email_code(expires_at);
create index social_flow_expires_idx on social_flow(expires_at);
create index social_ticket_expires_idx on social_ticket(expires_at);
