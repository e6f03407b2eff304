#include "store/StoreReconnect.h"
#include "store/RunStore.h"
#include "store/SqlDialect.h"
#include "store/StoreLocation.h"
#include <QDeadlineTimer>
#include <QSqlError>
#include <QThread>
#include <algorithm>
#include <atomic>

namespace burstlab {

bool StoreReconnect::reopen(RunStore &store, int boundMs) {
    const QDeadlineTimer deadline(boundMs);
    int pauseMs = kFirstPauseMs;
    while (!store.reconnect()) {
        const qint64 left = deadline.remainingTime();
        if (left <= 0)
            return false;
        QThread::msleep(std::min<qint64>(pauseMs, left));
        pauseMs = std::min(pauseMs * 2, kLongestPauseMs);
    }
    return true;
}

QString StoreReconnect::reachable(const QString &path) {
    QString why;
    const auto location = StoreLocation::parse(path, &why);
    if (!location)
        return why;
    static std::atomic<quint64> counter{0};
    const QString name = QStringLiteral("burstlab-probe-%1").arg(++counter);
    {
        QSqlDatabase db = location->addDatabase(name);
        // libpq takes the last of a setting given twice; one the user set
        // is theirs to keep.
        if (!location->isFile() && !path.contains(QStringLiteral("connect_timeout")))
            db.setConnectOptions(db.connectOptions() +
                                 QStringLiteral(" connect_timeout=%1").arg(kProbeTimeoutS));
        if (!db.open())
            why = SqlDialect::of(location->kind()).explain(db.lastError());
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
    return why;
}

} // namespace burstlab
