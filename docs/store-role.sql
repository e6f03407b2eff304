-- The roles and database of a shared burstlab store (docs/store.md). Run by
-- a database superuser, once per person or test host that writes runs:
--
--   psql -h DBHOST -U postgres -v login=alice -f store-role.sql
--
-- The first run also creates the group role burstlab_writers and the
-- database burstlab, which that group owns. A login role gets no password
-- here: set it with psql's \password, and keep it in the user's ~/.pgpass.
\set ON_ERROR_STOP on
\if :{?login}
\else
  \echo 'store-role.sql: name the login role: -v login=NAME'
  SELECT 1 / 0 AS no_login_given;
\endif

SELECT NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'burstlab_writers') AS new_group \gset
\if :new_group
CREATE ROLE burstlab_writers NOLOGIN;
\endif
SELECT NOT EXISTS (SELECT FROM pg_database WHERE datname = 'burstlab') AS new_database \gset
\if :new_database
CREATE DATABASE burstlab OWNER burstlab_writers;
\endif

-- No superuser, no other databases, no other roles: a writer of runs.
CREATE ROLE :"login" LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE IN ROLE burstlab_writers;
-- What a writer creates (the tables on the first open, new ones when a
-- newer burstlab migrates the store) belongs to the group, so that every
-- writer may read, write and migrate every table.
ALTER ROLE :"login" IN DATABASE burstlab SET role = 'burstlab_writers';

\connect burstlab
-- Only the group connects and creates tables here.
REVOKE CONNECT, TEMPORARY ON DATABASE burstlab FROM PUBLIC;
GRANT CONNECT ON DATABASE burstlab TO burstlab_writers;
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
GRANT USAGE, CREATE ON SCHEMA public TO burstlab_writers;
