#!/usr/bin/env bash
# Mutation testing of rest-compress-lib with PIT (profile "pitest" of rest-compress-lib/pom.xml):
# mutates the negotiation, server, client and codec packages, runs the library's unit and in-process
# HTTP tests against each mutant, writes the HTML and CSV reports to results/mutation/ and prints the
# mutation score per package. Takes tens of minutes on 2 cores, so it is not part of scripts/test.sh.
#
# Usage: scripts/mutation.sh [--threads N] [--packages negotiation,server] [extra maven arguments, e.g. -o]
#   --packages   which of dev.restcompress.{negotiation,server,client,codec} to mutate (default: all four);
#                the report then goes to results/mutation-<packages>/
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
cd "$root"

threads=2
packages=negotiation,server,client,codec
out="$root/results/mutation"
while [ $# -gt 0 ]; do
    case "$1" in
        --threads) threads="$2"; shift 2 ;;
        --packages) packages="$2"; out="$root/results/mutation-${2//,/-}"; shift 2 ;;
        *) break ;;
    esac
done
targets=$(echo "$packages" | sed 's/\([a-z]*\)/dev.restcompress.\1.*/g')
rm -rf "$out"
mkdir -p "$out"

start=$(date +%s)
# install the lib's parent POM first is not needed: -pl with the reactor root resolves it.
mvn -B -q -pl rest-compress-lib -Ppitest -Dpitest.threads="$threads" -DtargetClasses="$targets" \
    -Dpitest.reportsDirectory="$out" \
    test-compile org.pitest:pitest-maven:mutationCoverage "$@" 2>&1 | tee "$out/pitest.log" | grep -E '\[ERROR\]|BUILD FAILURE' || true
end=$(date +%s)

csv="$out/mutations.csv"
if [ ! -f "$csv" ]; then
    echo "mutation: no $csv; see $out/pitest.log" >&2
    exit 1
fi
echo "mutation: $packages in $(( end - start )) s ($threads threads); report: $out/index.html" >&2
# mutations.csv: file,class,mutator,method,line,status,killing test. PIT counts KILLED, TIMED_OUT,
# MEMORY_ERROR and RUN_ERROR as detected; SURVIVED and NO_COVERAGE as not.
printf "%-32s %7s %8s %8s %8s %6s\n" package mutants detected survived no-cov score
awk -F, '
    { pkg = $2; sub(/\.[^.]*$/, "", pkg); total[pkg]++
      if ($6 == "KILLED" || $6 == "TIMED_OUT" || $6 == "MEMORY_ERROR" || $6 == "RUN_ERROR") det[pkg]++
      else if ($6 == "SURVIVED") surv[pkg]++
      else if ($6 == "NO_COVERAGE") nocov[pkg]++ }
    END {
      for (p in total) printf "%-32s %7d %8d %8d %8d %5.1f%%\n", p, total[p], det[p], surv[p], nocov[p], 100 * det[p] / total[p]
    }' "$csv" | sort
