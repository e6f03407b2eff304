#include "store/StoreReconnect.h"
#include "store/RunNotices.h"
#include "store/RunStore.h"
#include "store/SqlDialect.h"
#include "store/StoreLocation.h"
#include <QDeadlineTimer>
#include <QSqlDatabase>
#include <QSqlDriver>
#include <QSqlQuery>
#include <QThread>
#include <algorithm>
#include <utility>

namespace burstlab {

bool RunStore::reconnect() {
    // The session that dropped goes whole, its driver first: its prepared
    // queries, dropped after it, are not deallocated on a connection that is
    // gone (Qt's driver would try, and warn that it cannot).
    dropSession();
    m_insertSample.reset();
    QString why;
    if (const auto location = StoreLocation::parse(m_path, &why)) {
        QSqlDatabase db = location->addDatabase(m_connection);
        if (!db.open())
            why = m_dialect->explain(db.lastError());
    }
    if (!why.isEmpty()) {
        fail(QStringLiteral("cannot open the store %1: %2").arg(m_path, why));
        m_connectionLost = true;
        return false;
    }
    m_lost.clear();
    // The old session's holds and LISTENs ended with it; its watchers stay
    // connected to the relay, which listens on the new one.
    const QSet<qint64> held = std::exchange(m_held, {});
    if (!configureConnection() || (m_notices && !listen(*m_notices)))
        return false;
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
