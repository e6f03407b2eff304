#include "main/RunIdList.h"

#include <QCoreApplication>
#include <QStringList>

namespace burstlab {

std::optional<QList<qint64>> parseRunIds(const QString &text, QString *error) {
    QList<qint64> ids;
    for (const QString &part : text.split(u',')) {
        bool ok = false;
        const qint64 id = part.trimmed().toLongLong(&ok);
        if (!ok || id <= 0) {
            *error = QCoreApplication::translate("RunIdList",
                                                 "'%1' is not a run id (a positive integer, "
                                                 "as burstlab-cli runs lists them)")
                         .arg(part.trimmed());
            return std::nullopt;
        }
        if (ids.contains(id)) {
            *error = QCoreApplication::translate("RunIdList", "run %1 is given twice").arg(id);
            return std::nullopt;
        }
        ids.append(id);
    }
    return ids;
}

} // namespace burstlab
