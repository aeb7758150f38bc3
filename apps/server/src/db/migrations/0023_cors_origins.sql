-- Extra browser origins (scheme://host[:port]) an operator allows to call the API cross-origin, besides
-- the merchant's own domains (issue 12, platform/cors.ts).
alter table merchant add column cors_origins text[] not null default '{}';
create index merchant_cors_origins_idx on merchant using gin (cors_origins);
