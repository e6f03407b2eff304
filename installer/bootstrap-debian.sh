#!/usr/bin/env bash
# Installs everything burstlab needs to build, run and test on Debian 12.
# Safe to run again: apt skips what is already there.
set -euo pipefail

packages=(
  # toolchain
  build-essential cmake ninja-build pkg-config git
  # engine: DPDK with its virtual-device PMDs (net_null, net_pcap, net_ring,
  # net_af_packet, net_tap are loaded from the PMD directory at run time)
  dpdk dpdk-dev libdpdk-dev nlohmann-json3-dev
  # the engine's profiles: elfutils' libdwfl names the sampled functions
  libdw-dev
  # core, CLI and GUI
  qt6-base-dev qt6-charts-dev qt6-svg-dev libqt6sql6-sqlite libqt6svg6
  # a shared run store on a PostgreSQL server (Qt's QPSQL driver)
  libqt6sql6-psql
  # Qt6Charts' CMake config requires Qt6OpenGL's, which qt6-charts-dev does
  # not pull in on Debian 12
  libqt6opengl6-dev
  libboost-math-dev libgl-dev
  # tests: a real pcap reader, namespaces/veth, a display for GUI screenshots,
  # SQLite's statement trace for the store's query-plan test
  tshark libpcap-dev iproute2 sqlite3 libsqlite3-dev xvfb xauth imagemagick
  # the store tests' throwaway PostgreSQL server
  postgresql-15
  # benchmarks: GNU time for the peak memory of a command
  time
  # package test: the package's checkers, and a window finder for the GUI
  lintian desktop-file-utils appstream libcap2-bin xdotool
  # fuzzing (clang's libFuzzer) and the remote-engine test (an sshd on loopback)
  clang libclang-rt-14-dev openssh-server openssh-client
  # the pktgen engine's tests: Debian's own kernel (downloaded once into a
  # cache, not installed) booted under QEMU's CPU emulation with busybox in
  # its initramfs; kmod reads the kernel's modules (tests/guest)
  qemu-system-x86 busybox-static kmod
)

# as root (containers, new machines) apt runs directly; otherwise through sudo
as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "bootstrap: all ${#packages[@]} packages present"
  exit 0
fi
echo "bootstrap: installing ${missing[*]}"
as_root apt-get update -qq
as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
