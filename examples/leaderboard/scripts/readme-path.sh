#!/usr/bin/env bash
# The operator's path of examples/leaderboard/README.md, run as it is
# written: the shell blocks the README marks with <!-- ops-path ... -->, in
# their order, with bash -e, as root, from the repository's root, once on
# SQLite and once on PostgreSQL. CI runs it on a fresh machine.
#
#   examples/leaderboard/scripts/readme-path.sh
#   README_PATH_PRINT=1 examples/leaderboard/scripts/readme-path.sh   # print what it would run
#
# A marker says which pass runs the block and what is checked after it:
#
#   <!-- ops-path -->                      both passes; the block must succeed
#   <!-- ops-path sqlite -->               the SQLite pass only (postgres: the other)
#   <!-- ops-path; twice -->               run twice in a row (it must be idempotent)
#   <!-- ops-path; expect TEXT -->         its standard output holds TEXT
#   <!-- ops-path; log TEXT -->            the service's log gets a line with TEXT
#                                          (within 10 s)
#
# The README works on the machine's own paths (/usr/local/bin,
# /etc/leaderboard, /etc/systemd/system, /var/lib/leaderboard, /var/log,
# /var/backups/leaderboard) and user (leaderboard): the script refuses to
# run where one of them exists already, and removes them when it ends.
# PostgreSQL is a cluster of its own, set up as Debian's package sets one
# up (pg_hba.conf: the socket by peer, TCP by scram-sha-256), on a free
# port: PGHOST and PGPORT lead the README's psql and pg_dump to it, and a
# drop-in of the unit (Environment=PGPORT) the service, so that its
# commands run unchanged.
#
# The README runs the service with systemctl. Where systemd does not run
# (a container), a stand-in systemctl first on the PATH does what the unit
# says: daemon-reload checks the unit (systemd-analyze verify, when there
# is one); start runs ExecStart as User and Group with / as its directory,
# the EnvironmentFile's and Environment's variables only ($VAR split into
# words, as systemd does), StateDirectory made, standard error appended
# where StandardError says; reload runs ExecReload with $MAINPID; stop
# sends SIGTERM and waits up to TimeoutStopSec.
set -euo pipefail
cd "$(dirname "$0")/../../.."
root=$PWD
readme=examples/leaderboard/README.md
log=/var/log/leaderboard.log # where the README's blocks send the service's log

if [ "$(id -u)" != 0 ]; then
  echo "readme-path.sh: the README's operator path runs as root" >&2
  exit 2
fi
unit=/etc/systemd/system/leaderboard.service
paths=(/usr/local/bin/leaderboard /usr/local/bin/spider /etc/leaderboard "$unit" "$unit.d" /var/lib/leaderboard
  /var/lib/leaderboard.before-restore /var/backups/leaderboard "$log" /tmp/alice.spider)
for p in "${paths[@]}"; do
  if [ -e "$p" ]; then
    echo "readme-path.sh: $p exists: the README's path would change it; run this on a fresh machine" >&2
    exit 2
  fi
done
if id leaderboard >/dev/null 2>&1; then
  echo "readme-path.sh: the user leaderboard exists: the README's path would use it; run this on a fresh machine" >&2
  exit 2
fi

