#!/usr/bin/env bash
# `npm test`: install what is missing, bring Postgres and NATS up when needed, then run every
# check: typecheck, lint (including the module-boundary rules) and every test tier.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

ensure_dependencies
ensure_system_tools
ensure_test_tools
ensure_infrastructure
ensure_test_postgres

say "typecheck"
"$NODE" node_modules/typescript/bin/tsc -p tsconfig.json
say "lint"
# The module-boundary rule reads Nx's project graph; compute it first.
NX_DAEMON=false NX_NO_CLOUD=true "$NODE" node_modules/nx/dist/bin/nx.js show projects >/dev/null
"$NODE" node_modules/eslint/bin/eslint.js --max-warnings=0 .
say "tests (unit, medium, e2e)"
exec "$NODE" --experimental-vm-modules --disable-warning=ExperimentalWarning node_modules/jest/bin/jest.js --maxWorkers=2 "$@"
