#include "store/StoreReconnect.h"
#include "store/RunStore.h"
#include "store/SqlDialect.h"
#include <QDeadlineTimer>
#include <QSqlDatabase>
#include <QSqlDriver>
#include <QSqlQuery>
#include <QThread>
#include <algorithm>
#include <utility>

namespace burstlab {

bool RunStore::reconnect() {
    m_insertSample.reset(); // prepared on the old connection
    QSqlDatabase db = database();
    // Closing ends the driver's LISTENs; its watchers (watchRuns) stay
    // connected to it and hear the same channels again.
    const QStringList channels = db.driver()->subscribedToNotifications();
    db.close();
    if (!db.open()) {
        fail(QStringLiteral("cannot open the store %1: %2")
                 .arg(m_path, m_dialect->explain(db.lastError())));
        m_connectionLost = true;
        return false;
    }
    // The old session's holds ended with it.
    const QSet<qint64> held = std::exchange(m_held, {});
    if (!configureConnection())
        return false;
    for (const QString &channel : channels) {
        if (!db.driver()->subscribeToNotification(channel))
            return fail(QStringLiteral("listening for runs (%1): %2")
                            .arg(m_path, m_dialect->explain(db.driver()->lastError())));
    }
    return std::all_of(held.cbegin(), held.cend(), [this](qint64 id) { return holdRun(id, true); });
}

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

} // namespace burstlab
