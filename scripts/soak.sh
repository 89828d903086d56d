#!/usr/bin/env bash
# Soaks the demo server: starts it in its own JVM (fixed 256 MB heap, native memory
# tracking, 127.0.0.1, a free port), drives a checked mix of GETs, POSTs and attacks in every coding
# at it, samples RSS, heap after GC, NMT, threads and fds, and writes
#   <repo>/results/soak/<timestamp>/report.md, samples.csv, requests.csv, chart.svg, server.log
# with a verdict: HELD (exit 0), LEAKED (exit 1, names the series, slope and coding) or ERRORED (exit
# 2, any wrong answer; also for a failed build or start).
#
# Usage: scripts/soak.sh [--minutes N] [--short] [--only-post CODING] [other SoakMain options]
#   --minutes N      load time (default 10): 60% mixed load, then a POST phase per coding
#   --short          about 2 minutes in all (105 s of load, 1 s samples): for scripts/test.sh
#   --only-post C    only POST /rest/echo with Content-Encoding C (identity, lzf, gzip, zstd, br)
#   --interval S --threads N --max-rss-mb N --rss-mb-per-min X --heap-mb-per-min X --warmup F --isolated F
# Environment: JAVA_HOME selects the JDK; SKIP_BUILD=1 reuses rest-compress-bench/target/benchmarks.jar.
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname -- "$(readlink -f -- "${BASH_SOURCE[0]}")")" && pwd -P)"
REPO_DIR="$(dirname "$SCRIPT_DIR")"
JAR="$REPO_DIR/rest-compress-bench/target/benchmarks.jar"
JAVA="${JAVA_HOME:+$JAVA_HOME/bin/}java"

log() { echo "[soak.sh] $*" >&2; }
die() { echo "[soak.sh] ERROR: $*" >&2; exit 2; }

args=()
minutes=10
short=0
while [ $# -gt 0 ]; do
    case "$1" in
        --minutes) [ $# -ge 2 ] || die "--minutes needs a number"; minutes="$2"; args+=("$1" "$2"); shift 2 ;;
        --short) short=1; minutes=1.75; args+=("$1"); shift ;;
        --out|--testdata) die "$1 is chosen by this script" ;;
        -h|--help) sed -n '2,15p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) args+=("$1"); shift ;;
    esac
done
[[ "$minutes" =~ ^[0-9]+([.][0-9]+)?$ ]] || die "--minutes must be a number, got '$minutes'"

if [ "${SKIP_BUILD:-0}" != 1 ] || [ ! -f "$JAR" ]; then
    log "building $JAR"
    (cd "$REPO_DIR" && mvn -B -q -pl rest-compress-bench -am package -DskipTests) || die "build failed"
fi

out="$REPO_DIR/results/soak/$(date +%Y%m%d-%H%M%S)"
mkdir -p "$out"
label="$(cd "$REPO_DIR" && git rev-parse --abbrev-ref HEAD 2>/dev/null || echo '?')@$(cd "$REPO_DIR" && git rev-parse --short HEAD 2>/dev/null || echo '?')"
if [ -n "$(cd "$REPO_DIR" && git status --porcelain --untracked-files=no 2>/dev/null)" ]; then
    label="$label (uncommitted changes)"
fi

# Only the processes started here are stopped: the soak JVM by its PID, then (should it have been
# killed before its own clean-up) the server JVM by the PID it recorded, if that PID still runs it.
soak_pid=""
cleanup() {
    if [ -n "$soak_pid" ] && kill -0 "$soak_pid" 2>/dev/null; then
        kill "$soak_pid" 2>/dev/null || true
        for _ in 1 2 3 4 5 6 7 8 9 10; do kill -0 "$soak_pid" 2>/dev/null || break; sleep 1; done
        kill -9 "$soak_pid" 2>/dev/null || true
    fi
    if [ -s "$out/server.pid" ]; then
        spid="$(cat "$out/server.pid")"
        if grep -q BenchServerMain "/proc/$spid/cmdline" 2>/dev/null; then
            log "stopping the leftover demo server (pid $spid)"
            kill "$spid" 2>/dev/null || true
            sleep 2
            kill -9 "$spid" 2>/dev/null || true
        fi
    fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# The Java side has its own hard deadline (load time + 120 s); this bounds the start on top of it.
limit_s=$(awk -v m="$minutes" 'BEGIN { printf "%d", m * 60 + 300 }')
log "java: $("$JAVA" -version 2>&1 | head -1); measuring $label; results: $out"
set +e
timeout --kill-after=10 "$limit_s" "$JAVA" -Djava.awt.headless=true --enable-native-access=ALL-UNNAMED \
    -cp "$JAR" dev.restcompress.bench.soak.SoakMain --testdata "$REPO_DIR/testdata" --out "$out" \
    --label "$label" ${args[@]+"${args[@]}"} > >(tee "$out/soak.log") 2> >(tee -a "$out/soak.log" >&2) &
soak_pid=$!
wait "$soak_pid"
rc=$?
soak_pid=""
set -e
case "$rc" in
    0|1) ;;
    2) [ -s "$out/report.md" ] || die "the soak failed before writing a report; see $out/soak.log" ;;
    124) die "the soak ran past its ${limit_s} s limit and was stopped" ;;
    137) die "the soak JVM was killed (its ${limit_s} s limit, or a kill from outside)" ;;
    *) die "the soak failed (exit $rc); see $out/soak.log" ;;
esac
[ -s "$out/report.md" ] || die "missing $out/report.md"
log "report: $out/report.md"
exit "$rc"
