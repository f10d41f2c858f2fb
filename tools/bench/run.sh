#!/usr/bin/env bash
# Benchmarks, each printing its figures:
#   artist-read       GET /v1/artists/{uuid}: the whole platform against a bare express + Postgres handler
#                     (flags: --connections N (16), --duration S (10), --warmup S (2))
#   release-write     POST /v1/releases, the same way (same flags)
#   ddex-build        build + XSD validation of a 20-track album ERN 4.3 message
#                     (flags: --iterations N (200), --warmup N (20))
#   delivery-latency  approve → release.dsp.<slug>.submitted at a webhook receiver, beyond QC
#                     (flags: --releases N (5), --store SLUG (spotify))
#   ingestion-bulk    POST /v1/ingestion/bulk of 200 releases of 3 tracks → job completed
#                     (flags: --runs N (3))
#   ddex-read         parse, XSD validation and whole read of the largest ERN sample of each version
#                     (flags: --iterations N (50), --warmup N (5))
#   royalties         a sales-report CSV import (rows/s, the service's peak memory) and a statement
#                     cycle over tracks with three-way splits (flags: --rows N (1000000), --tracks N (10000))
#   gateway-pair      two gateway replicas sharing one port against one: req/s and p99, and the rate
#                     limit exact through the shared port (flags: --connections N (16), --duration S (10))
#   analytics         a streams report load (rows/s) and p50/p99 of overview, time-series and the streaming
#                     summary, tracks and markets, one tenant among ten (flags: --snapshots N (1000000),
#                     --rows N (1000000), --tenants N (10), --requests N (200))
#   reports           store reports through the shared intake: a DDEX DSR and a CSV each loaded into
#                     analytics (operator command) and finance (upload); lines/s and the loading
#                     service's memory growth (flags: --tracks N (100000), --lines N (1000000),
#                     --only analytics-dsr,analytics-csv,finance-dsr,finance-csv)
#   reports-parse     the shared report reader alone (@sv/reports, no services): a DDEX DSR, a streams CSV
#                     and a sales CSV read end to end; rows/s and memory growth (flags: --lines N (1000000),
#                     --tracks N (100000), --only dsr,streams,sales)
# `run.sh` runs them all with their defaults; `run.sh NAME [flags]` runs one. Flags without a
# name go to artist-read, as before. Needs Postgres and NATS reachable (SV_TEST_POSTGRES_URL /
# SV_TEST_NATS_URL, same defaults as the tests), and ffmpeg and OpenSSH for delivery-latency;
# ddex-build and ddex-read need nothing running.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
NODE=node_modules/.bin/node
bench() { "$NODE" "tools/bench/src/$1.bench.ts" "${@:2}"; }
case "${1:-all}" in
  artist-read | ddex-build | delivery-latency | ingestion-bulk | ddex-read | royalties | analytics | gateway-pair | reports | reports-parse) bench "$@" ;;
  release-write) bench artist-read --scenario write "${@:2}" ;;
  all) bench artist-read && bench artist-read --scenario write && bench ddex-build && bench delivery-latency && bench ingestion-bulk && bench ddex-read && bench royalties && bench analytics ;;
  *) bench artist-read "$@" ;;
esac
