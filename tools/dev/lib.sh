#!/usr/bin/env bash
# Shared steps of `npm start` and `npm test`: dependencies, then Postgres and NATS JetStream.
# Uses what is already running; else docker compose where a Docker engine runs; else local
# binaries; else, on Debian as root, installs postgresql and nats-server.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
VAR="$ROOT/var"
mkdir -p "$VAR/log"

say() { printf '\033[1;36m==>\033[0m %s\n' "$*" >&2; }
die() { printf '\033[1;31mxx\033[0m %s\n' "$*" >&2; exit 1; }

PG_URL="${SV_ADMIN_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
# The bus's address: SV_NATS_URL when set (it always wins); else the one the bring-up recorded in
# var/nats.env (the platform's own server, on a free port when 4222 holds a server it does not
# own); else 4222. Every script (start, tests, admin, chaos, bench) reads the same record.
NATS_URL_RECORD="$VAR/nats.env"
NATS_URL_GIVEN="${SV_NATS_URL:-}"
recorded_nats_url() { [ -f "$NATS_URL_RECORD" ] && sed -n 's/^SV_NATS_URL=//p' "$NATS_URL_RECORD" | head -n1; }
NATS_URL="${NATS_URL_GIVEN:-$(recorded_nats_url || true)}"
NATS_URL="${NATS_URL:-nats://127.0.0.1:4222}"
export SV_ADMIN_DATABASE_URL="$PG_URL" SV_NATS_URL="$NATS_URL"

# The Node the project pins (the `node` devDependency), whatever the machine's own is.
NODE="$ROOT/node_modules/.bin/node"
# Every process (services, operator commands, tests) reuses V8's compiled code of the modules it
# loads instead of compiling the same TypeScript again: a service or command starts ~30% sooner.
export NODE_COMPILE_CACHE="${NODE_COMPILE_CACHE:-$VAR/node-compile-cache}"