# standin_systemctl writes the stand-in systemctl (see the top).
standin_systemctl() {
  cat <<'STANDIN'
#!/usr/bin/env bash
# A stand-in for systemctl where systemd does not run, for readme-path.sh:
# daemon-reload, enable [--now], disable, start, stop, restart, reload and
# is-active of the units in /etc/systemd/system, as the unit says.
set -euo pipefail
state=${SYSTEMCTL_STANDIN_STATE:?}
dir=/etc/systemd/system
values() { # UNIT KEY: the values of KEY= in the unit and its drop-ins, in order
  { cat "$dir/$1.service" "$dir/$1.service.d/"*.conf 2>/dev/null || true; } | sed -n "s/^$2=//p"
}
pid_of() { cat "$state/$1.pid" 2>/dev/null || true; }
running() { local p; p=$(pid_of "$1"); [ -n "$p" ] && kill -0 "$p" 2>/dev/null; }
start() {
  local unit=$1 user group cmd log mode d f line envs
  running "$unit" && return 0
  [ -f "$dir/$unit.service" ] || { echo "systemctl (stand-in): no unit $unit" >&2; return 5; }
  user=$(values "$unit" User | tail -1) group=$(values "$unit" Group | tail -1)
  log=$(values "$unit" StandardError | sed -n 's/^append://p' | tail -1)
  mode=$(values "$unit" StateDirectoryMode | tail -1)
  for d in $(values "$unit" StateDirectory); do
    install -d -m "${mode:-0755}" "/var/lib/$d"
    chown "$user:$group" "/var/lib/$d"
  done
  envs=(PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin)
  while read -r f; do
    f=${f#-}
    [ -r "$f" ] || continue
    while IFS= read -r line; do
      case $line in '' | '#'*) ;; *) envs+=("$line") ;; esac
    done <"$f"
  done < <(values "$unit" EnvironmentFile)
  while IFS= read -r line; do envs+=("$line"); done < <(values "$unit" Environment)
  cmd=$(values "$unit" ExecStart | tail -1)
  (
    cd /
    exec env -i "${envs[@]}" bash -c 'set -f; exec setpriv --reuid="$0" --regid="$1" --init-groups -- '"$cmd" "$user" "$group" \
      </dev/null >>"${log:-/dev/null}" 2>&1
  ) &
  echo $! >"$state/$unit.pid"
}
stop() {
  local unit=$1 p limit
  running "$unit" || return 0
  p=$(pid_of "$unit") limit=$(values "$unit" TimeoutStopSec | tail -1)
  kill -TERM "$p"
  timeout "${limit:-90}" sh -c 'while kill -0 "$1" 2>/dev/null; do sleep 0.1; done' - "$p"
}
verb=${1:?usage: systemctl VERB [UNIT]}
shift
[ "${1:-}" != --now ] || { now=1; shift; }
unit=${1:-}
unit=${unit%.service}
case $verb in
daemon-reload)
  if command -v systemd-analyze >/dev/null; then
    for f in "$dir"/*.service; do [ -e "$f" ] && systemd-analyze verify "$f"; done
  fi ;;
enable) [ -z "${now:-}" ] || start "$unit" ;;
disable) ;;
start) start "$unit" ;;
stop) stop "$unit" ;;
restart) stop "$unit" && start "$unit" ;;
reload)
  running "$unit" || { echo "systemctl (stand-in): $unit is not running" >&2; exit 7; }
  MAINPID=$(pid_of "$unit") bash -c "set -f; $(values "$unit" ExecReload | tail -1)" ;;
is-active) running "$unit" ;;
*) echo "systemctl (stand-in): $verb is not done here" >&2; exit 2 ;;
esac
STANDIN
}

work=$(mktemp -d /tmp/readme-path.XXXXXX)
pg_dir="" pg_bin=""
pg_run() { su postgres -s /bin/sh -c "$(printf '%q ' "$@")"; }
if [ ! -d /run/systemd/system ]; then # no systemd: the stand-in
  mkdir -p "$work/bin" "$work/units"
  standin_systemctl >"$work/bin/systemctl"
  chmod 755 "$work/bin/systemctl"
  export PATH="$work/bin:$PATH" SYSTEMCTL_STANDIN_STATE="$work/units"
fi
stop_service() { # the README's stop, for the end of a pass
  systemctl stop leaderboard >/dev/null 2>&1 || true
}
cleanup() {
  stop_service
  if [ -d /run/systemd/system ]; then
    systemctl disable leaderboard >/dev/null 2>&1 || true
  fi
  if [ -n "$pg_dir" ]; then
    pg_run "$pg_bin/pg_ctl" -D "$pg_dir/data" -m fast -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "${paths[@]}" "$work"
  [ -z "$pg_dir" ] || rm -rf "$pg_dir"
  if id leaderboard >/dev/null 2>&1; then userdel leaderboard || true; fi
  if [ -d /run/systemd/system ]; then systemctl daemon-reload || true; fi
}
trap cleanup EXIT

# The marked blocks: block.N holds the shell, attrs.N the marker's words.
awk -v dir="$work" '
  /^<!-- ops-path/ { attrs = $0; sub(/^<!-- ops-path */, "", attrs); sub(/ *-->$/, "", attrs); marked = 1; next }
  marked && /^```sh$/ { n++; inblock = 1; marked = 0; print attrs > (dir "/attrs." n); printf "" > (dir "/block." n); next }
  inblock && /^```$/ { inblock = 0; close(dir "/block." n); close(dir "/attrs." n); next }
  inblock { print > (dir "/block." n); next }
  marked && NF { print "readme-path.sh: a marker not followed by a ```sh block: " attrs > "/dev/stderr"; exit 1 }
  END { print n > (dir "/count") }
' "$readme"
count=$(cat "$work/count")
if [ "${count:-0}" -lt 10 ]; then
  echo "readme-path.sh: only ${count:-0} marked blocks in $readme" >&2
  exit 1
