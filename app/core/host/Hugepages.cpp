#include "host/Hugepages.h"
#include <QRegularExpression>
#include <QSet>

namespace burstlab {

std::optional<double> reservedHugepagesMb(const HostFs &fs) {
    const QString dir = QStringLiteral("/sys/kernel/mm/hugepages");
    static const QRegularExpression sizeName(QStringLiteral("^hugepages-(\\d+)kB$"));
    double mb = 0;
    bool any = false;
    QSet<qint64> listedKb;
    for (const QString &entry : fs.list(dir)) {
        const QRegularExpressionMatch match = sizeName.match(entry);
        const std::optional<QString> count =
            fs.read(dir + u'/' + entry + QStringLiteral("/nr_hugepages"));
        if (!match.hasMatch() || !count)
            continue;
        any = true;
        listedKb.insert(match.captured(1).toLongLong());
        mb += count->toDouble() * match.captured(1).toDouble() / 1024.0;
    }
    const QString meminfo = fs.read(QStringLiteral("/proc/meminfo")).value_or(QString());
    static const QRegularExpression total(QStringLiteral("^HugePages_Total:\\s+(\\d+)"),
                                          QRegularExpression::MultilineOption);
    static const QRegularExpression size(QStringLiteral("^Hugepagesize:\\s+(\\d+) kB"),
                                         QRegularExpression::MultilineOption);
    const QRegularExpressionMatch t = total.match(meminfo);
    const QRegularExpressionMatch s = size.match(meminfo);
    if (t.hasMatch() && s.hasMatch() && !listedKb.contains(s.captured(1).toLongLong())) {
        any = true;
        mb += t.captured(1).toDouble() * s.captured(1).toDouble() / 1024.0;
    }
    return any ? std::optional<double>(mb) : std::nullopt;
}

} // namespace burstlab
