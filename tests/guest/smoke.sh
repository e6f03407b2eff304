#!/usr/bin/env bash
# Checks the test guest's pktgen end to end: boots it once, and inside it lists
# pktgen's control files and runs pktgen on dummy0 at burst 1 and 32 and
# clone_skb 0 and 64, printing each Result line, checks that pktgen refuses
# burst and clone_skb on a veth device (no IFF_TX_SKB_SHARING), that a step
# without a count ends on a stop and when the writer of start is killed, and
# that pktgen is idle afterwards. Functional only: the rates say nothing about any host.
#
#   smoke.sh [run-in-guest.sh options, e.g. --cpus 1]
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
# shellcheck disable=SC2016 # the script expands inside the guest
exec "$here/run-in-guest.sh" "$@" -- bash -c '
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
# A step without a count runs until stopped. Both ways an engine can end
# one stop it: a stop from another writer returns the writer blocked in
# start, and a writer killed there (SIGKILL) stops pktgen too. Either way the
# device stays on its thread, under its own name, until rem_device_all.
pg=/proc/net/pktgen
sofar() { sed -n "s/.*pkts-sofar: \([0-9]*\).*/\1/p" "$pg/dummy0@burstlab0"; }
echo "add_device dummy0@burstlab0" >$pg/kpktgend_0
echo "count 0" >$pg/dummy0@burstlab0
(echo start >$pg/pgctrl) &
sleep 1
echo stop >$pg/pgctrl
wait $!
echo "dummy0@burstlab0 stopped by another writer after $(sofar) packets"
bash -c "echo start >$pg/pgctrl" &
writer=$!
sleep 1
# the shell would report the kill on stderr
{ kill -KILL $writer; wait $writer; } 2>/dev/null || true
before=$(sofar)
sleep 1
[ "$(sofar)" = "$before" ] || { echo "pktgen went on after its writer was killed" >&2; exit 1; }
echo "dummy0@burstlab0 stopped by killing the writer after $before packets"
grep -q "^Stopped: dummy0@burstlab0" $pg/kpktgend_0
echo rem_device_all >$pg/kpktgend_0

# an idle thread lists no device as running or stopped
if grep -E "^(Running|Stopped): *[^ ]" /proc/net/pktgen/kpktgend_0 >&2; then
  echo "kpktgend_0 still holds a device" >&2
  exit 1
fi
echo "kpktgend_0 idle"
' smoke "$here/pktgen-once.sh"
