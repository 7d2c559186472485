#!/usr/bin/env bash
# The README's PostgreSQL setup, as it is written: the role spider (a
# password, LOGIN, nothing more) and the database it owns, made by the
# postgres user with psql. It can run again: a role that exists gets the
# password given, a database that exists is left as it is. Works as root
# (su) and as a user who may sudo; the server is the one psql finds
# (PGHOST, PGPORT: by default the machine's, over its socket).
#
#   examples/leaderboard/scripts/pg-setup.sh PASSWORD [DATABASE]
#
# Then: -postgres postgres://spider:PASSWORD@127.0.0.1/DATABASE
set -euo pipefail
password=${1:?usage: pg-setup.sh PASSWORD [DATABASE]}
database=${2:-leaderboard}
case $password$database in
*"'"* | *'"'* | *'\'*) echo "pg-setup.sh: no quotes or backslashes in the password or the name" >&2; exit 2 ;;
esac

as_postgres() { # the postgres user's psql, reading SQL from stdin; $1: more options
  cd / # a directory the postgres user may enter
  if [ "$(id -u)" = 0 ]; then
    su postgres -c "psql -v ON_ERROR_STOP=1 -q ${1:-}"
  else
    sudo -u postgres psql -v ON_ERROR_STOP=1 -q ${1:-}
  fi
}

failed() { # says why psql failed, and exits with its status
  {
    echo "pg-setup.sh: psql as the postgres user failed (exit status $1), above is why."
    echo "  Is the server running (pg_lsclusters; systemctl start postgresql)? Does psql reach it"
    echo "  (PGHOST, PGPORT)? Is this run as root, or by a user who may sudo -u postgres?"
  } >&2
  exit "$1"
}

# A database of that name owned by another role would take no table of
# the service's: say so before anything changes.
owner=$(as_postgres -XAt <<<"SELECT pg_get_userbyid(datdba) FROM pg_database WHERE datname = '$database'") || failed $?
if [ -n "$owner" ] && [ "$owner" != spider ]; then
  echo "pg-setup.sh: the database $database exists already, owned by $owner, not spider: the service could not create its tables there; choose another name, or ALTER DATABASE \"$database\" OWNER TO spider" >&2
  exit 3
fi
# \gexec runs the statement the query gives, if any: CREATE DATABASE
# cannot run in a block that tests whether it is needed.
as_postgres <<SQL || failed $?
SELECT 'CREATE ROLE spider LOGIN' WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'spider')\gexec
ALTER ROLE spider LOGIN PASSWORD '$password';
SELECT 'CREATE DATABASE "$database" OWNER spider' WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = '$database')\gexec
SQL
echo "postgres://spider:$password@127.0.0.1/$database"