ensure_dependencies() {
  local stamp="$ROOT/node_modules/.sv-lock-hash"
  local want
  want="$(sha256sum package-lock.json | cut -d' ' -f1)"
  if [ ! -x "$NODE" ] || [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
    command -v npm >/dev/null || die "npm is needed to install dependencies (install Node.js 20+ with npm first)."
    # `npm install` rather than `npm ci`: the lock file omits optional per-platform binaries the
    # registry does not serve, which `npm ci` treats as a mismatch. --no-save keeps the lock as is.
    say "installing dependencies (npm install)"
    npm install --no-audit --no-fund --no-save --loglevel=error
    echo "$want" >"$stamp"
  fi
  [ -x "$NODE" ] || die "node_modules/.bin/node is missing after install"
}

# ffmpeg (QC's audio analysis) and OpenSSH (the store endpoint the delivery service sends to in
# development and tests). Installed from Debian's packages when missing; a non-Debian machine
# must provide them itself.
ensure_system_tools() {
  local missing=()
  command -v ffmpeg >/dev/null && command -v ffprobe >/dev/null || missing+=(ffmpeg)
  [ -x /usr/sbin/sshd ] || missing+=(openssh-server openssh-sftp-server)
  command -v ssh-keygen >/dev/null || missing+=(openssh-client)
  if [ ${#missing[@]} -gt 0 ]; then
    is_debian_root || die "missing ${missing[*]}: install them (ffmpeg, OpenSSH server and client) and run again."
    say "installing ${missing[*]} (apt)"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  fi
  # As root, the local SFTP server's platform account (the delivery service and the drop-folder
  # poller log in as it; never as root).
  if [ "$(id -u)" = 0 ] && ! id sv-sftp >/dev/null 2>&1; then
    say "creating the unprivileged sv-sftp account for the local SFTP server"
    useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin -p NP sv-sftp
  fi
  # Each drop-folder supplier is an account of its own in this group, which sshd jails in the
  # supplier's folder; deploy/sftp/provision-suppliers.sh makes the accounts when ingestion asks.
  if [ "$(id -u)" = 0 ] && ! getent group sv-drop-suppliers >/dev/null; then
    say "creating the sv-drop-suppliers group for the local SFTP server's supplier accounts"
    groupadd --system sv-drop-suppliers
  fi
}

# Tests only (`npm start` needs none): headless Chromium for the reference page's browser test,
# pdftotext (poppler-utils) to read back the royalty statement PDFs, and Saxon-HE on a JRE to run
# DDEX's release-profile rules over built ERN messages.
ensure_test_tools() {
  local missing=()
  command -v chromium >/dev/null || missing+=(chromium)
  command -v pdftotext >/dev/null || missing+=(poppler-utils)
  command -v java >/dev/null || missing+=(default-jre-headless)
  [ -f /usr/share/java/Saxon-HE.jar ] || missing+=(libsaxonhe-java)
  [ ${#missing[@]} -gt 0 ] || return 0
  is_debian_root || die "missing ${missing[*]}: install them (Chromium for the docs page's browser test, poppler-utils for the statement PDFs, a JRE and Saxon-HE for the DDEX profile rules) and run again."
  say "installing ${missing[*]} (apt)"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

probe() { "$NODE" tools/dev/src/probe-infra.ts; }
probe_field() { probe | "$NODE" -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s)[process.argv[1]]))' "$1"; }

wait_for() { # wait_for <postgres|nats> <seconds>
  local what="$1" deadline=$((SECONDS + $2))
  while [ $SECONDS -lt $deadline ]; do
    [ "$(probe_field "$what")" = ok ] && return 0
    sleep 1
  done
  return 1
}

docker_engine() { command -v docker >/dev/null && docker info >/dev/null 2>&1; }
is_debian_root() { [ -f /etc/debian_version ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; }

start_local_postgres() {
  if command -v pg_ctlcluster >/dev/null && ls /etc/postgresql >/dev/null 2>&1 && [ -n "$(ls /etc/postgresql 2>/dev/null)" ]; then
    local version
    version="$(ls /etc/postgresql | sort -V | tail -n1)"
    say "starting the local PostgreSQL $version cluster"
    pg_ctlcluster --skip-systemctl-redirect "$version" main start 2>/dev/null || pg_ctlcluster "$version" main start || true
    return 0
  fi
  return 1
}

trust_local_connections() {
  # Local development only: let postgres@127.0.0.1 connect without a password, as the defaults expect.
  local hba
  hba="$(ls /etc/postgresql/*/main/pg_hba.conf 2>/dev/null | sort -V | tail -n1)"
  [ -n "$hba" ] || return 0
  if ! grep -q '^# sv: local trust' "$hba"; then
    say "allowing trusted local connections in $hba (development machine)"
    sed -i '1i # sv: local trust\nhost all all 127.0.0.1/32 trust\nhost all all ::1/128 trust' "$hba"
    local version
    version="$(basename "$(dirname "$(dirname "$hba")")")"
    pg_ctlcluster --skip-systemctl-redirect "$version" main reload 2>/dev/null || pg_ctlcluster "$version" main reload || true
  fi
}

# The platform's own NATS server (tools/dev/src/write-local-bus.ts writes its configuration): an
# account per environment and credentials per service, shared by every checkout on this machine
# under $SV_NATS_STATE_DIR. A process the bring-up did not start is never stopped: when the
# address holds a server the platform does not own, its own server starts on a free port instead.
NATS_STATE="${SV_NATS_STATE_DIR:-${HOME:-/root}/.local/state/sv/nats}"
export SV_NATS_STATE_DIR="$NATS_STATE"
NATS_PID_FILE="$NATS_STATE/nats-server.pid"

nats_hostport() { local hostport="${NATS_URL#*://}"; echo "${hostport%%,*}"; }
nats_port() { local hostport; hostport="$(nats_hostport)"; echo "${hostport##*:}"; }
nats_host() { local hostport; hostport="$(nats_hostport)"; echo "${hostport%:*}"; }
own_nats_pid() { [ -f "$NATS_PID_FILE" ] && kill -0 "$(cat "$NATS_PID_FILE")" 2>/dev/null && cat "$NATS_PID_FILE"; }
# Where the platform's running server listens: the `listen` of the configuration it runs with.
own_nats_listen() { "$NODE" -e 'const t=require("fs").readFileSync(process.argv[1],"utf8");console.log(JSON.parse(t.slice(t.indexOf("\n")+1)).listen)' "$NATS_STATE/nats.conf"; }
# Something (NATS or not) accepts connections on the bus's address.
nats_address_taken() { (echo >"/dev/tcp/$(nats_host)/$(nats_port)") 2>/dev/null; }
use_nats_url() { NATS_URL="$1"; export SV_NATS_URL="$1"; }
# Writes the server configuration for NATS_URL; prints true when it changed.
# The internal subscribers the operator command recorded are applied on top (bus subscriber --bus-state).
write_bus_config() { "$NODE" tools/dev/src/write-local-bus-with-subscribers.ts | "$NODE" -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).changed))'; }

start_local_nats() {
  local bin
  bin="$(command -v nats-server || true)"
  if [ -z "$bin" ]; then
    is_debian_root || die "nats-server is missing: install it (2.9 or later) and run again."
    say "installing nats-server (apt)"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nats-server >/dev/null
    bin="$(command -v nats-server)"
  fi
  say "starting the platform's NATS server (JetStream, authenticated) at $NATS_URL"
  nohup "$bin" -c "$NATS_STATE/nats.conf" -P "$NATS_PID_FILE" >"$VAR/log/nats-server.log" 2>&1 &
}

ensure_bus() {
  local changed status pid
  pid="$(own_nats_pid || true)"
  # The platform's server already runs (this checkout's or another's): it is the bus, wherever it listens.
  if [ -n "$pid" ] && [ -z "$NATS_URL_GIVEN" ]; then use_nats_url "nats://$(own_nats_listen)"; fi
  changed="$(write_bus_config)"
  status="$(probe_field nats)"
  if [ -n "$pid" ] && { [ "$changed" = true ] || [ "$status" != ok ]; }; then
    say "reloading the platform's NATS configuration"
    kill -HUP "$pid"
    sleep 1
    status="$(probe_field nats)"
  fi
  if [ "$status" != ok ]; then
    [ -n "$pid" ] && die "the platform's NATS server (pid $pid) does not take the local credentials at $NATS_URL: $status (see $VAR/log/nats-server.log)"
    if nats_address_taken; then
      [ -z "$NATS_URL_GIVEN" ] || die "SV_NATS_URL ($NATS_URL) is a server the platform does not own ($status), left running: point SV_NATS_URL at one that takes the local credentials, or unset it so the bring-up starts its own."
      say "$(nats_hostport) holds a server the platform does not own ($status); leaving it running and starting the platform's own on a free port"
      use_nats_url "nats://127.0.0.1:$("$NODE" tools/dev/src/free-port.ts)"
      write_bus_config >/dev/null
    fi
    start_local_nats
  fi
  wait_for nats 30 || die "the platform's NATS server did not become ready at $NATS_URL ($(probe_field nats); see $VAR/log/nats-server.log)"
  printf 'SV_NATS_URL=%s\n' "$NATS_URL" >"$NATS_URL_RECORD"
  # Tests take the bus from SV_TEST_NATS_URL (packages/testing reads the record too).
  export SV_TEST_NATS_URL="${SV_TEST_NATS_URL:-$NATS_URL}"
}

ensure_infrastructure() {
  local pg
  pg="$(probe_field postgres)"
  if [ "$pg" != ok ]; then
    if docker_engine; then
      say "starting Postgres with docker compose"
      docker compose up -d postgres
    elif ! start_local_postgres; then
      if is_debian_root; then
        say "installing postgresql (apt)"
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
        start_local_postgres || die "postgresql installed but its cluster did not start"
      else
        die "Postgres is not reachable at $PG_URL and cannot be started here (no Docker engine, no local binaries, not Debian as root)."
      fi
    fi
    wait_for postgres 30 || trust_local_connections
  fi
  wait_for postgres 60 || die "Postgres did not become reachable at $PG_URL"
  ensure_bus
}

# Tests get a Postgres cluster of their own whose data is thrown away: no fsync, no full-page
# writes, no waiting for the WAL at commit. Every test file creates and drops a database, and
# PostgreSQL forces an immediate checkpoint on each DROP DATABASE; with durability on, those
# checkpoints queue behind each other on a loaded machine for tens of seconds. A machine where the
# cluster cannot be made (no Debian cluster tools, not root) runs the tests on the shared one.
TEST_PG_CLUSTER=sv-test
TEST_PG_PORT="${SV_TEST_POSTGRES_PORT:-5433}"

ensure_test_postgres() {
  [ -z "${SV_TEST_POSTGRES_URL:-}" ] || return 0
  if ! command -v pg_createcluster >/dev/null || [ "$(id -u)" != 0 ] || [ -z "$(ls /etc/postgresql 2>/dev/null)" ]; then
    say "tests use the shared Postgres at $PG_URL (no throwaway test cluster can be made here)"
    return 0
  fi
  local version conf url
  version="$(ls /etc/postgresql | sort -V | tail -n1)"
  conf="/etc/postgresql/$version/$TEST_PG_CLUSTER"
  url="postgres://postgres@127.0.0.1:$TEST_PG_PORT/postgres"
  if [ ! -d "$conf" ]; then
    say "creating the throwaway Postgres cluster for tests ($version/$TEST_PG_CLUSTER, port $TEST_PG_PORT)"
    pg_createcluster --port "$TEST_PG_PORT" --start-conf manual "$version" "$TEST_PG_CLUSTER" -- --auth=trust >/dev/null
    cat >"$conf/conf.d/90-sv-test.conf" <<CONF
# Test data only: speed over durability.
listen_addresses = '127.0.0.1'
port = $TEST_PG_PORT
fsync = off
synchronous_commit = off
full_page_writes = off
max_connections = 300
max_wal_size = 4GB
checkpoint_timeout = 30min
CONF
  fi
  if [ "$(SV_ADMIN_DATABASE_URL="$url" probe_field postgres)" != ok ]; then
    pg_ctlcluster --skip-systemctl-redirect "$version" "$TEST_PG_CLUSTER" start 2>/dev/null || pg_ctlcluster "$version" "$TEST_PG_CLUSTER" start
    local deadline=$((SECONDS + 30))
    until [ "$(SV_ADMIN_DATABASE_URL="$url" probe_field postgres)" = ok ]; do
      [ $SECONDS -lt $deadline ] || die "the test Postgres cluster did not start on port $TEST_PG_PORT (pg_lsclusters; /var/log/postgresql/postgresql-$version-$TEST_PG_CLUSTER.log)"
      sleep 1
    done
  fi
  export SV_TEST_POSTGRES_URL="$url"
}
