#pragma once

#include <QByteArray>
#include <QJsonArray>
#include <QList>
#include <QString>
#include <QStringList>
#include <functional>
#include <optional>

// A network namespace for one test, deleted again on destruction. Kernel
// interfaces the engine uses (veth, tap) live and die inside it.
class NetNamespace {
  public:
    NetNamespace();
    ~NetNamespace();
    NetNamespace(const NetNamespace &) = delete;
    NetNamespace &operator=(const NetNamespace &) = delete;

    // Creates it, with IPv6 off: the kernel's own router and neighbour
    // solicitations would otherwise reach a sink and be counted.
    bool create();
    // Creates it: empty when done, else why it cannot be here (root only),
    // for the test to skip with.
    QString createOrWhyNot();
    // A veth pair a <-> b inside, both up.
    bool vethPair(const QString &a, const QString &b) const;
    // Runs a command (no shell) and says whether it succeeded.
    static bool run(const QStringList &command);
    // Runs `ip -n NS ...`.
    bool ip(const QStringList &args) const;
    // The prefix that runs a program inside: {"ip","netns","exec",NS}.
    QStringList exec() const { return {"ip", "netns", "exec", m_name}; }
    // Runs work on a thread that enters the namespace (a namespace is
    // entered per thread), so the sockets it opens live inside; false when
    // the namespace cannot be entered or work fails.
    bool inside(const std::function<bool()> &work) const;
    // Sends whole Ethernet frames out of an interface inside, gapUs apart,
    // from a packet socket.
    bool sendFrames(const QString &iface, const QList<QByteArray> &frames, int gapUs) const;

    // GRO of a device as ethtool -k reads it, from the test's own ioctl: in
    // the caller's namespace, or in this one.
    static std::optional<bool> groHere(const QString &device);
    std::optional<bool> gro(const QString &device) const;
    // Runs a command inside and reads its JSON output (ip -j, tc -j); an
    // empty array when it fails.
    QJsonArray json(const QStringList &command) const;

  private:
    QString m_name;
    bool m_created = false;
};
