#include "StoreCheck.h"
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStringList>
#include <QUuid>

namespace burstlab {

QString StoreCheck::integrity(const QString &path) {
    const QString name = QUuid::createUuid().toString();
    QString result;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(path);
        if (!db.open()) {
            result = db.lastError().text();
        } else {
            QSqlQuery q(db);
            if (!q.exec(QStringLiteral("PRAGMA integrity_check")))
                result = q.lastError().text();
            QStringList lines;
            while (q.next())
                lines << q.value(0).toString();
            if (result.isEmpty())
                result = lines.join(QLatin1Char('\n'));
        }
    }
    QSqlDatabase::removeDatabase(name);
    return result;
}

} // namespace burstlab
