#!/usr/bin/env bash
# Tries a staged release as a new user would: for each template in scripts/consumer/<runtime>/ (a
# new Maven project that uses only the README's coordinates: the BOM, the library, zstd-jni; its
# resource, the same everywhere, is in scripts/consumer/common), builds
# it against the staged repository (scripts/stage-release.sh), starts it on 127.0.0.1 and checks
# that GET /orders answers in gzip, zstd and lzf, each decoding to the identity body.
#
# Where artifacts come from: the build's own local repository (target/try-release/m2; its
# dev.restcompress part emptied before every run), fed by the staged repository (checksums
# enforced), then ~/.m2 read as a file repository (releases only), then Maven Central
# (scripts/isolated-maven-settings.sh). Afterwards every dev.restcompress file in it must name the
# staged repository as its origin; the reactor and ~/.m2 are never consulted for them.
#
# Usage: scripts/try-release.sh [--repo DIR] [--version 0.1.0] [runtime ...]
#   runtimes: the folder names under scripts/consumer (default: all of them)
# Not part of scripts/test.sh: it needs a staged release and builds whole applications.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
cd "$root"

repo="$root/results/staging/repository"
version=0.1.0
runtimes=()
while [ $# -gt 0 ]; do
    case "$1" in
        --repo) repo="$(cd "$2" && pwd -P)"; shift 2 ;;
        --version) version="$2"; shift 2 ;;
        *) runtimes+=("$1"); shift ;;
    esac
