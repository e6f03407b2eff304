#include "store/RunNotices.h"
#include <QSqlDriver>
#include <QVariant>

namespace burstlab {

bool RunNotices::listen(QSqlDriver *driver) {
    if (!driver->subscribeToNotification(m_channel))
        return false;
    // This connection's own commits are known to whoever made them.
    connect(driver, &QSqlDriver::notification, this,
            [this](const QString &name, QSqlDriver::NotificationSource source,
                   const QVariant &payload) {
                if (name == m_channel && source != QSqlDriver::SelfSource)
                    emit heard(payload.toLongLong());
            });
    return true;
}

} // namespace burstlab
