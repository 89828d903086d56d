#!/usr/bin/env bash
# Builds the libdeflate JNI shim with AddressSanitizer + UndefinedBehaviorSanitizer and drives every
# JNI entry point (success and rejection paths) through it in a JVM. Any out-of-bounds access or
# undefined behaviour in the shim aborts the run with a report. Not part of the normal test run.
#
# Usage: scripts/native-asan.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
cd "$root"
java_home="${JAVA_HOME:-$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

mvn -B -q test-compile -pl rest-compress-lib
mvn -B -q dependency:build-classpath -pl rest-compress-lib -Dmdep.includeScope=test -Dmdep.outputFile="$work/cp.txt"
mkdir -p "$work/native/linux-x86_64"
# The bundled shim, with libdeflate's own sources (unpacked by the build's native step,
# rest-compress-lib/src/main/c/build.sh) instrumented too.
src="$(ls -d rest-compress-lib/target/native-build/libdeflate-* | head -1)"
[ -f "$src/libdeflate.h" ] || { echo "no libdeflate source under rest-compress-lib/target/native-build" >&2; exit 1; }
gcc -shared -fPIC -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -std=gnu11 \
    -I"$java_home/include" -I"$java_home/include/linux" -I"$src" \
    -o "$work/native/linux-x86_64/librestcompress_libdeflate.so" \
    rest-compress-lib/src/main/c/restcompress_libdeflate.c "$src"/lib/*.c "$src"/lib/x86/*.c

# The sanitizer runtimes must be loaded before the JVM; the JVM's own SEGV handling must stay its own.
LD_PRELOAD="$(gcc -print-file-name=libasan.so) $(gcc -print-file-name=libubsan.so)" \
ASAN_OPTIONS=handle_segv=0:detect_leaks=0:allow_user_segv_handler=1:abort_on_error=1 \
UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
timeout 300 "$java_home/bin/java" \
    -cp "$work:rest-compress-lib/target/test-classes:rest-compress-lib/target/classes:$(cat "$work/cp.txt")" \
    dev.restcompress.nativelib.NativeExerciseMain
