#!/usr/bin/env bash
# Fuzzes every Jazzer target of rest-compress-lib, one JVM per target (Jazzer fuzzes one per run).
# Each target runs for its @FuzzTest(maxDuration) (60 s). Findings are written as reproducers into
# rest-compress-lib/src/test/resources/dev/restcompress/fuzz/<Class>Inputs/<method>/ and the run fails;
# commit the reproducer with the fix so the normal test run replays it.
#
# Usage: scripts/fuzz.sh [Class#method ...]     (default: every target)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
cd "$root"

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    for f in rest-compress-lib/src/test/java/dev/restcompress/fuzz/*FuzzTest.java; do
        cls=$(basename "$f" .java)
        for m in $(grep -A1 '@FuzzTest' "$f" | sed -n 's/^ *void \([A-Za-z0-9_]*\)(.*/\1/p'); do
            targets+=("$cls#$m")
        done
    done
fi

mvn -B -q install -DskipTests -pl rest-compress-lib
failed=0
for t in "${targets[@]}"; do
    echo "fuzz: $t" >&2
    if ! mvn -B -o -q test -pl rest-compress-lib -Pfuzz -Dtest="$t" -Dsurefire.failIfNoSpecifiedTests=false \
            > "rest-compress-lib/target/fuzz-${t//#/-}.log" 2>&1; then
        echo "fuzz: $t FOUND A PROBLEM: see rest-compress-lib/target/fuzz-${t//#/-}.log" >&2
        failed=1
    fi
    grep -aE '^#[0-9]+[[:space:]]+DONE' "rest-compress-lib/target/fuzz-${t//#/-}.log" | tail -1 >&2 || true
done
exit $failed
