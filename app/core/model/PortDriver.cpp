#include "model/PortDriver.h"
#include <QStringList>

namespace burstlab {

bool driverHasNoWire(const QString &driver) {
    static const QStringList drivers{QStringLiteral("net_null"), QStringLiteral("net_ring"),
                                     QStringLiteral("net_memif"), QStringLiteral("net_pcap"),
                                     QStringLiteral("net_tap")};
    return drivers.contains(driver);
}

} // namespace burstlab
