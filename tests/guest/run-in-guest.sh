#!/usr/bin/env bash
# Boots the test guest (Debian's kernel under QEMU, guest-kernel.sh) with this
# host's / as its root file system, runs one command inside it as the guest's
# root, and exits with the command's status. The command's standard output
# and error come out on this script's once the guest has stopped; when the
# guest reports no status, the console lines that say why come out instead.
#
#   run-in-guest.sh [--cached] [--cpus N] [--mem SIZE] [--timeout SECONDS] -- COMMAND [ARG...]
#
# --cached: use a guest already prepared, exit status 77 saying why when there
# is none (a test that cannot run here); otherwise one is prepared first.
# The command runs in the caller's working directory with the caller's PATH
# (and root's sbin directories after it: the command runs as root),
# QT_* and BURSTLAB_* variables; the guest has proc, sysfs, its own tmpfs for
# /run, /dev/shm and TMPDIR, lo up and pktgen, dummy and veth loaded; other
# modules load on demand from the guest kernel's own. --cpus defaults to 2.
# Exit status 125: the guest did not boot or did not finish in time.
#
# The accelerator: BURSTLAB_GUEST_ACCEL=tcg|kvm (tcg: one host thread per
# guest CPU) or tcg,thread=single (one host thread for all), else KVM where
# /dev/kvm is usable and a probe guest booted on it (remembered until the
# host reboots), else QEMU's emulation (TCG), which boots on any x86-64 host.
# BURSTLAB_GUEST_ICOUNT=SHIFT: TCG with a fixed instruction count (below),
# for benchmarks in the guest; one CPU only.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
cpus=2
mem=2048M
limit=300
cached=
icount=()

usage() { sed -n '8p' "$0" | sed 's/^#  *//' >&2; exit 2; }
while [ $# -gt 0 ]; do
  case "$1" in
    --cached) cached=--cached; shift ;;
    --cpus) cpus=$2; shift 2 ;;
    --mem) mem=$2; shift 2 ;;
    --timeout) limit=$2; shift 2 ;;
    --) shift; break ;;
    *) usage ;;
  esac
