#!/usr/bin/env bash
# Fetches Zig (its C compiler cross-compiles the musl and macOS shims) from PyPI's ziglang wheel:
# pinned version and SHA-256, downloaded once with pip into ${REST_COMPRESS_CACHE:-~/.cache/rest-compress}
# and unpacked next to it. Nothing fetched is committed. The build machine is Linux x86_64.
#
# Prints the path of the zig executable (use it as: "$zig" cc -target x86_64-linux-musl ...).
#
# Usage: scripts/zig.sh
set -euo pipefail
die() { echo "zig: ERROR: $*" >&2; exit 1; }
log() { echo "zig: $*" >&2; }

ZIG_VERSION=0.17.0
# ziglang-0.17.0-py3-none-manylinux_2_12_x86_64.manylinux2010_x86_64.musllinux_1_1_x86_64.whl, 101,011,302 bytes
WHEEL=ziglang-$ZIG_VERSION-py3-none-manylinux_2_12_x86_64.manylinux2010_x86_64.musllinux_1_1_x86_64.whl
SHA256=97079827064a7492cce5541ceb438ae8003ce1e54e399676da2d62fb7a5dc08b
[ "$(uname -m)" = x86_64 ] || die "the pinned ziglang wheel is for Linux x86_64 hosts"

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)"
cache="${REST_COMPRESS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/rest-compress}"
unpacked="$cache/ziglang-$ZIG_VERSION"
zig="$unpacked/ziglang/zig"

if [ ! -f "$unpacked/.complete-$SHA256" ]; then
    if [ ! -f "$cache/$WHEEL" ] || [ "$(sha256sum "$cache/$WHEEL" | cut -d' ' -f1)" != "$SHA256" ]; then
        py="$here/../.venv/bin/python"
        [ -x "$py" ] || py=python3
        "$py" -m pip --version >/dev/null 2>&1 || die "pip not found: run scripts/setup.sh (it creates .venv)"
        tmp="$cache/ziglang-download.$$"
        rm -rf "$tmp"
        mkdir -p "$tmp"
        log "downloading ziglang $ZIG_VERSION (about 100 MB) into $cache"
        "$py" -m pip download -q --disable-pip-version-check --no-deps --only-binary=:all: \
            --platform manylinux_2_12_x86_64 -d "$tmp" "ziglang==$ZIG_VERSION" >&2 \
            || { rm -rf "$tmp"; die "pip download ziglang==$ZIG_VERSION failed (no network?)"; }
        got="$(sha256sum "$tmp/$WHEEL" 2>/dev/null | cut -d' ' -f1)"
        if [ "$got" != "$SHA256" ]; then
            rm -rf "$tmp"
            die "$WHEEL has SHA-256 '$got', expected $SHA256; refusing it"
        fi
        mv -f "$tmp/$WHEEL" "$cache/$WHEEL"
        rm -rf "$tmp"
    fi
    rm -rf "$unpacked"
    mkdir -p "$unpacked"
    (cd "$unpacked" && python3 -m zipfile -e "$cache/$WHEEL" .) || die "could not unpack $WHEEL"
    chmod +x "$zig"  # zip entries lose their mode
    "$zig" version >/dev/null || die "$zig does not run"
    touch "$unpacked/.complete-$SHA256"
fi
echo "$zig"
