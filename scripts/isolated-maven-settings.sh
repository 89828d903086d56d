#!/usr/bin/env bash
# Prints a Maven settings.xml for a build that must not touch, nor be fed by, this build's
# development artifacts: its own local repository (<local-repo>), fed by
#   1. an optional staged repository (<staged-repo>, checksums enforced): the release under test,
#   2. this machine's ~/.m2/repository read as a plain file repository, releases only (so no
#      -SNAPSHOT of this build can be picked up, and third-party artifacts need no download),
#   3. Maven Central (the super POM's), for anything else.
# Nothing is ever written to ~/.m2. Used by scripts/stage-release.sh and scripts/try-release.sh.
#
# Usage: scripts/isolated-maven-settings.sh <local-repo> [<staged-repo>] > settings.xml
set -euo pipefail
local_repo="$1"
staged="${2:-}"
machine="${MACHINE_M2:-$HOME/.m2/repository}"

repo() { # repo <element> <id> <url> <checksum-policy>
    cat <<XML
        <$1>
          <id>$2</id>
          <url>file://$3</url>
          <releases><enabled>true</enabled><checksumPolicy>$4</checksumPolicy></releases>
          <snapshots><enabled>false</enabled></snapshots>
        </$1>
XML
}

cat <<XML
<settings>
  <localRepository>$local_repo</localRepository>
  <profiles>
    <profile>
      <id>isolated</id>
      <repositories>
XML
[ -n "$staged" ] && repo repository staged "$staged" fail
repo repository machine-cache "$machine" ignore
cat <<XML
      </repositories>
      <pluginRepositories>
XML
repo pluginRepository machine-cache "$machine" ignore
cat <<XML
      </pluginRepositories>
    </profile>
  </profiles>
  <activeProfiles><activeProfile>isolated</activeProfile></activeProfiles>
</settings>
XML
