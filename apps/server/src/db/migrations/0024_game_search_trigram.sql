-- Lobby name search (gameName) through a trigram index instead of a scan of every game's names.
-- game.search_text (0015: every name in every language, NFC, lower case, one per line) is what the
-- search matches a substring of; the catalogue asks `search_text like '%<escaped query>%'`, which a
-- GIN pg_trgm index answers from the query's trigrams and rechecks exactly, so the result is the same
-- as the former strpos(search_text, query) > 0 scan. Bengali letters and signs are word characters
-- for pg_trgm under a UTF-8 character type (PostgreSQL's C.UTF-8 and PGlite alike), so both languages
-- are indexed. Queries without a run of three word characters (one or two letters) have no trigram
-- to look up: the catalogue scans for those (strpos), as before, and the lobby cache keeps them.
-- PGlite loads pg_trgm when the database is opened (db/client.ts); on PostgreSQL it is a trusted
-- extension of the contrib package.
create extension if not exists pg_trgm;

-- fastupdate off: imports are rare and in bulk, searches constant; with a pending list (where a bulk
-- insert into a fresh index lands until the next vacuum) every search would read it through.
create index game_search_trgm_idx on game using gin (search_text gin_trgm_ops) with (fastupdate = off);
