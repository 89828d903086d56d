#!/usr/bin/env bash
# A bandwidth-limited test link for the bandwidth suite, entirely inside two network
# namespaces this script creates: nothing is added to the host's own network namespace.
#
#   rcb-cli-ID [rcbcID 10.213.0.1/30] <== veth ==> [rcbsID 10.213.0.2/30] rcb-srv-ID
#
# Usage (root):
#   netns-link.sh up ID          create both namespaces and the veth pair (fails if ID is in use)
#   netns-link.sh rate ID RATE   tc tbf at RATE (e.g. 100mbit, 1gbit) on both ends; RATE "none" removes it
#   netns-link.sh down ID        delete both namespaces (the veth pair goes with them); idempotent
# ID: 1-8 lower-case letters or digits (scripts/bench.sh uses its PID). The load generator runs in
# rcb-cli-ID, the demo server in rcb-srv-ID, both through "ip netns exec".
set -euo pipefail

die() { echo "netns-link.sh: $*" >&2; exit 1; }

[ $# -ge 2 ] || die "usage: netns-link.sh up|rate|down ID [RATE]"
cmd="$1"
id="$2"
[[ "$id" =~ ^[0-9a-z]{1,8}$ ]] || die "ID must be 1-8 lower-case letters or digits, was '$id'"
srv="rcb-srv-$id"
cli="rcb-cli-$id"
vsrv="rcbs$id"
vcli="rcbc$id"

case "$cmd" in
    up)
        [ "$(id -u)" = 0 ] || die "needs root (network namespaces and tc)"
        ip netns add "$cli" || die "cannot create network namespace $cli (is 'ip netns' permitted here?)"
        if ! ip netns add "$srv"; then
            ip netns del "$cli"
            die "cannot create network namespace $srv"
        fi
        # Create both ends directly inside the namespaces: the pair never appears on the host.
        if ! ip link add "$vcli" netns "$cli" type veth peer name "$vsrv" netns "$srv"; then
            ip netns del "$cli"; ip netns del "$srv"
            die "cannot create the veth pair (veth module missing?)"
        fi
        ip netns exec "$cli" ip addr add 10.213.0.1/30 dev "$vcli"
        ip netns exec "$srv" ip addr add 10.213.0.2/30 dev "$vsrv"
        for ns in "$cli" "$srv"; do
            ip netns exec "$ns" ip link set lo up
        done
        ip netns exec "$cli" ip link set "$vcli" up
        ip netns exec "$srv" ip link set "$vsrv" up
        echo "namespaces $cli (10.213.0.1) and $srv (10.213.0.2) joined by $vcli/$vsrv"
        ;;
    rate)
        [ $# -ge 3 ] || die "usage: netns-link.sh rate ID RATE"
        rate="$3"
        if [ "$rate" = none ]; then
            ip netns exec "$cli" tc qdisc del dev "$vcli" root 2>/dev/null || true
            ip netns exec "$srv" tc qdisc del dev "$vsrv" root 2>/dev/null || true
            echo "no rate limit on $vcli/$vsrv"
            exit 0
        fi
        [[ "$rate" =~ ^([0-9]+)(kbit|mbit|gbit)$ ]] || die "RATE must look like 500kbit, 100mbit or 1gbit, was '$rate'"
        case "${BASH_REMATCH[2]}" in
            kbit) bps=$(( BASH_REMATCH[1] * 1000 )) ;;
            mbit) bps=$(( BASH_REMATCH[1] * 1000000 )) ;;
            gbit) bps=$(( BASH_REMATCH[1] * 1000000000 )) ;;
        esac
        # The bucket must hold at least one timer tick of traffic (rate / HZ, HZ up to 1000 -> take
        # 4 ms) and a few full-size frames, or tbf cannot reach its rate.
        burst=$(( bps / 8 / 250 ))
        [ "$burst" -ge 32768 ] || burst=32768
        for end in "$cli:$vcli" "$srv:$vsrv"; do
            ip netns exec "${end%%:*}" tc qdisc replace dev "${end#*:}" root tbf rate "$rate" burst "$burst" latency 20ms
        done
        echo "tbf rate $rate burst $burst B latency 20ms on both $vcli and $vsrv"
        ;;
    down)
        ip netns del "$srv" 2>/dev/null || true
        ip netns del "$cli" 2>/dev/null || true
        ;;
    *)
        die "unknown command '$cmd' (up, rate, down)"
        ;;
esac
