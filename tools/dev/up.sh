#!/usr/bin/env bash
# `npm start`: the whole platform on this machine. Installs what is missing, brings Postgres and
# NATS JetStream up when they are not already reachable, migrates (each service migrates its
# own schema at start), creates a demo tenant and prints its keys, then runs every service —
# production and sandbox — with readable logs until Ctrl-C.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

ensure_dependencies
ensure_system_tools
ensure_infrastructure
"$NODE" tools/dev/src/ensure-databases.ts

# A developer's machine: built-in secrets and placeholder identifiers are allowed here only
# (SV_LOCAL_DEVELOPMENT); the bus is authenticated as in a deployment, with the local credentials.
export SV_LOCAL_DEVELOPMENT=1
export SV_LOG_PRETTY="${SV_LOG_PRETTY:-1}" SV_ALLOW_PRIVATE_URLS=1 SV_BLOB_DIR="${SV_BLOB_DIR:-$VAR/blobs}"
# Locally both environments share one blob directory and the one CDN on 8083, so they share the
# secret that signs presigned uploads to it too (deployments give each environment its own).
export SV_BLOB_SIGNING_SECRET="${SV_BLOB_SIGNING_SECRET:-local-blob-signing-secret-change-me}"
PIDS=()
# Every service starts behind it; tracing is on when OTEL_EXPORTER_OTLP_(TRACES_)ENDPOINT is set.
TRACING_PRELOAD=packages/platform/src/tracing/preload.ts
stop_all() {
  trap - INT TERM EXIT
  say "stopping"
  for pid in "${PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap stop_all INT TERM EXIT

run() { # run <identity> <entry> SV_ENV=<env> [VAR=value ...]: the identity's own bus credentials
  local identity="${1%-sandbox}" entry="$2" environment="${3#SV_ENV=}"
  shift 2
  env SV_NATS_CREDENTIALS="$NATS_STATE/$environment/$identity.nk" "$@" "$NODE" --import "./$TRACING_PRELOAD" "$entry" &
  PIDS+=("$!")
}

for port in 8080 8081 8082 8083 8084; do
  if (echo >"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then die "port $port is already in use (is the platform already running?)"; fi
done

say "starting the local SFTP server (store endpoint and supplier drop folders)"
rm -f "$VAR/sftp.env" "$VAR/sftp-drop.env"
"$NODE" tools/dev/src/sftp-server.ts "$VAR/sftp.env" "$VAR/sftp-drop.env" &
PIDS+=("$!")
deadline=$((SECONDS + 30))
until [ -s "$VAR/sftp.env" ]; do
  [ $SECONDS -lt $deadline ] || die "the local SFTP server did not start within 30 s"
  sleep 0.2
done
mapfile -t SFTP_ENV <"$VAR/sftp.env"
mapfile -t DROP_ENV <"$VAR/sftp-drop.env"

say "starting services"
run catalogue services/catalogue/src/main.ts SV_ENV=production
run catalogue-sandbox services/catalogue/src/main.ts SV_ENV=sandbox
run supply-chain services/supply-chain/src/main.ts SV_ENV=production
run supply-chain-sandbox services/supply-chain/src/main.ts SV_ENV=sandbox
run webhooks services/webhooks/src/main.ts SV_ENV=production
run webhooks-sandbox services/webhooks/src/main.ts SV_ENV=sandbox
run royalties services/royalties/src/main.ts SV_ENV=production
run royalties-sandbox services/royalties/src/main.ts SV_ENV=sandbox
# Production's daily job reads DSP report files dropped under var/analytics-drop, one sub-folder
# per tenant; the sandbox runs no drop-folder job.
mkdir -p "$VAR/analytics-drop"
run analytics services/analytics/src/main.ts SV_ENV=production SV_ANALYTICS_DROP_DIR="$VAR/analytics-drop"
run analytics-sandbox services/analytics/src/main.ts SV_ENV=sandbox
run ingestion services/ingestion/src/main.ts SV_ENV=production "${DROP_ENV[@]}"
run ingestion-sandbox services/ingestion/src/main.ts SV_ENV=sandbox
# Production delivers every store's bundles to the local SFTP server, one folder per store; the
# sandbox writes to its own folder only, as everywhere.
run delivery services/delivery/src/main.ts SV_ENV=production SV_DDEX_PARTY_ID="${SV_DDEX_PARTY_ID:-PADPIDA2026SVLOCAL}" "${SFTP_ENV[@]}"
run delivery-sandbox services/delivery/src/main.ts SV_ENV=sandbox SV_DELIVERY_DIR="$VAR/delivery-sandbox"
run gateway services/gateway/src/main.ts SV_ENV=production SV_CDN_PORT=8083 SV_COOKIE_SECURE=0
run gateway-sandbox services/gateway/src/main.ts SV_ENV=sandbox SV_COOKIE_SECURE=0
# The docs host and the MCP server use no database and no bus: the contracts and the gateways.
"$NODE" --import "./$TRACING_PRELOAD" services/docs/src/main.ts &
PIDS+=("$!")
"$NODE" --import "./$TRACING_PRELOAD" services/mcp/src/main.ts &
PIDS+=("$!")

health() { "$NODE" -e 'fetch(process.argv[1]).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))' "$1"; }
# Up means every service answers: the gateways, docs and MCP, and each service's readiness probe
# (catalogue, supply-chain, ingestion, delivery, webhooks, royalties, analytics; sandbox +10).
READY_URLS=(http://127.0.0.1:8080/health http://127.0.0.1:8081/api/v1/health http://127.0.0.1:8084/health http://127.0.0.1:8082/health)
for port in 9101 9102 9103 9104 9105 9106 9107; do
  READY_URLS+=("http://127.0.0.1:$port/health/ready" "http://127.0.0.1:$((port + 10))/health/ready")
done
deadline=$((SECONDS + 120))
for url in "${READY_URLS[@]}"; do
  until health "$url"; do
    [ $SECONDS -lt $deadline ] || die "$url did not answer ready within 120 s (see the logs above)"
    sleep 0.5
  done
done

admin() { SV_LOG_PRETTY=0 bash tools/dev/admin.sh "$@"; }
demo_key() { # demo_key <env>
  admin tenant create --slug demo --name "Demo Label" --env "$1" >/dev/null 2>&1 || true
  admin key create --tenant demo --role owner --roster --env "$1" | "$NODE" -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).key))'
}
PRODUCTION_KEY="$(demo_key production)"
SANDBOX_KEY="$(demo_key sandbox)"
admin artist create --tenant demo --name "Demo Artist" --slug demo-artist >/dev/null 2>&1 || true
printf '{"production":"%s","sandbox":"%s"}\n' "$PRODUCTION_KEY" "$SANDBOX_KEY" >"$VAR/demo-keys.json"

