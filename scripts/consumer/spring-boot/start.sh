#!/usr/bin/env bash
# Starts the built application on 127.0.0.1:<port> (called by scripts/try-release.sh from the project folder).
exec java -jar target/orders-spring-boot-1.0.jar --server.address=127.0.0.1 --server.port="$1"
