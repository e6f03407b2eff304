#pragma once
#include <QString>
#include <QStringList>
#include <optional>

namespace burstlab {

// Reads /proc, /sys and /etc below a root directory, so tests can point the
// probes at a fake tree and get the same code path as a real host.
class HostFs {
  public:
    explicit HostFs(QString root = QStringLiteral("/"));

    QString path(const QString &absolute) const;
    bool exists(const QString &absolute) const;
    // Whole file, trailing whitespace trimmed; empty optional when unreadable.
    std::optional<QString> read(const QString &absolute) const;
    // Entry names of a directory, sorted; empty when missing.
    QStringList list(const QString &absolute) const;
    // Last path component of a symlink's target ("vfio-pci" for .../driver); empty if none.
    QString linkName(const QString &absolute) const;
    // Where an administrator's program (tc, ethtool, tuned-adm) is installed,
    // looked up in root's directories: an ordinary user's PATH lacks sbin,
    // where Debian puts tc. Empty when it is not installed.
    QString program(const QString &name) const;

  private:
    QString m_root;
};

} // namespace burstlab
