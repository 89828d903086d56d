#!/usr/bin/env bash
# Runs the rest-compress benchmarks (JMH) and writes a results folder:
#   <repo>/results/bench-<timestamp>/report.md, *.csv, *.png, jmh-*.json, bench.log
#
# Usage: scripts/bench.sh [--quick] [--corpus DIR] [other BenchMain options]
#   --quick        smoke run (few files, in-process, 100 ms iterations): under 3 minutes;
#                  proves every benchmark runs and every report is produced, numbers are indicative
#   --corpus DIR   folder of files to compress (default <repo>/testdata)
#   --codecs ids   e.g. lzf,gzip-jdk-6 (default: every codec available here)
#   --files a,b    corpus file names for the codec suite (default: all; --quick: three)
#   --suites list  codec,small,interceptor (default: all)
#   --forks N --warmups N --iterations N --time-ms N   JMH settings (default 1, 2, 3, 1000)
#   --link-mbps N  reference link speed for the small-payload verdict (default 1000)
# Environment: JAVA_HOME selects the JDK for the build and the run; SKIP_BUILD=1 reuses the jar.
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname -- "$(readlink -f -- "${BASH_SOURCE[0]}")")" && pwd -P)"
REPO_DIR="$(dirname "$SCRIPT_DIR")"
JAR="$REPO_DIR/rest-compress-bench/target/benchmarks.jar"
JAVA="${JAVA_HOME:+$JAVA_HOME/bin/}java"

log() { echo "[bench.sh] $*" >&2; }
die() { echo "[bench.sh] ERROR: $*" >&2; exit 1; }

args=()
corpus="$REPO_DIR/testdata"
while [ $# -gt 0 ]; do
    case "$1" in
        --corpus) [ $# -ge 2 ] || die "--corpus needs a folder"; corpus="$2"; shift 2 ;;
        --out) die "--out is chosen by this script (results/bench-<timestamp>); run BenchMain directly to change it" ;;
        -h|--help) sed -n '2,17p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) args+=("$1"); shift ;;
    esac
done
[ -d "$corpus" ] || die "corpus folder '$corpus' not found (pass --corpus DIR)"
corpus="$(cd "$corpus" && pwd -P)"

if [ "${SKIP_BUILD:-0}" != 1 ] || [ ! -f "$JAR" ]; then
    log "building $JAR"
    (cd "$REPO_DIR" && mvn -B -q -pl rest-compress-bench -am package -DskipTests) || die "build failed"
fi

out="$REPO_DIR/results/bench-$(date +%Y%m%d-%H%M%S)"
mkdir -p "$out"
# JMH locks ${java.io.tmpdir}/jmh.lock machine-wide: a private temp folder keeps parallel runs
# (other engineers, CI jobs) from blocking or failing each other.
tmp="$(mktemp -d "${TMPDIR:-/tmp}/rest-compress-bench.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT

log "java: $("$JAVA" -version 2>&1 | head -1); corpus: $corpus; results: $out"
set +e
"$JAVA" -Djava.io.tmpdir="$tmp" -Djava.awt.headless=true --enable-native-access=ALL-UNNAMED \
    -cp "$JAR" dev.restcompress.bench.BenchMain --corpus "$corpus" --out "$out" ${args[@]+"${args[@]}"} \
    2>&1 | tee "$out/bench.log"
rc=${PIPESTATUS[0]}
set -e
[ "$rc" -eq 0 ] || die "benchmark failed (exit $rc); see $out/bench.log"

# The run must leave a complete report behind; a missing file means a suite silently broke.
for f in report.md; do
    [ -s "$out/$f" ] || die "missing $out/$f"
done
log "report: $out/report.md"
