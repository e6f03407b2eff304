#!/usr/bin/env bash
# Prepares the test guest: Debian's own amd64 kernel, run under QEMU (see
# run-in-guest.sh), with its modules and a small initramfs that mounts this
# host's / over 9p. Prints the directory that holds them.
#
# QEMU emulates the CPU, vector registers included, so the guest keeps every
# process's FP and vector state right whatever the host's XSAVE layout (a
# User-mode Linux kernel does not on a host with AMX). Nothing is built: the
# kernel package is downloaded with apt-get download (no root needed), its
# files unpacked into the cache, nothing installed on this host.
#
# The cache is BURSTLAB_GUEST_CACHE, else /var/cache/burstlab-guest when it is
# writable or already prepared, else the user's ~/.cache/burstlab-guest; one
# directory per kernel package version and initramfs recipe, reused while both
# are unchanged.
#
#   guest-kernel.sh [--cached]
#
# --cached: only print a guest already prepared, never download one. Exit
# status 77 (the tests' "cannot run here") when a package is missing, the
# kernel cannot be downloaded or, with --cached, none is prepared; the message
# says which.
set -euo pipefail

cached_only=false
[ "${1:-}" != --cached ] || cached_only=true

here=$(cd "$(dirname "$0")" && pwd)
cannot() { echo "guest-kernel: $*" >&2; exit 77; }

for tool in qemu-system-x86_64:qemu-system-x86 /bin/busybox:busybox-static \
            /sbin/modprobe:kmod /sbin/depmod:kmod apt-get:apt dpkg-deb:dpkg; do
  command -v "${tool%%:*}" >/dev/null || cannot "${tool%%:*} missing: apt-get install ${tool#*:}"
done

# The kernel linux-image-amd64 points at in the package lists; an older one
# already unpacked serves when the lists name none (no apt-get update yet).
package=$(apt-cache depends linux-image-amd64 2>/dev/null |
          awk '/Depends: linux-image-[0-9]/ && !found { print $2; found = 1 }') || true
# The key covers what decides the guest besides the kernel: the initramfs's
# init and the busybox it runs.
key=$(cat "$here/guest-init.sh" /bin/busybox | sha256sum | cut -c1-12)

cache=${BURSTLAB_GUEST_CACHE:-}
if [ -z "$cache" ]; then
  cache=/var/cache/burstlab-guest
  if ! ls "$cache"/*/ready >/dev/null 2>&1 && ! { mkdir -p "$cache" 2>/dev/null && [ -w "$cache" ]; }; then
    cache=${XDG_CACHE_HOME:-$HOME/.cache}/burstlab-guest
  fi
fi
if [ -z "$package" ]; then
  latest=$(ls -d "$cache"/linux-image-*-"$key" 2>/dev/null | sort -V | tail -n1) || true
  [ -n "$latest" ] && [ -f "$latest/ready" ] ||
    cannot "the package lists name no linux-image-amd64 kernel: apt-get update"
  echo "$latest"
  exit 0
fi
dir="$cache/$package-$key"
if [ -f "$dir/ready" ]; then
  echo "$dir"
  exit 0
fi
"$cached_only" && cannot "no test guest prepared yet at $dir: run $0"

mkdir -p "$cache"
# One preparation at a time (tests may start together); a waiter finds what
# the first one prepared.
exec 9>"$cache/.lock"
flock 9
if [ -f "$dir/ready" ]; then
  echo "$dir"
  exit 0
fi
rm -rf "$dir.tmp"
mkdir -p "$dir.tmp/deb"
echo "guest-kernel: downloading $package" >&2
(cd "$dir.tmp/deb" && apt-get download -q "$package" >&2) ||
  cannot "apt-get download $package failed (apt-get update, or no network to the archive)"
dpkg-deb -x "$dir.tmp"/deb/*.deb "$dir.tmp/root"
rm -rf "$dir.tmp/deb"
release=$(ls "$dir.tmp/root/lib/modules")
# The package ships no modules.dep: made here, for the guest's modprobe.
/sbin/depmod -b "$dir.tmp/root" "$release"
cp "$dir.tmp/root/boot/vmlinuz-$release" "$dir.tmp/vmlinuz"

# The initramfs: busybox, the modules that reach the host's / (virtio PCI and
# 9p, in dependency order) and the init that mounts it.
initramfs="$dir.tmp/initramfs"
mkdir -p "$initramfs"/{bin,modules,proc,sys,dev,newroot}
cp /bin/busybox "$initramfs/bin/busybox"
cp "$here/guest-init.sh" "$initramfs/init"
chmod +x "$initramfs/init"
/sbin/modprobe -d "$dir.tmp/root" -S "$release" -a --show-depends virtio_pci 9pnet_virtio 9p |
  awk '$1 == "insmod" && !seen[$2]++ { print $2 }' |
  while read -r module; do
    cp "$module" "$initramfs/modules/"
    basename "$module" >>"$initramfs/modules/order"
  done
(cd "$initramfs" && find . | busybox cpio -o -H newc 2>/dev/null | gzip -1) >"$dir.tmp/initrd.gz"
rm -rf "$initramfs"

# Inside the guest the kernel loads modules from the cache, not from the
# host's /lib/modules (which holds the host's kernel's, if any).
printf '#!/bin/sh\nexec /sbin/modprobe -d %q "$@"\n' "$dir/root" >"$dir.tmp/modprobe"
chmod +x "$dir.tmp/modprobe"
echo "$release" >"$dir.tmp/release"
touch "$dir.tmp/ready"
rm -rf "$dir"
mv "$dir.tmp" "$dir"
# What an older kernel package or recipe left is 400 MB each.
find "$cache" -mindepth 1 -maxdepth 1 -name 'linux-image-*' ! -name "${dir##*/}" -exec rm -rf {} +
echo "$dir"
