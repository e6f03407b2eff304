#include "NetNamespace.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QProcess>
#include <cstring>
#include <fcntl.h>
#include <linux/ethtool.h>
#include <linux/if_packet.h>
#include <linux/sockios.h>
#include <net/if.h>
#include <sched.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

NetNamespace::NetNamespace()
    : m_name(QString("burstlab-test-%1").arg(QCoreApplication::applicationPid())) {}

NetNamespace::~NetNamespace() {
    if (m_created) {
        run({"ip", "netns", "del", m_name});
    }
}

bool NetNamespace::create() {
    m_created = run({"ip", "netns", "add", m_name});
    return m_created &&
           run(exec() + QStringList{"sh", "-c",
                                    "echo 1 > /proc/sys/net/ipv6/conf/all/disable_ipv6 && "
                                    "echo 1 > /proc/sys/net/ipv6/conf/default/disable_ipv6"});
}

QString NetNamespace::createOrWhyNot() {
    if (getuid() != 0)
        return QStringLiteral("a network namespace needs root");
    if (!create())
        return QStringLiteral("cannot create a network namespace here (root without "
                              "CAP_SYS_ADMIN?)");
    return {};
}

bool NetNamespace::vethPair(const QString &a, const QString &b) const {
    return ip({"link", "add", a, "type", "veth", "peer", "name", b}) &&
           ip({"link", "set", a, "up"}) && ip({"link", "set", b, "up"});
}

bool NetNamespace::run(const QStringList &command) {
    QProcess p;
    p.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    p.start(command.first(), command.mid(1));
    return p.waitForFinished(10000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}

bool NetNamespace::ip(const QStringList &args) const {
    return run(QStringList{"ip", "-n", m_name} + args);
}

bool NetNamespace::inside(const std::function<bool()> &work) const {
    bool ok = false;
    std::thread worker([&] {
        const QByteArray path = ("/var/run/netns/" + m_name).toLocal8Bit();
        const int nsFd = ::open(path.constData(), O_RDONLY | O_CLOEXEC);
        const bool entered = nsFd >= 0 && ::setns(nsFd, CLONE_NEWNET) == 0;
        if (nsFd >= 0) {
            ::close(nsFd);
        }
        ok = entered && work();
    });
    worker.join();
    return ok;
}

bool NetNamespace::sendFrames(const QString &iface, const QList<QByteArray> &frames,
                              int gapUs) const {
    return inside([&] {
        // Protocol 0: the socket sends and receives nothing.
        const int s = ::socket(AF_PACKET, SOCK_RAW | SOCK_CLOEXEC, 0);
        if (s < 0) {
            return false;
        }
        sockaddr_ll to{};
        to.sll_family = AF_PACKET;
        to.sll_ifindex = static_cast<int>(if_nametoindex(iface.toLocal8Bit().constData()));
        to.sll_halen = 6;
        bool sent = to.sll_ifindex != 0;
        for (const QByteArray &frame : frames) {
            if (!sent) {
                break;
            }
            sent = ::sendto(s, frame.constData(), size_t(frame.size()), 0,
                            reinterpret_cast<const sockaddr *>(&to), sizeof to) == frame.size();
            ::usleep(useconds_t(gapUs));
        }
        ::close(s);
        return sent;
    });
}

std::optional<bool> NetNamespace::groHere(const QString &device) {
    const int fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    ethtool_value v{};
    v.cmd = ETHTOOL_GGRO;
    ifreq request{};
    std::strncpy(request.ifr_name, device.toLatin1().constData(), IFNAMSIZ - 1);
    request.ifr_data = reinterpret_cast<char *>(&v);
    const bool ok = fd >= 0 && ioctl(fd, SIOCETHTOOL, &request) == 0;
    close(fd);
    return ok ? std::optional<bool>(v.data != 0) : std::nullopt;
}

std::optional<bool> NetNamespace::gro(const QString &device) const {
    std::optional<bool> value;
    inside([&] {
        value = groHere(device);
        return true;
    });
    return value;
}

QJsonArray NetNamespace::json(const QStringList &command) const {
    QProcess p;
    p.start(exec().first(), exec().mid(1) + command);
    if (!p.waitForFinished(10000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
        return {};
    return QJsonDocument::fromJson(p.readAllStandardOutput()).array();
}
