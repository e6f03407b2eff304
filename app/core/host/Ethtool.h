#pragma once
#include <QString>
#include <optional>

namespace burstlab {

// The SIOCETHTOOL ioctl on a kernel netdev, optionally inside a named network
// namespace (entered only by the querying thread, for one socket).
class Ethtool {
  public:
    struct Pause {
        bool autoneg = false;
        bool rx = false;
        bool tx = false;
    };
    struct Ring {
        unsigned rxPending = 0, rxMax = 0, txPending = 0, txMax = 0;
    };
    struct Coalesce {
        unsigned rxUsecs = 0, rxFrames = 0, txUsecs = 0, txFrames = 0;
        bool adaptiveRx = false, adaptiveTx = false;
    };
    struct DriverInfo {
        QString driver, version, busInfo;
    };
    struct Offloads {
        bool sg = false, tso = false, gso = false, gro = false;
    };

    explicit Ethtool(QString iface, QString netns = {});

    std::optional<Pause> pause();
    std::optional<Ring> ring();
    std::optional<Coalesce> coalesce();
    std::optional<DriverInfo> driverInfo();
    // Scatter-gather, TSO, GSO and GRO through the per-feature gets, which
    // every kernel answers for every netdev (ETHTOOL_GFEATURES needs the
    // feature names' string set to be read first).
    std::optional<Offloads> offloads();

    // Why the last query failed, in words: "veth does not support ETHTOOL_GPAUSEPARAM
    // (Operation not supported)", "no such interface 'eth9'".
    const QString &error() const { return m_error; }

  private:
    bool query(void *command, const char *name);
    std::optional<bool> flag(unsigned command, const char *name);

    QString m_iface;
    QString m_netns;
    QString m_error;
};

} // namespace burstlab
