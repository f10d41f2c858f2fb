#!/usr/bin/env bash
# Artist-read benchmark: the whole platform against a bare express + Postgres handler.
# Needs Postgres and NATS reachable (SV_TEST_POSTGRES_URL / SV_TEST_NATS_URL, same defaults as the tests).
# Flags: --connections N (16), --duration S (10), --warmup S (2).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
exec node_modules/.bin/node tools/bench/src/artist-read.bench.ts "$@"
