#!/usr/bin/env bash
# Starts the built application on 127.0.0.1:<port> (called by scripts/try-release.sh from the project folder).
exec java -Dquarkus.http.host=127.0.0.1 -Dquarkus.http.port="$1" -jar target/quarkus-app/quarkus-run.jar
