#!/usr/bin/env bash
# Sets up a fresh machine (system packages, Python venv) and runs every test: unit, in-process
# server, Arquillian deployment and interop (curl, Python) tests, plus the testdata and Python
# client self-checks.
#
# Usage: scripts/test.sh [extra maven arguments]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
cd "$root"

scripts/setup.sh
python="$root/.venv/bin/python"

echo "test: testdata is what its generator writes" >&2
python3 testdata/generate.py --check

echo "test: Python LZF client self-test" >&2
"$python" scripts/lzf_client.py selftest

echo "test: maven verify" >&2
mvn -B verify -Drest-compress.interop.required=true -Drest-compress.python="$python" "$@"
