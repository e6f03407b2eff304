#!/usr/bin/env bash
# Builds a User-mode Linux kernel (a Linux kernel that runs as an ordinary
# process) with pktgen, dummy and veth built in, from Debian's linux-source-6.1
# package, and prints the path of the kernel binary.
#
# The result is cached: a kernel is built once per source version and config,
# in BURSTLAB_UML_CACHE (default /var/cache/burstlab-uml, or the user's
# ~/.cache/burstlab-uml when that is not writable), and reused as long as
# both are unchanged. An interrupted build resumes from its build tree.
#
# Needs the Debian packages linux-source-6.1 build-essential flex bison bc
# (the config builds no modules and no objtool, so no libelf-dev or libssl-dev).
# Environment: BURSTLAB_UML_CACHE, BURSTLAB_UML_JOBS (default: number of CPUs),
# BURSTLAB_UML_SOURCE (default /usr/src/linux-source-6.1.tar.xz).
#
#   build-uml-kernel.sh [--cached]
#
# --cached: only print a kernel already built, never build one. Exit status 77
# (the tests' "cannot run here") when a package is missing or, with --cached,
# no kernel is built yet; the message says which.
set -euo pipefail

cached_only=false
[ "${1:-}" != --cached ] || cached_only=true

here=$(cd "$(dirname "$0")" && pwd)
fragment="$here/uml.config"
cache=${BURSTLAB_UML_CACHE:-}
jobs=${BURSTLAB_UML_JOBS:-$(nproc)}
tarball=${BURSTLAB_UML_SOURCE:-/usr/src/linux-source-6.1.tar.xz}

fail() { echo "build-uml-kernel: $*" >&2; exit 1; }
cannot() { echo "build-uml-kernel: $*" >&2; exit 77; }

[ -r "$tarball" ] || cannot "$tarball missing: apt-get install linux-source-6.1"
for tool in make gcc flex bison bc; do
  command -v "$tool" >/dev/null || cannot "$tool missing: apt-get install build-essential flex bison bc"
done

# The package version names the source; the tarball's size and time stand in
# for it when the tarball did not come from the package.
version=$(dpkg-query -W -f='${Version}' linux-source-6.1 2>/dev/null) ||
  version=$(stat -c '%s-%Y' "$tarball")
# The key covers what decides the binary: the config fragment and the compiler.
key=$( { cat "$fragment"; gcc --version | head -n1; } | sha256sum | cut -c1-12)
name="linux-$version-$key"
if [ -z "$cache" ]; then
  # The shared cache, like the compiler's; a user who can neither find the
  # kernel there nor write it builds into their own cache.
  cache=/var/cache/burstlab-uml
  if [ ! -x "$cache/$name/linux" ] && ! { mkdir -p "$cache" 2>/dev/null && [ -w "$cache" ]; }; then
    cache=${XDG_CACHE_HOME:-$HOME/.cache}/burstlab-uml
  fi
fi
kernel="$cache/$name/linux"

if [ -x "$kernel" ]; then
  echo "$kernel"
  exit 0
fi
"$cached_only" && cannot "no test kernel built yet at $kernel: run $0"

mkdir -p "$cache"
# One build at a time (tests may start together); a waiter finds the kernel
# the first one built.
exec 9>"$cache/.lock"
flock 9
if [ -x "$kernel" ]; then
  echo "$kernel"
  exit 0
fi
build="$cache/build-$name"
src="$build/linux-source-6.1"
if [ ! -f "$src/Makefile" ]; then
  rm -rf "$build"
  mkdir -p "$build"
  echo "build-uml-kernel: unpacking $tarball" >&2
  tar -xJf "$tarball" -C "$build"
fi

cd "$src"
if [ ! -f .config ] || [ "$(cat .burstlab-key 2>/dev/null)" != "$key" ]; then
  make ARCH=um defconfig >&2
  # scripts/kconfig/merge_config.sh applies the fragment and then checks every
  # option took effect, so a missing dependency fails here, not at boot time.
  ARCH=um scripts/kconfig/merge_config.sh -m .config "$fragment" >&2
  make ARCH=um olddefconfig >&2
  while read -r line; do
    case "$line" in
      CONFIG_*=*) grep -qx "$line" .config || fail "config did not take $line" ;;
    esac
  done <"$fragment"
  echo "$key" >.burstlab-key
fi

echo "build-uml-kernel: building $name with $jobs jobs" >&2
make ARCH=um -j"$jobs" linux >&2

mkdir -p "$cache/$name.tmp"
cp linux "$cache/$name.tmp/linux"
cp .config "$cache/$name.tmp/config"
rm -rf "${cache:?}/$name"
mv "$cache/$name.tmp" "$cache/$name"
# The binary is all the tests need; the build tree is large.
rm -rf "$build"
echo "$kernel"