cat >&2 <<INFO

  The platform is up.
    production  http://127.0.0.1:8080/v1        key $PRODUCTION_KEY
    sandbox     http://127.0.0.1:8081/api/v1    key $SANDBOX_KEY
    CDN         http://127.0.0.1:8083
    docs        http://127.0.0.1:8084 (OpenAPI /openapi.json, AsyncAPI /asyncapi.json)
    MCP         http://127.0.0.1:8082/mcp (send the key as Authorization: Bearer)
    supply-chain  http://127.0.0.1:9102/health/ready (sandbox 9112); stores: GET /v1/supply-chain/dsps
    webhooks      http://127.0.0.1:9105/health/ready (sandbox 9115); events: GET /v1/webhooks/event-types
    ingestion     http://127.0.0.1:9103/health/ready (sandbox 9113); jobs: GET /v1/ingestion/jobs
                  SFTP drop folder: npm run -s admin -- sftp supplier --tenant demo (see the README)
    delivery      http://127.0.0.1:9104/health/ready (sandbox 9114); bundles: see var/sftp.env (SV_DELIVERY_SFTP_ROOT)
    royalties     http://127.0.0.1:9106/health/ready (sandbox 9116); splits: PUT /v1/tracks/{uuid}/splits
    analytics     http://127.0.0.1:9107/health/ready (sandbox 9117); streams: GET /v1/analytics/streaming/summary
                  report drop folder: var/analytics-drop/<tenant>/ (read daily)
  Try:  curl -H "Authorization: Bearer $PRODUCTION_KEY" http://127.0.0.1:8080/v1/artists
  Keys are also in var/demo-keys.json. Ctrl-C stops everything.

INFO
wait -n "${PIDS[@]}" || true
die "a service exited; stopping the rest"
