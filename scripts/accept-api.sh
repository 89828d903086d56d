#!/usr/bin/env bash
# Rewrites the API signature files of the published modules (rest-compress-lib/api/*.api,
# rest-compress-micrometer/api/*.api) from their compiled classes, after an intended API change;
# commit them with the change. ApiSignatureTest compares them in every build.
#
# Usage: scripts/accept-api.sh [extra maven arguments, e.g. -o]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
cd "$root"
mvn -B -q test -pl rest-compress-lib,rest-compress-micrometer \
    -Dtest=ApiSignatureTest -Dsurefire.failIfNoSpecifiedTests=false \
    -Drest-compress.skip-missing-library-tests=true \
    -Dmaven.javadoc.skip=true -Dmaven.source.skip=true \
    -Drest-compress.api.accept=true "$@"
git -C "$root" status --short -- '*/api/*.api'
git -C "$root" diff --stat -- '*/api/*.api'
