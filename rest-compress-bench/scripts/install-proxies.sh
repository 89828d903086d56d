#!/usr/bin/env bash
# Installs the reverse proxies of the bench's `proxies` suite from Debian when they are missing:
#   nginx (+ libnginx-mod-http-brotli-filter), caddy, haproxy.
# Needs root and apt-get; without them it says which proxies are absent and exits 0: the suite then skips
# those proxies, each with one line in the report. The packages' own services are NOT started (a temporary
# policy-rc.d refuses service starts during the install, only if the machine has none of its own): the suite
# starts each proxy itself on 127.0.0.1 with a generated config, and stops it by PID.
# Usage: rest-compress-bench/scripts/install-proxies.sh
set -uo pipefail

log() { echo "[install-proxies] $*" >&2; }

# package -> the file that shows it is installed
declare -A NEEDS=(
    [nginx]=/usr/sbin/nginx
    [libnginx-mod-http-brotli-filter]=/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so
    [caddy]=/usr/bin/caddy
    [haproxy]=/usr/sbin/haproxy
)
missing=()
for pkg in nginx libnginx-mod-http-brotli-filter caddy haproxy; do
    [ -e "${NEEDS[$pkg]}" ] || missing+=("$pkg")
done
if [ ${#missing[@]} -eq 0 ]; then
    log "nginx, its brotli filter, caddy and haproxy are installed"
    exit 0
fi
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    log "not installing ${missing[*]} (needs root and apt-get); the proxies suite skips what is absent"
    exit 0
fi

policy=/usr/sbin/policy-rc.d
own_policy=0
if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\n# written by rest-compress install-proxies.sh for the length of one install\nexit 101\n' > "$policy"
    chmod 755 "$policy"
    own_policy=1
fi
cleanup() { [ "$own_policy" = 1 ] && rm -f "$policy"; }
trap cleanup EXIT

log "installing ${missing[*]} (their services are not started)"
export DEBIAN_FRONTEND=noninteractive
if ! apt-get install -y -q --no-install-recommends "${missing[@]}" >&2; then
    apt-get update -q >&2 || true
    apt-get install -y -q --no-install-recommends "${missing[@]}" >&2 \
        || log "WARNING: apt-get could not install ${missing[*]}; the proxies suite skips what is absent"
fi
exit 0
