#include "host/Ethtool.h"
#include <QFile>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <linux/ethtool.h>
#include <linux/sockios.h>
#include <net/if.h>
#include <sched.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

namespace burstlab {

namespace {

// Closes a descriptor on every return path.
class Fd {
  public:
    explicit Fd(int fd) : m_fd(fd) {}
    ~Fd() {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    Fd(const Fd &) = delete;
    Fd &operator=(const Fd &) = delete;
    int get() const { return m_fd; }

  private:
    int m_fd;
};

QString errnoText(int error) {
    return QString::fromLocal8Bit(std::strerror(error));
}

// A socket's network namespace is fixed when it is created, so entering the
// namespace just for socket() is enough; this thread returns to its own at once.
int socketIn(const QString &netns, QString *error) {
    if (netns.isEmpty())
        return ::socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    const QByteArray target = QFile::encodeName(QStringLiteral("/run/netns/") + netns);
    Fd targetNs(::open(target.constData(), O_RDONLY | O_CLOEXEC));
    Fd ownNs(::open("/proc/thread-self/ns/net", O_RDONLY | O_CLOEXEC));
    if (targetNs.get() < 0 || ownNs.get() < 0) {
        *error =
            QStringLiteral("cannot open network namespace '%1' (%2)").arg(netns, errnoText(errno));
        return -1;
    }
    if (::setns(targetNs.get(), CLONE_NEWNET) != 0) {
        *error =
            QStringLiteral("cannot enter network namespace '%1' (%2)").arg(netns, errnoText(errno));
        return -1;
    }
    const int fd = ::socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    const int socketErrno = errno;
    if (::setns(ownNs.get(), CLONE_NEWNET) != 0)
        qFatal("cannot return to the original network namespace: %s", std::strerror(errno));
    errno = socketErrno;
    return fd;
}

} // namespace

Ethtool::Ethtool(QString iface, QString netns)
    : m_iface(std::move(iface)), m_netns(std::move(netns)) {}

bool Ethtool::query(void *command, const char *name) {
    m_error.clear();
    const QByteArray iface = m_iface.toLocal8Bit();
    if (iface.isEmpty() || iface.size() >= IFNAMSIZ) {
        m_error = QStringLiteral("not a valid interface name '%1'").arg(m_iface);
        return false;
    }
    Fd fd(socketIn(m_netns, &m_error));
    if (fd.get() < 0) {
        if (m_error.isEmpty())
            m_error = QStringLiteral("cannot open a socket (%1)").arg(errnoText(errno));
        return false;
    }
    ifreq request{};
    std::memcpy(request.ifr_name, iface.constData(), static_cast<size_t>(iface.size()));
    request.ifr_data = static_cast<char *>(command);
    if (::ioctl(fd.get(), SIOCETHTOOL, &request) == 0)
        return true;
    const int error = errno;
    if (error == ENODEV) {
        m_error = m_netns.isEmpty()
                      ? QStringLiteral("no such interface '%1'").arg(m_iface)
                      : QStringLiteral("no such interface '%1' in network namespace '%2'")
                            .arg(m_iface, m_netns);
    } else if (error == EOPNOTSUPP) {
        m_error = QStringLiteral("the driver of '%1' does not support %2 (%3)")
                      .arg(m_iface, QLatin1String(name), errnoText(error));
    } else {
        m_error = QStringLiteral("%1 on '%2' failed (%3)")
                      .arg(QLatin1String(name), m_iface, errnoText(error));
    }
    return false;
}

std::optional<Ethtool::Pause> Ethtool::pause() {
    ethtool_pauseparam raw{};
    raw.cmd = ETHTOOL_GPAUSEPARAM;
    if (!query(&raw, "ETHTOOL_GPAUSEPARAM"))
        return std::nullopt;
    return Pause{raw.autoneg != 0, raw.rx_pause != 0, raw.tx_pause != 0};
}

std::optional<Ethtool::Ring> Ethtool::ring() {
    ethtool_ringparam raw{};
    raw.cmd = ETHTOOL_GRINGPARAM;
    if (!query(&raw, "ETHTOOL_GRINGPARAM"))
        return std::nullopt;
    return Ring{raw.rx_pending, raw.rx_max_pending, raw.tx_pending, raw.tx_max_pending};
}

std::optional<Ethtool::Coalesce> Ethtool::coalesce() {
    ethtool_coalesce raw{};
    raw.cmd = ETHTOOL_GCOALESCE;
    if (!query(&raw, "ETHTOOL_GCOALESCE"))
        return std::nullopt;
    Coalesce c;
    c.rxUsecs = raw.rx_coalesce_usecs;
    c.rxFrames = raw.rx_max_coalesced_frames;
    c.txUsecs = raw.tx_coalesce_usecs;
    c.txFrames = raw.tx_max_coalesced_frames;
    c.adaptiveRx = raw.use_adaptive_rx_coalesce != 0;
    c.adaptiveTx = raw.use_adaptive_tx_coalesce != 0;
    return c;
}

std::optional<Ethtool::DriverInfo> Ethtool::driverInfo() {
    ethtool_drvinfo raw{};
    raw.cmd = ETHTOOL_GDRVINFO;
    if (!query(&raw, "ETHTOOL_GDRVINFO"))
        return std::nullopt;
    auto text = [](const char *field, size_t size) {
        return QString::fromLocal8Bit(field, static_cast<qsizetype>(strnlen(field, size)));
    };
    return DriverInfo{text(raw.driver, sizeof raw.driver), text(raw.version, sizeof raw.version),
                      text(raw.bus_info, sizeof raw.bus_info)};
}

std::optional<bool> Ethtool::flag(unsigned command, const char *name) {
    ethtool_value raw{};
    raw.cmd = command;
    if (!query(&raw, name))
        return std::nullopt;
    return raw.data != 0;
}

std::optional<Ethtool::Offloads> Ethtool::offloads() {
    const auto sg = flag(ETHTOOL_GSG, "ETHTOOL_GSG");
    const auto tso = sg ? flag(ETHTOOL_GTSO, "ETHTOOL_GTSO") : std::nullopt;
    const auto gso = tso ? flag(ETHTOOL_GGSO, "ETHTOOL_GGSO") : std::nullopt;
    const auto gro = gso ? flag(ETHTOOL_GGRO, "ETHTOOL_GGRO") : std::nullopt;
    if (!gro)
        return std::nullopt;
    return Offloads{*sg, *tso, *gso, *gro};
}

} // namespace burstlab
