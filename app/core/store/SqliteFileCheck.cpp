#include "store/SqliteFileCheck.h"
#include <QFile>
#include <QFileInfo>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QStringList>
#include <QUrl>
#include <QUuid>

namespace burstlab {

namespace {

struct Contents {
    bool read = false;
    qint64 applicationId = 0;
    qint64 userVersion = 0;
    QStringList tables;
};

// immutable=1: no lock, no journal, no -shm or -wal file is made.
Contents contentsOf(const QString &path) {
    Contents c;
    const QString connection =
        QStringLiteral("burstlab-file-check-") + QUuid::createUuid().toString();
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), connection);
        db.setDatabaseName(QUrl::fromLocalFile(path).toString(QUrl::FullyEncoded) +
                           QStringLiteral("?immutable=1"));
        db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY;QSQLITE_OPEN_URI"));
        if (db.open()) {
            QSqlQuery q(db);
            const auto number = [&q](const QString &sql, qint64 *out) {
                if (!q.exec(sql) || !q.next())
                    return false;
                *out = q.value(0).toLongLong();
                return true;
            };
            c.read = number(QStringLiteral("PRAGMA application_id"), &c.applicationId) &&
                     number(QStringLiteral("PRAGMA user_version"), &c.userVersion) &&
                     q.exec(QStringLiteral("SELECT name FROM sqlite_schema WHERE type IN "
                                           "('table', 'view') AND name NOT LIKE 'sqlite_%' "
                                           "ORDER BY name"));
            while (c.read && q.next())
                c.tables << q.value(0).toString();
        }
    }
    QSqlDatabase::removeDatabase(connection);
    return c;
}

} // namespace

QString SqliteFileCheck::problem(const QString &path) {
    const QFileInfo info(path);
    if (!info.isFile() || info.size() == 0)
        return {};
    // SQLite takes a file shorter than its header for an empty database and
    // writes over it: a few bytes of anything else are refused here.
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {}; // opening it says why
    if (file.read(16) != QByteArray("SQLite format 3", 16))
        return QStringLiteral("%1 is not a burstlab store or is corrupt (it does not start with "
                              "SQLite's header): it is left untouched")
            .arg(path);
    const Contents c = contentsOf(path);
    if (!c.read || c.applicationId == kApplicationId)
        return {};
    if (c.applicationId != 0)
        return QStringLiteral("%1 is another program's database (SQLite application id %2), not "
                              "a burstlab store: it is left untouched")
            .arg(path)
            .arg(c.applicationId);
    const bool ours = c.userVersion > 0 && c.tables.contains(QStringLiteral("runs")) &&
                      c.tables.contains(QStringLiteral("steps")) &&
                      c.tables.contains(QStringLiteral("samples"));
    if (c.tables.isEmpty() || ours)
        return {};
    const qsizetype shown = 5;
    QString tables = c.tables.mid(0, shown).join(QStringLiteral(", "));
    if (c.tables.size() > shown)
        tables += QStringLiteral(" and %1 more").arg(c.tables.size() - shown);
    return QStringLiteral("%1 is another program's database (tables %2), not a burstlab store: "
                          "it is left untouched; give a new file or a burstlab store")
        .arg(path, tables);
}

} // namespace burstlab
