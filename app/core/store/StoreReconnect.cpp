#include "store/StoreReconnect.h"
#include "store/RunStore.h"
#include <QDeadlineTimer>
#include <QThread>
#include <algorithm>

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

} // namespace burstlab
