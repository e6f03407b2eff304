# What the Debian package says about itself. The Debian revision comes from
# the top entry of debian/changelog, so the changelog is the one place a
# release is named; configuring fails if it or the AppStream release disagree
# with the project version.
set(BURSTLAB_PACKAGE_MAINTAINER "burstlab developers <burstlab@users.noreply.github.com>"
    CACHE STRING "Maintainer field of the Debian package")
set(BURSTLAB_HOMEPAGE "https://github.com/burstlab/burstlab")

file(STRINGS ${CMAKE_CURRENT_SOURCE_DIR}/debian/changelog changelog_top LIMIT_COUNT 1)
if(NOT changelog_top MATCHES "^burstlab \\(([^)-]+)-([^)]+)\\)")
  message(FATAL_ERROR "installer/debian/changelog: top line is not 'burstlab (VERSION-REV) ...'")
endif()
if(NOT CMAKE_MATCH_1 VERSION_EQUAL PROJECT_VERSION)
  message(FATAL_ERROR "installer/debian/changelog names ${CMAKE_MATCH_1}, the project is "
                      "${PROJECT_VERSION}: add a changelog entry for this version")
endif()
set(BURSTLAB_DEBIAN_REVISION ${CMAKE_MATCH_2})

file(READ ${CMAKE_CURRENT_SOURCE_DIR}/io.github.burstlab.burstlab.metainfo.xml metainfo)
if(NOT metainfo MATCHES "<release version=\"([^\"]+)\"" OR
   NOT CMAKE_MATCH_1 VERSION_EQUAL PROJECT_VERSION)
  message(FATAL_ERROR "installer/io.github.burstlab.burstlab.metainfo.xml: the first <release> "
                      "must be version ${PROJECT_VERSION}")
endif()

set(BURSTLAB_PACKAGE_SUMMARY "packet-transmit lab for DPDK burst and clone sweeps")
set(BURSTLAB_PACKAGE_DESCRIPTION
"burstlab drives a DPDK engine process that transmits packets with a burst
control (packets per rte_eth_tx_burst call, one doorbell each) and a clone
control (one prebuilt mbuf sent many times by reference count). It sweeps
these and other transmit parameters with repetitions, stores every run in a
local SQLite file, and charts packets per second next to the
nanosecond-per-packet delta of each point, with confidence intervals, a
better/worse/noise verdict and the host tuning checklist beside each run.
Results export as the plain-text tables of netdev mailing-list posts.

The package holds the desktop application (burstlab), the command-line
client (burstlab-cli) and the engine. Only members of the system group
burstlab may run the engine, with the capabilities for raw sockets, tap
devices and pinned DMA memory; other users go through pkexec.")

# What shlibdeps cannot see: plugins that Qt and DPDK load at run time. The
# EAL loads its bus, mempool and PMD drivers from its plugin directory, so the
# buses, the ring mempool and the virtual devices the engine accepts are needed
# to run at all; NIC drivers only for the NIC at hand, and the setcap and
# addgroup the maintainer scripts call.
set(runtime_depends
    adduser libcap2-bin libqt6sql6-sqlite
    librte-bus-vdev23 librte-bus-pci23 librte-mempool-ring23
    librte-net-null23 librte-net-ring23 librte-net-pcap23 librte-net-af-packet23
    librte-net-tap23 librte-net-af-xdp23 librte-net-memif23)
set(runtime_recommends
    librte-net-ixgbe23 librte-net-i40e23 librte-net-ice23 librte-net-iavf23
    librte-net-mlx5-23 librte-net-e1000-23 librte-net-virtio23)
set(runtime_suggests pkexec)
list(JOIN runtime_depends ", " BURSTLAB_RUNTIME_DEPENDS)
list(JOIN runtime_recommends ", " BURSTLAB_RUNTIME_RECOMMENDS)
list(JOIN runtime_suggests ", " BURSTLAB_RUNTIME_SUGGESTS)
