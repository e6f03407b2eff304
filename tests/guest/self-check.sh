#!/usr/bin/env bash
# The test guest's fixture: prepares the guest (guest-kernel.sh), then runs
# the vector self-check (burstlab-vector-check) on this host and inside the
# guest and compares them: every instruction set both have must give the same
# checksum, and none may report a lost vector state. The pktgen tests rely on
# programs in the guest computing what they compute on the host.
#
#   self-check.sh VECTOR_CHECK
#
# Exit status 77 when no guest can be prepared here (the message says why).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
check=$1
# Enough switches to catch a kernel that loses state at every one, few enough
# for an emulated CPU (about 10 s).
args=(--processes 8 --rounds 20000)

"$here/guest-kernel.sh" >/dev/null
echo "self-check: on this host ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2-)):"
host=$("$check" "${args[@]}") || { echo "$host"; echo "self-check: failed on the host itself" >&2; exit 1; }
echo "$host"
echo "self-check: in the guest:"
guest=$("$here/run-in-guest.sh" --cached -- "$check" "${args[@]}") && ran=0 || ran=$?
echo "$guest"
[ "$ran" -eq 0 ] || { echo "self-check: the guest lost vector state or did not run (exit $ran)" >&2; exit 1; }
compared=0
while read -r line; do
  set=${line%%:*}
  case "$line" in *"not available"*) continue ;; esac
  theirs=$(grep "^$set:" <<<"$host")
  case "$theirs" in *"not available"*) continue ;; esac
  [ "$theirs" = "$line" ] || { echo "self-check: $set differs from the host's" >&2; exit 1; }
  compared=$((compared + 1))
done <<<"$guest"
[ "$compared" -gt 0 ] || { echo "self-check: no instruction set to compare" >&2; exit 1; }
echo "self-check: $compared instruction sets agree with the host's"
