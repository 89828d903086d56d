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
#   --suites list  codec,small,interceptor,load,native,overload,peers (default: all of these), proxies (nginx,
#                  Caddy and HAProxy in front of the demo; installed from Debian first when missing and root)
#   --proxies-rounds N --proxies-seconds N --proxies-payloads a,b --proxies-setups app-gzip,nginx-gzip-6,...
#   --forks N --warmups N --iterations N --time-ms N   JMH settings (default 1, 2, 3, 1000)
#   --link-mbps N  reference link speed for the small-payload verdict (default 1000)
#   --load-concurrency 1,4,16,64 --load-seconds N --load-codings identity,lzf,gzip --load-file NAME
#   --load-endpoints uncached,cached,miss   HTTP load suite (server in its own JVM on 127.0.0.1)
#   --overload-multipliers 0.5,1,2,4 --overload-seconds N --overload-adaptive off,on --overload-on-settings k=v,... --overload-mixes large,small-json
#                  open-model overload suite: capacity at saturation, then multiples of it (adaptive off/on)
#   --peers-rounds N --peers-seconds N --peers-servers ours-cached,ours-uncached,...,resteasy-gzip,...
#                  ours (cached, uncached, miss, identity) vs RESTEasy @GZIP, Jersey, Undertow, same run
#   --pin on|off   server and load generator on separate cores with taskset (default on)
#   --bandwidth 100mbit,1gbit
#                  also run the load through a tc-limited veth link between two network namespaces
#                  this script creates and always removes (root only; fails clearly otherwise)
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
bandwidth=""
suites=""
while [ $# -gt 0 ]; do
    case "$1" in
        --corpus) [ $# -ge 2 ] || die "--corpus needs a folder"; corpus="$2"; shift 2 ;;
        --out) die "--out is chosen by this script (results/bench-<timestamp>); run BenchMain directly to change it" ;;
        --suites) [ $# -ge 2 ] || die "--suites needs a list"; suites="$2"; args+=("$1" "$2"); shift 2 ;;
        --bandwidth) [ $# -ge 2 ] || die "--bandwidth needs rates, e.g. 100mbit,1gbit"; bandwidth="$2"; shift 2 ;;
        -h|--help) sed -n '2,26p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
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
netns_id=""
cleanup() {
    # The bandwidth suite's namespaces go first: the demo server inside has exited with the bench JVM.
    if [ -n "$netns_id" ]; then
        "$LINK_SCRIPT" down "$netns_id" || log "WARNING: could not remove namespaces rcb-*-$netns_id"
    fi
    rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# --- the C harness that times libdeflate itself (native-floor suite) -------------------
HARNESS_SRC="$REPO_DIR/rest-compress-bench/src/main/c/libdeflate_harness.c"
if command -v gcc >/dev/null 2>&1; then
    if gcc -O2 -Wall -std=c11 -o "$tmp/libdeflate_harness" "$HARNESS_SRC" -ldl; then
        args+=(--native-harness "$tmp/libdeflate_harness")
    else
        log "WARNING: gcc could not build $HARNESS_SRC; the native-floor section will say so"
    fi
else
    log "WARNING: no gcc; the native-floor section will be skipped"
fi

# --- the proxies suite's servers: Debian packages, installed when missing (root), never started as services --
if [[ ",$suites," == *,proxies,* ]]; then
    "$REPO_DIR/rest-compress-bench/scripts/install-proxies.sh" || log "WARNING: install-proxies.sh failed; the suite skips absent proxies"
fi

# --- optional bandwidth mode, inside network namespaces this script owns ---------------
LINK_SCRIPT="$REPO_DIR/rest-compress-bench/scripts/netns-link.sh"
runner=()
if [ -n "$bandwidth" ]; then
    [ "$(id -u)" = 0 ] || die "--bandwidth needs root (it creates network namespaces and tc qdiscs)"
    command -v ip >/dev/null 2>&1 && command -v tc >/dev/null 2>&1 || die "--bandwidth needs ip and tc (iproute2)"
    netns_id="$$"
    "$LINK_SCRIPT" up "$netns_id" >&2 || { netns_id=""; die "cannot set up the test link: 'ip netns' or veth is not permitted here"; }
    # The whole bench JVM runs in the client namespace; it starts the server in the server namespace.
    runner=(ip netns exec "rcb-cli-$netns_id")
    args+=(--bandwidth "$bandwidth" --bandwidth-netns "$netns_id" --bandwidth-link-script "$LINK_SCRIPT")
fi

log "java: $("$JAVA" -version 2>&1 | head -1); corpus: $corpus; results: $out"
set +e
${runner[@]+"${runner[@]}"} "$JAVA" -Djava.io.tmpdir="$tmp" -Djava.awt.headless=true --enable-native-access=ALL-UNNAMED \
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
