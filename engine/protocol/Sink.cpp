#include "Sink.h"

namespace burstlab::protocol {

namespace {

template <typename T> nlohmann::ordered_json orNull(const std::optional<T> &v) {
    return v ? nlohmann::ordered_json(*v) : nlohmann::ordered_json();
}

} // namespace

RxDropCounters RxDropCounters::since(const RxDropCounters &start) const {
    RxDropCounters d;
    d.imissed = imissed - start.imissed;
    d.ierrors = ierrors - start.ierrors;
    d.rxNombuf = rxNombuf - start.rxNombuf;
    if (kernelRing && start.kernelRing) {
        d.kernelRing = *kernelRing - *start.kernelRing;
    }
    return d;
}

nlohmann::ordered_json sinkJson(uint64_t rxPkts, const std::optional<SinkClasses> &classes,
                                const RxDropCounters &drops, uint64_t txPkts) {
    const auto classOf = [&](uint64_t SinkClasses::*member) {
        return classes ? nlohmann::ordered_json((*classes).*member) : nlohmann::ordered_json();
    };
    nlohmann::ordered_json j;
    j["rx_pkts"] = rxPkts;
    j["rx_foreign"] = classOf(&SinkClasses::foreign);
    j["rx_late"] = classOf(&SinkClasses::late);
    const uint64_t dropped = drops.total();
    j["rx_dropped"] = dropped;
    j["rx_drops"] = {{"imissed", drops.imissed},
                     {"ierrors", drops.ierrors},
                     {"rx_nombuf", drops.rxNombuf},
                     {"kernel_ring", orNull(drops.kernelRing)}};
    // Lost on the path: sent, and neither received nor dropped by the port.
    j["rx_lost"] = txPkts > rxPkts + dropped ? txPkts - rxPkts - dropped : 0;
    j["rx_duplicates"] = classOf(&SinkClasses::duplicates);
    j["rx_reordered"] = classOf(&SinkClasses::reordered);
    return j;
}

} // namespace burstlab::protocol
