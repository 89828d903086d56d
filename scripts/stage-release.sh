#!/usr/bin/env bash
# Stages a release of the published modules (rest-compress-lib, rest-compress-micrometer and the
# rest-compress-bom) into a local file repository, so anyone can see and try the complete set:
# for each module its flattened pom, jar, sources and Javadoc jars, and the checksums Maven writes.
#
# The release is built from a temporary copy of this tree (tracked and new, not ignored, files)
# whose poms carry the release version instead of the development -SNAPSHOT; the tree itself is
# not changed. Tests are skipped there: scripts/test.sh runs them on the same sources.
# When a release of the same version was staged before, japicmp compares the new jars with it
# (profile api-compare) and the staging fails on a binary or source incompatible change, leaving
# the previous staging in place.
#
# Usage: scripts/stage-release.sh [--version 0.1.0] [--out DIR] [extra maven arguments]
#   (not -o: maven-deploy-plugin refuses to deploy offline, even to a file: repository)
#   --out   the staged repository (default results/staging/repository; results/ is not in git)
# Then: scripts/try-release.sh builds a new project against it.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
cd "$root"

version=0.1.0
out="$root/results/staging/repository"
maven_args=()
while [ $# -gt 0 ]; do
    case "$1" in
        --version) version="$2"; shift 2 ;;
        --out) out="$(mkdir -p "$2" && cd "$2" && pwd -P)"; shift 2 ;;
        *) maven_args+=("$1"); shift ;;
    esac
done
log() { echo "stage-release: $*" >&2; }
case "$out" in
    /|"$root"|"$HOME") log "refusing to replace $out"; exit 1 ;;
esac
if [ -d "$out" ] && [ -n "$(ls -A "$out")" ] && [ ! -d "$out/dev/restcompress" ]; then
    log "$out is not empty and holds no staged release: refusing to replace it"; exit 1
fi
start=$(date +%s)

modules=rest-compress-lib,rest-compress-micrometer,rest-compress-bom
work="$root/target/stage-release"
tree="$work/tree"
fresh="$work/repository"
# $work/m2, the build's own local repository, is kept between runs (third-party artifacts only).
rm -rf "$tree" "$fresh" "$work/japicmp" "$work/m2/dev/restcompress"
mkdir -p "$tree" "$fresh"

log "copying the tree to $tree"
git ls-files -z --cached --others --exclude-standard \
    | while IFS= read -r -d '' f; do if [ -e "$f" ]; then printf '%s\0' "$f"; fi; done \
    | tar --null -T - -cf - | tar -xf - -C "$tree"

dev_version=$(python3 - "$tree/pom.xml" <<'EOF'
import sys, xml.etree.ElementTree as et
print(et.parse(sys.argv[1]).getroot().find('{http://maven.apache.org/POM/4.0.0}version').text)
EOF
)
case "$dev_version" in
    *-SNAPSHOT) ;;
    *) log "the development version is $dev_version, expected a -SNAPSHOT"; exit 1 ;;
esac
log "setting the version $dev_version -> $version in every pom of the copy"
(cd "$tree" && find . -name pom.xml -print0 \
    | xargs -0 sed -i "s|<version>${dev_version}</version>|<version>${version}</version>|g")
if (cd "$tree" && grep -rl --include=pom.xml -e "-SNAPSHOT" .); then
    log "a -SNAPSHOT is left in the poms above"
    exit 1
fi

compare=()
baseline_jar="$out/dev/restcompress/rest-compress-lib/$version/rest-compress-lib-$version.jar"
if [ -f "$baseline_jar" ]; then
    log "a staged $version exists in $out: japicmp compares the new jars with it"
    compare=(-Papi-compare "-Drest-compress.api.baseline=$out" "-Drest-compress.api.baseline-version=$version")
else
    log "no staged $version in $out yet: nothing to compare the API with"
fi

# The build gets its own local repository (scripts/isolated-maven-settings.sh: fed from ~/.m2's
# releases, never writing there), so ~/.m2, which other builds resolve from, is left alone: no
# installed release, no deploy metadata. -Dmaven.install.skip: nothing to install either.
"$root/scripts/isolated-maven-settings.sh" "$work/m2" > "$work/settings.xml"
log "mvn deploy -pl $modules (tests skipped) to $fresh"
if ! mvn -B -s "$work/settings.xml" -f "$tree/pom.xml" deploy -pl "$modules" -DskipTests \
        -Dmaven.install.skip=true "-DaltDeploymentRepository=staging::file://$fresh" "${compare[@]}" "${maven_args[@]}" \
        > "$work/maven.log" 2>&1; then
    grep -E "ERROR|japicmp|incompatib" "$work/maven.log" | head -40 >&2 || true
    for f in "$tree"/*/target/japicmp/api-compare.diff; do
        [ -f "$f" ] && { echo "--- $f" >&2; cat "$f" >&2; echo >&2; }
    done
    log "FAILED (full log: $work/maven.log); the previous staging in $out is unchanged"
    exit 1
fi
for f in "$tree"/*/target/japicmp/api-compare.diff; do
    if [ -f "$f" ]; then
        m=$(basename "$(dirname "$(dirname "$(dirname "$f")")")")
        mkdir -p "$work/japicmp"
        cp "$f" "$work/japicmp/$m.diff"
        log "japicmp $m: no incompatible change against the staged $version (report: $work/japicmp/$m.diff)"
    fi
done

# What a user's build must never see: the parent or any other module of this build, a
# SNAPSHOT, a test-scoped dependency.
fail=0
for pom in $(find "$fresh" -name '*.pom'); do
    if grep -q "<parent>" "$pom"; then log "$pom names a parent"; fail=1; fi
    if grep -q "SNAPSHOT" "$pom"; then log "$pom names a SNAPSHOT"; fail=1; fi
    if grep -q "<scope>test</scope>" "$pom"; then log "$pom has a test dependency"; fail=1; fi
    if grep -Eq "rest-compress-(parent|demo|bench|http-contract|[a-z-]*-it)<" "$pom"; then
        log "$pom names an unpublished module"; fail=1
    fi
done
for a in rest-compress-lib rest-compress-micrometer; do
    d="$fresh/dev/restcompress/$a/$version"
    for f in "$a-$version.pom" "$a-$version.jar" "$a-$version-sources.jar" "$a-$version-javadoc.jar"; do
        for x in "" .sha1 .md5; do
            [ -f "$d/$f$x" ] || { log "missing $d/$f$x"; fail=1; }
        done
    done
    if [ -f "$d/$a-$version.jar" ]; then
        listing=$(unzip -l "$d/$a-$version.jar")
        for entry in META-INF/LICENSE META-INF/NOTICE META-INF/MANIFEST.MF; do
            grep -q " $entry\$" <<<"$listing" || { log "$a jar has no $entry"; fail=1; }
        done
        unzip -p "$d/$a-$version.jar" META-INF/MANIFEST.MF | grep -q "^Automatic-Module-Name: " \
            || { log "$a jar has no Automatic-Module-Name"; fail=1; }
    fi
done
[ -f "$fresh/dev/restcompress/rest-compress-bom/$version/rest-compress-bom-$version.pom" ] \
    || { log "missing the BOM"; fail=1; }
if [ "$fail" -ne 0 ]; then
    log "FAILED: the staged set is incomplete or leaks build details; the previous staging in $out is unchanged"
    exit 1
fi

rm -rf "$out"
mkdir -p "$(dirname "$out")"
mv "$fresh" "$out"
log "staged $version in $(( $(date +%s) - start )) s: $out"
(cd "$out" && find . -type f | sort)
