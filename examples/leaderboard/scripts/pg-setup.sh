#!/usr/bin/env bash
# The README's PostgreSQL setup, as it is written: the role spider (a
# password, LOGIN, nothing more) and the database leaderboard it owns,
# made by the postgres user with psql. Works as root (su) and as a user
# who may sudo; the server is the one psql finds (PGHOST, PGPORT: by
# default the machine's, over its socket).
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

as_postgres() { # the postgres user's psql, reading SQL from stdin
  cd / # a directory the postgres user may enter
  if [ "$(id -u)" = 0 ]; then
    su postgres -c 'psql -v ON_ERROR_STOP=1 -q'
  else
    sudo -u postgres psql -v ON_ERROR_STOP=1 -q
  fi
}

as_postgres <<SQL
CREATE ROLE spider LOGIN PASSWORD '$password';
CREATE DATABASE "$database" OWNER spider;
SQL
echo "postgres://spider:$password@127.0.0.1/$database"
