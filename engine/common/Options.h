#pragma once

#include "OptionWalk.h"

#include <optional>
#include <string>
#include <vector>

namespace burstlab::engine {

// The engine's validated command line. Only these options exist: the EAL
// argument list is built from them, never passed through, because the engine
// may run privileged and raw EAL options (-d) would load any library.
struct Options : EngineOptions {
    std::vector<std::string> vdevs; // TX port first, in command-line order
    std::string pci;                // a PCI TX port instead of vdevs
    std::string sinkVdev;
    std::vector<unsigned> lcores; // first = main lcore, others = TX workers
    bool lcoresGiven = false;
    bool noHuge = false;
    unsigned memoryMb = 512;
    // --restore-host: put back what a killed engine's journal left on the
    // ports' kernel interfaces, and exit.
    bool restoreHost = false;

    // Throws OptionsError with a message naming the bad option.
    static Options parse(const std::vector<std::string> &args);
    static std::string usage();
    // The kernel interfaces of the TX and sink ports (kernelInterfaceOf),
    // where the steps' host settings go; each is in the allow-list's
    // interfaces, as every vdev argument naming one is.
    std::vector<std::string> hostDevices() const;
    // At least a main and a worker lcore; a default list is cut to 1 + 8.
    void checkLcoreCount();
    // A memory size in MB within kMinMemoryMb..kMaxMemoryMb; `what` names it.
    static unsigned parseMemoryMb(const std::string &text, const std::string &what);

    static constexpr unsigned kMinMemoryMb = 64;
    static constexpr unsigned kMaxMemoryMb = 65536;
    static constexpr unsigned kMaxDefaultWorkers = 8;
};

// Device name of a vdev spec ("net_pcap0,tx_pcap=x" -> "net_pcap0").
std::string vdevName(const std::string &spec);

} // namespace burstlab::engine
