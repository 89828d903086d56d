#!/usr/bin/env bash
# Starts the built application on 127.0.0.1:<port> (called by scripts/try-release.sh from the project folder).
exec java "-Ddw.server.applicationConnectors[0].port=$1" -jar target/orders-dropwizard-1.0.jar server config.yml
