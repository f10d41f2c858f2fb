#!/usr/bin/env bash
# `npm run -s admin -- …` on a developer's machine: the operator command with the local bus
# credentials of the environment named by --env (production unless --env sandbox). In a
# deployment the operator runs `node services/gateway/src/admin/main.ts` with the pod's own settings.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
environment=production
previous=""
for argument in "$@"; do
  [ "$previous" = --env ] && environment="$argument"
  case "$argument" in --env=*) environment="${argument#--env=}" ;; esac
  previous="$argument"
done
NATS_STATE="${SV_NATS_STATE_DIR:-${HOME:-/root}/.local/state/sv/nats}"
# The bus the bring-up recorded (var/nats.env; tools/dev/lib.sh), unless SV_NATS_URL says otherwise.
RECORDED_NATS_URL="$(sed -n 's/^SV_NATS_URL=//p' "$ROOT/var/nats.env" 2>/dev/null | head -n1)"
export SV_NATS_URL="${SV_NATS_URL:-${RECORDED_NATS_URL:-nats://127.0.0.1:4222}}"
export SV_LOCAL_DEVELOPMENT="${SV_LOCAL_DEVELOPMENT:-1}"
export SV_NATS_CREDENTIALS="${SV_NATS_CREDENTIALS:-$NATS_STATE/$environment/admin.nk}"
exec "$ROOT/node_modules/.bin/node" "$ROOT/services/gateway/src/admin/main.ts" "$@"