fi

# attr N NAME: the value of "NAME ..." among block N's attributes ("" if
# none); pass N: sqlite, postgres or both.
attr() { tr ';' '\n' <"$work/attrs.$1" | sed -n "s/^ *$2 \(.*[^ ]\) *\$/\1/p" | head -1; }
has() { tr ';' '\n' <"$work/attrs.$1" | grep -qx " *$2 *"; }
pass_of() {
  local first
  first=$(tr ';' '\n' <"$work/attrs.$1" | head -1 | tr -d ' ')
  echo "${first:-both}"
}

# script PASS: the pass's blocks as one bash -e script, as an operator's
# shell session runs them one after the other, each followed by its checks.
script() {
  local pass=$1 n i expect want out
  cat <<'EOF'
set -e
expect() { # FILE TEXT N: block N's output in FILE holds TEXT
  grep -qF -- "$2" "$1" || { echo "readme-path.sh: the output of README block $3 lacks $2" >&2; exit 1; }
}
log_has() { # LOG SKIP TEXT N: LOG gets a line with TEXT after its first SKIP, within 10 s
  timeout 10 sh -c 'until tail -n "+$(($2 + 1))" "$1" | grep -qF -- "$3"; do sleep 0.1; done' - "$1" "$2" "$3" ||
    { echo "readme-path.sh: after README block $4, the log has no new line with $3" >&2; exit 1; }
}
EOF
  echo "cd $(printf '%q' "$root")"
  for n in $(seq "$count"); do
    case "$(pass_of "$n")" in both | "$pass") ;; *) continue ;; esac
    expect=$(attr "$n" expect) want=$(attr "$n" log) out=$(printf '%q' "$work/out.$n")
    for i in $(seq "$(has "$n" twice && echo 2 || echo 1)"); do
      echo "echo; echo '== README block $n ($pass)'; cat $(printf '%q' "$work/block.$n"); echo '--'"
      echo "skip=\$( (wc -l <$log) 2>/dev/null || echo 0)"
      echo "{"
      cat "$work/block.$n"
      echo "} >$out"
      echo "cat $out"
      [ -z "$expect" ] || echo "expect $out $(printf '%q' "$expect") $n"
      [ -z "$want" ] || echo "log_has $log \"\$skip\" $(printf '%q' "$want") $n"
    done
  done
}

# A PostgreSQL cluster as Debian's package makes one, on a free port.
start_postgres() {
  pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
  if [ -z "$pg_bin" ] || [ ! -x "$pg_bin/initdb" ]; then
    echo "PostgreSQL is not installed: apt-get install postgresql"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq && apt-get install -y -qq postgresql >/dev/null
    pg_bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
  fi
  pg_dir=$(mktemp -d /tmp/readme-path-pg.XXXXXX)
  chown postgres "$pg_dir"
  local port
  for port in $(seq 54430 54530); do
    (exec 3<>/dev/tcp/127.0.0.1/$port) 2>/dev/null || break
  done
  pg_run "$pg_bin/initdb" -D "$pg_dir/data" -U postgres -E UTF8 --auth-local=peer --auth-host=scram-sha-256 --no-sync >/dev/null
  pg_run "$pg_bin/pg_ctl" -D "$pg_dir/data" -l "$pg_dir/log" -w -t 60 \
    -o "-p $port -k $pg_dir -c listen_addresses=127.0.0.1" start >/dev/null
  export PGHOST=$pg_dir PGPORT=$port
  echo "PostgreSQL $("$pg_bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port (socket in $pg_dir)"
}

if [ -n "${README_PATH_PRINT:-}" ]; then # the scripts the passes would run, and no more
  script sqlite
  script postgres
  exit 0
fi

for pass in sqlite postgres; do
  echo "==== the README's operator path on $pass"
  if [ "$pass" = postgres ]; then
    start_postgres
    # The service finds the cluster's port as psql does (the URL names no port).
    mkdir -p "$unit.d"
    printf '[Service]\nEnvironment=PGPORT=%s\n' "$PGPORT" >"$unit.d/readme-path.conf"
  fi
  script "$pass" >"$work/$pass.sh"
  if ! bash "$work/$pass.sh"; then
    echo "readme-path.sh: the README's path failed on $pass; the service's log:" >&2
    tail -n 20 "$log" >&2 || true
    exit 1
  fi
  stop_service
  rm -rf /var/lib/leaderboard /var/lib/leaderboard.before-restore /tmp/alice.spider # the next pass restores again
done
echo "the README's operator path ran on SQLite and PostgreSQL"
