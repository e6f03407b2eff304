#pragma once

#include <optional>
#include <string>
#include <vector>

namespace burstlab::engine {

// What a vdev argument's value names, which decides how it is checked.
enum class VdevArgKind {
    Word,      // a number, flag, MAC or name: letters, digits and _ . : - only
    File,      // a capture file, checked against pcap_dirs
    Interface, // a kernel network interface, checked against interfaces
    Bit,       // 0 or 1: the driver reads it with atoi(), so "yes" would be 0
};

struct VdevArg {
    std::string key;
    std::string value;
    VdevArgKind kind = VdevArgKind::Word;
};

// The key=value arguments after a vdev's name ("net_pcap0,tx_pcap=x"), each
// checked against the keys its driver is allowed to get here. DPDK's own
// parser would take any key and lists in brackets; a privileged engine takes
// only these, so no argument can name a file, program or socket path but the
// capture files. Throws OptionsError naming the argument.
std::vector<VdevArg> parseVdevArgs(const std::string &spec);

// The kernel interface a port sends and receives through, whose host
// settings (gro, qdisc, ...) the engine may change: the iface= of an
// af_packet, AF_XDP or tap port (the one the tap driver creates); none for
// a port of any other kind (net_null, pcap, ring) or without iface=.
std::optional<std::string> kernelInterfaceOf(const std::string &spec);
// The kinds of port kernelInterfaceOf names an interface of, for messages.
inline constexpr const char *kKernelInterfacePorts =
    "net_af_packet, net_af_xdp or net_tap with iface=";

} // namespace burstlab::engine
