#include "host/HostFs.h"
#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace burstlab {

HostFs::HostFs(QString root) : m_root(std::move(root)) {
    while (m_root.size() > 1 && m_root.endsWith(u'/'))
        m_root.chop(1);
}

QString HostFs::path(const QString &absolute) const {
    return m_root == QStringLiteral("/") ? absolute : m_root + absolute;
}

bool HostFs::exists(const QString &absolute) const {
    return QFileInfo::exists(path(absolute));
}

std::optional<QString> HostFs::read(const QString &absolute) const {
    QFile file(path(absolute));
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    // /proc and /sys files report size 0: read until EOF instead of trusting size().
    QByteArray data = file.readAll();
    while (!data.isEmpty() && QChar::isSpace(data.back()))
        data.chop(1);
    return QString::fromUtf8(data);
}

QStringList HostFs::list(const QString &absolute) const {
    return QDir(path(absolute))
        .entryList(QDir::AllEntries | QDir::System | QDir::NoDotAndDotDot, QDir::Name);
}

QString HostFs::linkName(const QString &absolute) const {
    const QString target = QFileInfo(path(absolute)).symLinkTarget();
    return target.isEmpty() ? QString() : QFileInfo(target).fileName();
}

QString HostFs::program(const QString &name) const {
    static const QStringList dirs{
        QStringLiteral("/usr/local/sbin"), QStringLiteral("/usr/local/bin"),
        QStringLiteral("/usr/sbin"),       QStringLiteral("/usr/bin"),
        QStringLiteral("/sbin"),           QStringLiteral("/bin")};
    for (const QString &dir : dirs) {
        const QString candidate = path(dir + u'/' + name);
        if (QFileInfo(candidate).isExecutable())
            return candidate;
    }
    return {};
}

} // namespace burstlab
