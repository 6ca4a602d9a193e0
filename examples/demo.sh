#!/usr/bin/env bash
# The main job end to end on the embedded defaults: environment, local Neo4j, ingest, answers.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$(bash "$ROOT/.ci/bootstrap" | tail -n 1)"
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1
cd "$ROOT"
exec "$VENV/bin/ownergraph" demo "$@"
