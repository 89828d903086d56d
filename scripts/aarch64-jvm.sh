#!/usr/bin/env bash
# Makes an arm64 Java 17 runnable on this x86_64 machine, to test the linux-aarch64 shim for real:
# Debian bookworm's arm64 openjdk-17-jre-headless and the libraries it needs (and musl), unpacked into a sysroot
# (cached outside the repository, ${REST_COMPRESS_CACHE:-~/.cache/rest-compress}/aarch64-sysroot), run
# by qemu-aarch64-static (scripts/setup.sh installs qemu-user-static). Nothing changes system-wide:
# apt runs with a private configuration (its own sources, lists, cache and empty status file), so the
# machine's architectures and package database stay as they were.
#
# Writes <jvm-dir>/bin/java, a wrapper that surefire can fork as its <jvm> (rest-compress-lib/pom.xml,
# execution aarch64-qemu), and <jvm-dir>/release, which tells surefire the Java version.
# QEMU_CPU in the environment reaches qemu (e.g. QEMU_CPU=cortex-a53 for the plainer code paths).
#
# Usage: scripts/aarch64-jvm.sh <jvm-dir>
set -euo pipefail
die() { echo "aarch64 jvm: ERROR: $*" >&2; exit 1; }
log() { echo "aarch64 jvm: $*" >&2; }
[ $# -eq 1 ] || die "usage: aarch64-jvm.sh <jvm-dir>"
jvm_dir="$1"

command -v qemu-aarch64-static >/dev/null || die "qemu-aarch64-static not found: run scripts/setup.sh (package qemu-user-static)"
cache="${REST_COMPRESS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/rest-compress}"
sysroot="$cache/aarch64-sysroot"
java_rel="usr/lib/jvm/java-17-openjdk-arm64"
# musl: its arm64 loader (/lib/ld-musl-aarch64.so.1) runs the linux-aarch64-musl shim's C harness
# (MuslShimTest) under qemu-aarch64-static -L <sysroot>.
packages=(openjdk-17-jre-headless libc6 zlib1g libgcc-s1 libstdc++6 musl)

if [ ! -f "$sysroot/.complete" ] || [ "$(cat "$sysroot/.complete")" != "${packages[*]}" ]; then
    log "creating the arm64 sysroot in $sysroot (bookworm: ${packages[*]}, about 46 MB)"
    apt_dir="$cache/aarch64-apt"
    rm -rf "$apt_dir" "$sysroot"
    mkdir -p "$apt_dir/lists/partial" "$apt_dir/archives/partial" "$apt_dir/debs" "$sysroot"
    : > "$apt_dir/status"
    cat > "$apt_dir/sources.list" <<'EOF'
deb [arch=arm64] http://deb.debian.org/debian bookworm main
deb [arch=arm64] http://deb.debian.org/debian bookworm-updates main
deb [arch=arm64] http://deb.debian.org/debian-security bookworm-security main
EOF
    apt_opts=(-o "Dir::Etc::SourceList=$apt_dir/sources.list" -o "Dir::Etc::SourceParts=/nonexistent"
              -o "Dir::State::Lists=$apt_dir/lists" -o "Dir::State::Status=$apt_dir/status"
              -o "Dir::Cache=$apt_dir" -o "Dir::Cache::archives=$apt_dir/archives"
              -o "APT::Architecture=arm64" -o "APT::Architectures::=arm64"
              -o "Debug::NoLocking=1" -o "APT::Sandbox::User=root" -qq)
    apt-get "${apt_opts[@]}" update || die "apt-get update of the private arm64 sources failed (no network?)"
    (cd "$apt_dir/debs" && apt-get "${apt_opts[@]}" download "${packages[@]}") \
        || die "apt-get download ${packages[*]} (arm64) failed"
    for deb in "$apt_dir"/debs/*.deb; do
        dpkg-deb -x "$deb" "$sysroot"
    done
    # Trap: the JRE's lib/ and conf/ hold absolute symlinks (into /etc/java-17-openjdk/, and libc's
    # into /lib/...). Followed on the HOST they would silently pick the x86_64 JDK's files (its
    # java.security, say). Point every absolute link at the same path inside the sysroot instead.
    while IFS= read -r -d '' link; do
        target="$(readlink "$link")"
        case "$target" in
            /*) ln -sfn "$(realpath -m --relative-to="$(dirname "$link")" "$sysroot$target")" "$link" ;;
        esac
    done < <(find "$sysroot" -type l -print0)
    [ -x "$sysroot/$java_rel/bin/java" ] || die "no $java_rel/bin/java in the unpacked packages"
    rm -rf "$apt_dir/debs" "$apt_dir/archives"
    echo "${packages[*]}" > "$sysroot/.complete"
fi

mkdir -p "$jvm_dir/bin"
cat > "$jvm_dir/bin/java" <<EOF
#!/bin/sh
# arm64 OpenJDK 17 from Debian bookworm under qemu (made by scripts/aarch64-jvm.sh). C1 only and the
# serial GC: emulated C2 compiles and GC threads cost more than they win in a short test run.
# Processes are started with fork+exec: the default posix_spawn runs the JDK's arm64 jspawnhelper,
# which the host cannot execute without a binfmt registration; after fork, qemu hands exec of a
# host tool (gzip, for the reference decoders) straight to the host.
exec qemu-aarch64-static -L "$sysroot" "$sysroot/$java_rel/bin/java" -XX:TieredStopAtLevel=1 -XX:+UseSerialGC \
    -Djdk.lang.Process.launchMechanism=FORK "\$@"
EOF
chmod +x "$jvm_dir/bin/java"
cp -f "$sysroot/$java_rel/release" "$jvm_dir/release" 2>/dev/null || echo 'JAVA_VERSION="17"' > "$jvm_dir/release"
arch="$("$jvm_dir/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *os.arch = //p')"
[ "$arch" = aarch64 ] || die "the arm64 java does not start: $("$jvm_dir/bin/java" -version 2>&1 | head -3)"
log "ready: $jvm_dir/bin/java (os.arch $arch)"
