#pragma once
#include "host/ProbeContext.h"
#include <QJsonObject>

namespace burstlab {

// The environment a run was measured in, stored with it so two runs can be
// compared honestly.
class Fingerprint {
  public:
    // Keys: hostname, os, kernel_release, kernel_cmdline, cpu_model, cpu_count, smt
    // ("on"/"off"/"unknown"), governor, memory_mb, burstlab_version, burstlab_git,
    // burstlab_git_dirty; and when `hello` (the engine's hello message) is given: engine_version,
    // dpdk_version, port_name, port_driver, port_link_speed_mbps; for the pktgen engine engine_kind
    // "pktgen" and pktgen_version instead of dpdk_version, and kernel_release is the engine's
    // kernel.
    static QJsonObject collect(const ProbeContext &context, const QJsonObject &hello = {});
};

} // namespace burstlab
