#!/usr/bin/env bash
# `npm run -s chaos`: the fault run. Brings up what the tests need (dependencies, ffmpeg, OpenSSH,
# Postgres, nats-server), then starts a platform of its own on a NATS server of its own and runs
# tools/chaos/src/chaos.ts (flags: --duration S (120), --drivers N (2)). It stops by itself;
# stdout ends with one line of JSON, and the exit code is 1 when an event was lost or doubled.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../dev/lib.sh"

ensure_dependencies
ensure_system_tools
ensure_test_tools
ensure_infrastructure
exec "$NODE" tools/chaos/src/chaos.ts "$@"