done
if [ "${#runtimes[@]}" -eq 0 ]; then
    for d in scripts/consumer/*/; do [ -f "$d/pom.xml" ] && runtimes+=("$(basename "$d")"); done
fi
log() { echo "try-release: $*" >&2; }

if [ ! -f "$repo/dev/restcompress/rest-compress-bom/$version/rest-compress-bom-$version.pom" ]; then
    log "no staged $version in $repo: run scripts/stage-release.sh first"
    exit 1
fi

work="$root/target/try-release"
m2="$work/m2"
find "$work" -mindepth 1 -maxdepth 1 -not -name m2 -exec rm -rf {} + 2>/dev/null || true
rm -rf "$m2/dev/restcompress"
mkdir -p "$work"
settings="$work/settings.xml"
"$root/scripts/isolated-maven-settings.sh" "$m2" "$repo" > "$settings"

python="$("$root/scripts/setup-python.sh" 2>"$work/setup-python.log")"

app_pid=
stop_app() {
    if [ -n "$app_pid" ] && kill -0 "$app_pid" 2>/dev/null; then
        kill "$app_pid" 2>/dev/null || true
        for _ in $(seq 1 50); do kill -0 "$app_pid" 2>/dev/null || break; sleep 0.2; done
        kill -9 "$app_pid" 2>/dev/null || true
    fi
    app_pid=
}
trap stop_app EXIT

free_port() {
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

# Every dev.restcompress file the build resolved came from the staged repository.
check_origin() {
    local bad=0 n=0 f
    while IFS= read -r f; do
        n=$((n + 1))
        if grep -E '^[^#].*>' "$f" | grep -vq '>staged=$'; then
            log "$f: not from the staged repository: $(grep -v '^#' "$f" | tr '\n' ' ')"; bad=1
        fi
    done < <(find "$m2/dev/restcompress" -name _remote.repositories 2>/dev/null)
    if [ "$n" -eq 0 ]; then log "no dev.restcompress artifact was resolved"; return 1; fi
    if find "$m2/dev/restcompress" -mindepth 2 -maxdepth 2 -type d | grep -v "/$version\$"; then
        log "other versions of dev.restcompress were resolved (above)"; bad=1
    fi
    return "$bad"
}

# fetch <name> <accept-encoding> <out>: the body curl decodes (--compressed), headers in <out>.h
fetch() {
    curl -sS --max-time 20 --compressed -H "Accept-Encoding: $2" -D "$3.h" -o "$3" \
        -w '%{http_code} %{size_download}' "$url"
}
header() { { grep -i "^$1:" "$2" || true; } | head -1 | cut -d: -f2- | tr -d ' \r'; }

results=()
failed=0
for rt in "${runtimes[@]}"; do
    src="$root/scripts/consumer/$rt"
    [ -f "$src/pom.xml" ] || { log "no template scripts/consumer/$rt"; failed=1; continue; }
    app="$work/$rt"
    cp -r "$src" "$app"
    cp -r "$root/scripts/consumer/common/." "$app/" # the application's resource, the same on every runtime
    log "$rt: building (mvn package against the staged repository)"
    t0=$(date +%s)
    if ! (cd "$app" && mvn -B -s "$settings" package -DskipTests "-Drest-compress.version=$version" \
            > "$app/build.log" 2>&1); then
        grep -E "ERROR" "$app/build.log" | head -20 >&2
        log "$rt: BUILD FAILED ($app/build.log)"; results+=("$rt: build failed"); failed=1; continue
    fi
    build_s=$(( $(date +%s) - t0 ))
    if ! check_origin; then results+=("$rt: artifacts not from the staged repository"); failed=1; continue; fi

    port=$(free_port)
    url="http://127.0.0.1:$port/orders"
    t0=$(date +%s)
    (cd "$app" && exec ./start.sh "$port") > "$app/app.log" 2>&1 &
    app_pid=$!
    up=0
    for _ in $(seq 1 120); do # at most 60 s
        if curl -s -o /dev/null --max-time 2 "$url"; then up=1; break; fi
        kill -0 "$app_pid" 2>/dev/null || break
        sleep 0.5
    done
    if [ "$up" -ne 1 ]; then
        tail -30 "$app/app.log" >&2
        log "$rt: the application did not answer on 127.0.0.1:$port ($app/app.log)"
        results+=("$rt: did not start"); failed=1; stop_app; continue
    fi
    start_s=$(( $(date +%s) - t0 ))

    ok=1
    read -r code size_identity < <(fetch identity identity "$app/identity.json") || true
    if [ "$code" != 200 ] || [ -n "$(header content-encoding "$app/identity.json.h")" ]; then
        log "$rt: identity: status $code, Content-Encoding '$(header content-encoding "$app/identity.json.h")'"; ok=0
    fi
    if ! "$python" -c 'import json,sys; d=json.load(open(sys.argv[1])); assert len(d) == 200 and d[199]["id"] == 199' \
            "$app/identity.json" 2>/dev/null; then
        log "$rt: identity: the body is not the expected JSON list"; ok=0
    fi
    sizes="identity $size_identity B"
    for coding in gzip zstd; do
        read -r code size < <(fetch "$coding" "$coding" "$app/$coding.json") || true
        ce=$(header content-encoding "$app/$coding.json.h")
        vary=$(header vary "$app/$coding.json.h")
        if [ "$code" != 200 ] || [ "$ce" != "$coding" ] || ! cmp -s "$app/$coding.json" "$app/identity.json"; then
            log "$rt: $coding: status $code, Content-Encoding '$ce', decoded body $(cmp -s "$app/$coding.json" "$app/identity.json" && echo equal || echo DIFFERENT)"; ok=0
        fi
        case "$vary" in *[Aa]ccept-[Ee]ncoding*) ;; *) log "$rt: $coding: no Vary: Accept-Encoding"; ok=0 ;; esac
        sizes="$sizes, $coding $size B"
    done
    # lzf: curl cannot decode it; the project's Python client (python-lzf, independent of the
    # Java encoder) checks the Content-Encoding and decodes the ZV stream.
    if "$python" scripts/lzf_client.py get "$url" --accept-encoding lzf --out "$app/lzf.json" 2> "$app/lzf.err" \
            && grep -qi "content-encoding: *lzf" "$app/lzf.err" && cmp -s "$app/lzf.json" "$app/identity.json"; then
        sizes="$sizes, lzf $( { grep -i 'content-length' "$app/lzf.err" || true; } | grep -o '[0-9]*' | head -1) B"
    else
        log "$rt: lzf: $(tr '\n' ' ' < "$app/lzf.err")"; ok=0
    fi
    startup_line=$( (grep -m1 -o "rest-compress server:.*" "$app/app.log" || grep -m1 -o "rest-compress.*" "$app/app.log" || true) | cut -c1-240)
    stop_app
    if [ "$ok" -eq 1 ]; then
        results+=("$rt: OK (build ${build_s} s, start ${start_s} s; $sizes)")
    else
        results+=("$rt: FAILED (app log: $app/app.log)"); failed=1
    fi
    [ -n "$startup_line" ] && log "$rt: start-up line: $startup_line"
done

for r in "${results[@]}"; do echo "try-release: $r"; done
exit "$failed"
