-- The roles and database of a shared burstlab store (docs/store.md). Run by
-- a database superuser, once per person or test host that writes runs (run
-- again for the same person, it changes nothing):
--
--   psql -h DBHOST -U postgres -v login=alice -f store-role.sql
--
-- or once per person who only looks at them (lists, shows, compares and
-- exports runs, and sees new ones live, but writes nothing):
--
--   psql -h DBHOST -U postgres -v viewer=bob -f store-role.sql
--
-- The first run also creates the group roles burstlab_writers and
-- burstlab_viewers and the database burstlab, which the writers own. A login
-- role gets no password here: set it with psql's \password, and keep it in
-- the user's ~/.pgpass.
\set ON_ERROR_STOP on
\if :{?login}
  \if :{?viewer}
    \echo 'store-role.sql: one role at a time: -v login=NAME or -v viewer=NAME'
    SELECT 1 / 0 AS two_roles_given;
  \endif
\elif :{?viewer}
\else
  \echo 'store-role.sql: name the login role: -v login=NAME (a writer) or -v viewer=NAME'
  SELECT 1 / 0 AS no_login_given;
\endif

SELECT NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'burstlab_writers') AS new_group \gset
\if :new_group
CREATE ROLE burstlab_writers NOLOGIN;
\endif
SELECT NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'burstlab_viewers') AS new_viewers \gset
\if :new_viewers
CREATE ROLE burstlab_viewers NOLOGIN;
\endif
SELECT NOT EXISTS (SELECT FROM pg_database WHERE datname = 'burstlab') AS new_database \gset
\if :new_database
CREATE DATABASE burstlab OWNER burstlab_writers;
\endif

\if :{?login}
-- No superuser, no other databases, no other roles: a writer of runs. Run
-- again for an existing login, it sets the same attributes and group.
SELECT NOT EXISTS (SELECT FROM pg_roles WHERE rolname = :'login') AS new_login \gset
\if :new_login
CREATE ROLE :"login" LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE IN ROLE burstlab_writers;
\else
ALTER ROLE :"login" LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE;
GRANT burstlab_writers TO :"login";
\endif
-- What a writer creates (the tables on the first open, new ones when a
-- newer burstlab migrates the store) belongs to the group, so that every
-- writer may read, write and migrate every table.
ALTER ROLE :"login" IN DATABASE burstlab SET role = 'burstlab_writers';
\else
-- A viewer acts as itself: burstlab finds it may not write and opens the
-- store read-only. Listening for new runs needs no privilege.
SELECT NOT EXISTS (SELECT FROM pg_roles WHERE rolname = :'viewer') AS new_viewer \gset
\if :new_viewer
CREATE ROLE :"viewer" LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE IN ROLE burstlab_viewers;
\else
ALTER ROLE :"viewer" LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE;
GRANT burstlab_viewers TO :"viewer";
\endif
\endif

\connect burstlab
-- Only the groups connect; only the writers create tables here.
REVOKE CONNECT, TEMPORARY ON DATABASE burstlab FROM PUBLIC;
GRANT CONNECT ON DATABASE burstlab TO burstlab_writers, burstlab_viewers;
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
GRANT USAGE, CREATE ON SCHEMA public TO burstlab_writers;
-- Viewers read every table: those there now, and those the writers create
-- later (the first open, a newer burstlab's migration). Nothing else.
GRANT USAGE ON SCHEMA public TO burstlab_viewers;
GRANT SELECT ON ALL TABLES IN SCHEMA public TO burstlab_viewers;
ALTER DEFAULT PRIVILEGES FOR ROLE burstlab_writers IN SCHEMA public
  GRANT SELECT ON TABLES TO burstlab_viewers;
