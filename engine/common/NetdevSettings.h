#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

namespace burstlab::engine {

// The root qdisc as `tc -j qdisc show` lists it: its kind, and whether it
// is the one the kernel attached itself (handle 0:), which deleting a
// configured root qdisc brings back.
struct RootQdisc {
    std::string kind;
    bool kernelDefault = false;
};
// The root qdisc in tc's JSON; none when tc lists no root (a device that
// is down has the noop qdisc, which tc hides).
std::optional<RootQdisc> parseRootQdisc(std::string_view tcJson);

// A kernel network device's host settings, by the step parameters' names
// (protocol/Parameters.h, host), read and written as the kernel's own
// tools do: SIOCETHTOOL for gro, gso, tso, flow_control, tx_ring, rx_usecs
// and tx_usecs; SIOCGIFTXQLEN/SIOCSIFTXQLEN for txqueuelen; each TX
// queue's byte_queue_limits/limit_max in sysfs for bql_limit_max; tc for
// the root qdisc. Values are the protocol's: "on"/"off" (flow_control
// also "rx" or "tx", one direction only), integers, a qdisc's kind. Every
// write needs CAP_NET_ADMIN, the sysfs one uid 0 as well
// (docs/privileges.md).
class NetdevSettings {
  public:
    explicit NetdevSettings(std::string device);

    const std::string &device() const { return m_device; }
    // The setting's value; none with *error saying why (the driver does not
    // support it: "veth does not support ETHTOOL_GPAUSEPARAM").
    std::optional<nlohmann::json> read(std::string_view setting, std::string *error) const;
    // Sets it; empty, or why the kernel refused.
    std::string write(std::string_view setting, const nlohmann::json &value) const;
    // The root qdisc as it is now; none with *error when tc cannot say.
    std::optional<RootQdisc> rootQdisc(std::string *error) const;
    // Deletes a configured root qdisc, so the kernel attaches its default.
    std::string removeRootQdisc() const;

  private:
    std::string ethtool(void *command, const char *name) const;

    std::string m_device;
};

} // namespace burstlab::engine
