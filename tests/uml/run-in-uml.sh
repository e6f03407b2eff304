#!/usr/bin/env bash
# Boots the User-mode Linux kernel with this host's / as its root file system,
# runs one command inside it as the guest's root, and exits with the command's
# status. The command's standard output and error come out on this script's,
# once the guest has stopped; the guest's console goes to a log shown only when
# the guest did not report a status.
#
#   run-in-uml.sh [--kernel FILE] [--cached] [--mem SIZE] [--timeout SECONDS] -- COMMAND [ARG...]
#
# The kernel is FILE, else $BURSTLAB_UML_KERNEL, else what build-uml-kernel.sh
# prints (building it when the cache has none; with --cached, exit status 77
# saying why when there is none, as a test that cannot run here). The command runs in the
# caller's working directory with the caller's PATH, QT_* and BURSTLAB_*
# variables, proc and sysfs mounted and lo up. Exit status 125: the guest did
# not boot or did not finish in time.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
kernel=${BURSTLAB_UML_KERNEL:-}
mem=256M
limit=300
cached=

usage() { sed -n '7p' "$0" | sed 's/^#  *//' >&2; exit 2; }
while [ $# -gt 0 ]; do
  case "$1" in
    --kernel) kernel=$2; shift 2 ;;
    --cached) cached=--cached; shift ;;
    --mem) mem=$2; shift 2 ;;
    --timeout) limit=$2; shift 2 ;;
    --) shift; break ;;
    *) usage ;;
  esac
done
[ $# -gt 0 ] || usage
[ -n "$kernel" ] || kernel=$("$here/build-uml-kernel.sh" $cached)
[ -x "$kernel" ] || { echo "run-in-uml: no kernel at $kernel" >&2; exit 125; }

# The guest sees the host's files, so the directory it reports into is an
# ordinary host directory.
work=$(mktemp -d "${TMPDIR:-/tmp}/burstlab-uml.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir "$work/uml"

{
  echo '#!/bin/bash'
  printf 'export PATH=%q HOME=/root\n' "$PATH"
  # The caller's Qt and burstlab settings: a GUI test's offscreen platform,
  # the directory of the built programs.
  export -p | grep -E '^declare -x (QT|BURSTLAB)_[A-Za-z0-9_]*=' || true
  printf 'work=%q\n' "$work"
  printf 'cd %q\n' "$PWD"
  printf 'command=(%s)\n' "$(printf '%q ' "$@")"
  cat <<'GUEST'
mount -t proc proc /proc
mount -t sysfs sysfs /sys
ip link set lo up
"${command[@]}" </dev/null >"$work/stdout" 2>"$work/stderr"
echo $? >"$work/status.tmp"
mv "$work/status.tmp" "$work/status"
sync
# Powering off makes the kernel process exit. It happens asynchronously, and
# an init that returned meanwhile would panic the kernel, so this one waits.
echo o >/proc/sysrq-trigger
exec sleep infinity
GUEST
} >"$work/init"
chmod +x "$work/init"

# con0 takes no input and writes to the console log; the other consoles and
# serial lines would otherwise open terminals on the host.
timeout --kill-after=10 "$limit" "$kernel" mem="$mem" \
  root=/dev/root rootfstype=hostfs rootflags=/ rw init="$work/init" \
  uml_dir="$work/uml" umid=guest con=null ssl=null con0=null,fd:1 \
  </dev/null >"$work/console" 2>&1 && ran=0 || ran=$?

if [ ! -f "$work/status" ]; then
  [ "$ran" -ne 124 ] || echo "run-in-uml: the guest did not finish within $limit s" >&2
  echo "run-in-uml: the guest reported no status; its console:" >&2
  tail -n 40 "$work/console" >&2
  exit 125
fi
cat "$work/stdout"
cat "$work/stderr" >&2
exit "$(cat "$work/status")"
