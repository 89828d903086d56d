#!/usr/bin/env bash
# Makes a shared dictionary (RFC 9842 dcz/dcb) from sample responses and prints the measured size on
# held-out samples against gzip-6 and zstd without a dictionary (at the library's default dcz level).
#
# Usage: scripts/train-dictionary.sh --samples DIR|URL-LIST-FILE [--size 64k] --out FILE [--level 12]
#                                    [--method raw|zstd] [--held-out DIR|URL-LIST-FILE] [--glob PATTERN]
#   --samples DIR   every file under DIR is a sample response (hidden files, READMEs, scripts skipped)
#   --samples FILE  a text file with one http(s) URL per line; each response body is a sample
#   --size N        dictionary size, e.g. 32k, 64k, 110k (default 64k)
#   --out FILE      where the dictionary goes
#   --method M      raw (default): sample pieces concatenated, spread over all sources;
#                   zstd: zstd's trainer (fastCover), with one newline byte prepended
#   --held-out X    measure on these samples instead (then every --samples source trains)
#   --glob PATTERN  only a folder's files whose name matches, e.g. '*.json' (default: all)
# Samples are cut into 0.5-4 KiB pieces; every fifth source (with fewer than five sources, every
# fifth piece) is held out and only used to measure.
# The written dictionary is RAW content (browsers use dcz/dcb dictionaries as raw content). On small
# JSON, raw concatenation measured smaller than zstd's trainer (the dictionary-size measurements). A zstd-trained
# dictionary starts with the ZDICT magic 37 a4 30 ec; zstd would read it as a structured dictionary
# and browsers would fail the dcz fetch, hence the prepended byte with --method zstd.
# Environment: JAVA_HOME selects the JDK; SKIP_BUILD=1 reuses rest-compress-bench/target/benchmarks.jar.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
jar="$root/rest-compress-bench/target/benchmarks.jar"
java="${JAVA_HOME:+$JAVA_HOME/bin/}java"
case "${1:-}" in -h|--help|"") sed -n '2,21p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;; esac

if [ "${SKIP_BUILD:-0}" != 1 ] || [ ! -f "$jar" ]; then
    echo "train-dictionary: building $jar" >&2
    (cd "$root" && mvn -B -q -pl rest-compress-bench -am package -DskipTests)
fi
exec "$java" --enable-native-access=ALL-UNNAMED -cp "$jar" dev.restcompress.bench.dictionary.TrainDictionary "$@"
