#!/usr/bin/env bash
# Runs one pktgen step on a kernel network device and prints the device's
# Result line; meant to run as root inside the test guest
# (run-in-guest.sh -- tests/guest/pktgen-once.sh ...). It exits non-zero when
# pktgen refuses a parameter or the step reports no packets sent, and leaves
# pktgen idle (no device on any thread) either way.
#
#   pktgen-once.sh DEVICE COUNT PKT_SIZE BURST CLONE_SKB
#
# DEVICE is created as a dummy device when it does not exist.
set -euo pipefail

[ $# -eq 5 ] || { sed -n '8p' "$0" | sed 's/^#  *//' >&2; exit 2; }
dev=$1 count=$2 size=$3 burst=$4 clone=$5
pg=/proc/net/pktgen

# A refused write fails with an errno (EINVAL; ENOTSUPP, which the shell
# prints as "Unknown error 524"). The file's Result line is no help then: it
# still shows the last accepted write.
set_() {
  local file=$1
  shift
  echo "$*" >"$pg/$file" || { echo "pktgen refused '$*' on $file" >&2; exit 1; }
}
idle() { echo reset >"$pg/pgctrl"; }
trap idle EXIT

ip link show "$dev" >/dev/null 2>&1 || ip link add "$dev" type dummy
ip link set "$dev" up

idle
set_ kpktgend_0 "add_device $dev"
set_ "$dev" "count $count"
set_ "$dev" "pkt_size $size"
set_ "$dev" "burst $burst"
set_ "$dev" "clone_skb $clone"
set_ "$dev" "dst 198.51.100.1"
set_ "$dev" "dst_mac 02:00:00:00:00:01"
# start returns when every thread has sent its count
set_ pgctrl start

# The Result line goes on over the next line (pps, Mb/sec, errors).
result=$(grep -h -A1 'Result:' "$pg/$dev" | tr -s ' \n' ' ')
echo "$dev burst $burst clone_skb $clone: ${result% }"
sent=$(sed -n 's/.*pkts-sofar: \([0-9]*\).*/\1/p' "$pg/$dev")
[ "${sent:-0}" -gt 0 ] || { echo "pktgen sent nothing on $dev" >&2; exit 1; }
