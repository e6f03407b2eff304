#pragma once

#include "Options.h"

#include <string>
#include <vector>

namespace burstlab::engine {

// Owns DPDK's EAL for the life of the process: builds the EAL argument list
// from validated options (never passing anything through), initialises EAL
// and, on destruction, calls rte_eal_cleanup() and removes this process's
// runtime directory, which EAL creates even when initialisation fails.
class EalSession {
  public:
    explicit EalSession(const Options &options);
    ~EalSession();
    EalSession(const EalSession &) = delete;
    EalSession &operator=(const EalSession &) = delete;

    // Returns false (with error() set) when rte_eal_init failed.
    bool init();
    const std::string &error() const { return m_error; }

    const std::string &filePrefix() const { return m_prefix; }
    static std::string runtimeDir(const std::string &prefix);
    // Removes the runtime directories of burstlab engines that died without
    // cleaning up; init() calls it before EAL starts.
    static void removeStalePrefixes();

  private:
    std::vector<std::string> m_args;
    std::string m_prefix;
    std::string m_error;
    bool m_initialised = false;
};

} // namespace burstlab::engine
