#!/usr/bin/env bash
# Checks the test kernel end to end: boots it once, and inside it lists
# pktgen's control files and runs pktgen on dummy0 at burst 1 and 32 and
# clone_skb 0 and 64, printing each Result line, and checks that pktgen
# refuses burst and clone_skb on a veth device (no IFF_TX_SKB_SHARING) and is
# idle afterwards. Functional only: the rates say nothing about any host.
#
#   smoke.sh [--kernel FILE]
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
exec "$here/run-in-uml.sh" "$@" -- bash -c '
set -euo pipefail
once=$1
ls /proc/net/pktgen
for step in "1 0" "32 0" "1 64" "32 64"; do
  set -- $step
  "$once" dummy0 100000 60 "$1" "$2"
done
ip link add veth0 type veth peer name veth1
ip link set veth1 up
"$once" veth0 1000 60 1 0
for refused in "32 0" "1 64"; do
  set -- $refused
  if "$once" veth0 1000 60 "$1" "$2" 2>/dev/null; then
    echo "pktgen took burst $1 clone_skb $2 on veth0" >&2
    exit 1
  fi
  echo "veth0 burst $1 clone_skb $2: refused"
done
# an idle thread lists no device as running or stopped
if grep -E "^(Running|Stopped): *[^ ]" /proc/net/pktgen/kpktgend_0 >&2; then
  echo "kpktgend_0 still holds a device" >&2
  exit 1
fi
echo "kpktgend_0 idle"
' smoke "$here/pktgen-once.sh"