done
[ $# -gt 0 ] || usage
if [ -n "${BURSTLAB_GUEST_ICOUNT:-}" ] && [ "$cpus" != 1 ]; then
  # Seen with QEMU 7.2 (Debian 12): the boot hangs for good at "x86: Booting
  # SMP configuration", as the first CPU's wait for the second never yields
  # the one thread to it.
  echo "run-in-guest: BURSTLAB_GUEST_ICOUNT runs every guest CPU on one thread, where the" \
    "second CPU never starts: use --cpus 1, or BURSTLAB_GUEST_ACCEL=tcg,thread=single" \
    "without a fixed instruction count" >&2
  exit 2
fi
guest=$("$here/guest-kernel.sh" $cached)

# The guest sees the host's files, so the directory it reports into is an
# ordinary host directory; the guest mounts its own tmpfs on /run, and keeps
# its temporary files there, so this one is outside /run.
work=$(mktemp -d "${TMPDIR:-/tmp}/burstlab-guest.XXXXXX")
trap 'rm -rf "$work"' EXIT

write_init() { # COMMAND...
  {
    echo '#!/bin/bash'
    # The guest's own proc and sysfs before anything else: until then /proc
    # is the host's, seen through 9p.
    echo 'mount -t proc proc /proc && mount -t sysfs sysfs /sys || exit'
    echo 'mount -t tmpfs tmpfs /run && mkdir -p /run/tmp /run/home /dev/shm /dev/pts'
    echo 'mount -t tmpfs tmpfs /dev/shm && mount -t devpts devpts /dev/pts'
    printf 'echo %q >/proc/sys/kernel/modprobe\n' "$guest/modprobe"
    printf '%q -a pktgen dummy veth\n' "$guest/modprobe"
    # tc is in sbin, which an ordinary user's PATH lacks.
    printf 'export PATH=%q HOME=/run/home TMPDIR=/run/tmp\n' "$PATH:/usr/local/sbin:/usr/sbin:/sbin"
    # The caller's Qt and burstlab settings: a GUI test's offscreen platform,
    # the directory of the built programs.
    export -p | grep -E '^declare -x (QT|BURSTLAB)_[A-Za-z0-9_]*=' || true
    printf 'work=%q\n' "$work"
    printf 'cd %q\n' "$PWD"
    printf 'command=(%s)\n' "$(printf '%q ' "$@")"
    cat <<'GUEST'
ip link set lo up
"${command[@]}" </dev/null >"$work/stdout" 2>"$work/stderr"
echo $? >"$work/status.tmp"
mv "$work/status.tmp" "$work/status"
sync
echo o >/proc/sysrq-trigger
exec sleep infinity
GUEST
  } >"$work/init"
  chmod +x "$work/init"
}

boot() { # ACCEL CPUS SECONDS
  rm -f "$work/status" "$work/console"
  # no_timer_check: on a busy host the emulated timer ticks too few times in
  # the kernel's boot check, which then panics ("IO-APIC + timer doesn't
  # work"); seen under load on these 2-core machines.
  timeout --kill-after=10 "$3" qemu-system-x86_64 -accel "$1" "${icount[@]}" -cpu max -smp "$2" -m "$mem" \
    -kernel "$guest/vmlinuz" -initrd "$guest/initrd.gz" \
    -append "console=ttyS0 quiet panic=-1 no_timer_check burstlab_init=$work/init" \
    -fsdev "local,id=root,path=/,security_model=none,multidevs=remap" \
    -device virtio-9p-pci,fsdev=root,mount_tag=hostroot \
    -display none -monitor none -serial "file:$work/console" -nic none -no-reboot \
    </dev/null >"$work/qemu" 2>&1
}

accel=${BURSTLAB_GUEST_ACCEL:-}
if [ -z "$accel" ]; then
  accel=tcg
  if [ -r /dev/kvm ] && [ -w /dev/kvm ]; then
    # A guest on a KVM that does not work hangs, so one boots under a short
    # limit before KVM is trusted.
    probe="$(dirname "$guest")/kvm-probe-$(cat /proc/sys/kernel/random/boot_id)"
    if [ ! -f "$probe" ]; then
      write_init true
      boot kvm 1 30 && [ "$(cat "$work/status" 2>/dev/null)" = 0 ] &&
        echo kvm >"$probe" || echo tcg >"$probe"
    fi
    accel=$(cat "$probe")
  fi
fi

write_init "$@"
# TCG runs each guest CPU on a host thread of its own; with a fixed
# instruction count (BURSTLAB_GUEST_ICOUNT=SHIFT: each instruction 2^SHIFT ns
# of the guest's clocks, whatever the host does meanwhile) one thread runs
# them all, so that a benchmark in the guest is not the host's noise.
if [ -n "${BURSTLAB_GUEST_ICOUNT:-}" ]; then
  accel=tcg,thread=single
  icount=(-icount "shift=$BURSTLAB_GUEST_ICOUNT,sleep=off")
elif [ "$accel" = tcg ]; then
  accel=tcg,thread=multi
fi
boot "$accel" "$cpus" "$limit" && ran=0 || ran=$?
if [ ! -f "$work/status" ]; then
  [ "$ran" -ne 124 ] || echo "run-in-guest: the guest did not finish within $limit s" >&2
  echo "run-in-guest: the guest ($accel, $cpus CPUs) reported no status (QEMU exit $ran)" >&2
  cat "$work/qemu" >&2
  # The lines that say why first, then the console's end for context.
  grep -E -i 'guest:|panic|oops|bug:|segfault|error|failed|not syncing|killed' \
    "$work/console" >&2 || true
  echo "run-in-guest: the console's last lines:" >&2
  tail -n 20 "$work/console" >&2
  exit 125
fi
cat "$work/stdout"
cat "$work/stderr" >&2
exit "$(cat "$work/status")"
