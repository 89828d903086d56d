#!/usr/bin/env bash
# Builds what the demo needs and starts it in the foreground (Ctrl-C stops it).
#
# Usage: scripts/demo.sh [--port N] [--host H]      (default 127.0.0.1:8080)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
cd "$root"

port=8080
host=127.0.0.1
while [ $# -gt 0 ]; do
    case "$1" in
        --port) port="$2"; shift 2 ;;
        --host) host="$2"; shift 2 ;;
        -h|--help) sed -n '2,4p' "$0"; exit 0 ;;
        *) echo "demo: unknown argument $1" >&2; exit 2 ;;
    esac
done

scripts/setup.sh --no-python
echo "demo: building (first run downloads dependencies from Maven Central)..." >&2
mvn -B -q -pl rest-compress-demo -am install -DskipTests
# exec:java runs the demo inside Maven's JVM: allow the JNI shim without JDK 24+ warnings.
java_major=$(java -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')
if [ "${java_major%%.*}" -ge 22 ] 2>/dev/null; then
    export MAVEN_OPTS="${MAVEN_OPTS:-} --enable-native-access=ALL-UNNAMED"
fi
exec mvn -B -q -pl rest-compress-demo exec:java \
    -Dexec.args="--host $host --port $port --testdata $root/testdata"
