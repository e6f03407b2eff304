#include "store/LocalActor.h"
#include <QSqlDriver>
#include <QSysInfo>
#include <QVariant>
#include <pwd.h>
#include <sqlite3.h>
#include <unistd.h>

namespace burstlab {

namespace {

void actorFunction(sqlite3_context *context, int argc, sqlite3_value **argv) {
    const auto *what = argc == 1 ? sqlite3_value_text(argv[0]) : nullptr;
    const QByteArray answer = what && QByteArrayView(reinterpret_cast<const char *>(what)) == "host"
                                  ? LocalActor::host().toUtf8()
                                  : LocalActor::user().toUtf8();
    sqlite3_result_text(context, answer.constData(), int(answer.size()), SQLITE_TRANSIENT);
}

} // namespace

QString LocalActor::user() {
    // The effective user: the one the file's permissions judge.
    if (const passwd *entry = getpwuid(geteuid()); entry && entry->pw_name)
        return QString::fromLocal8Bit(entry->pw_name);
    return QStringLiteral("uid %1").arg(geteuid());
}

QString LocalActor::host() {
    return QSysInfo::machineHostName();
}

bool LocalActor::registerWith(const QSqlDatabase &db) {
    // QSqlDriver::handle() holds the connection's sqlite3 pointer for QSQLITE.
    const QVariant handle = db.driver() ? db.driver()->handle() : QVariant();
    if (!handle.isValid() || qstrcmp(handle.typeName(), "sqlite3*") != 0)
        return false;
    auto *connection = *static_cast<sqlite3 *const *>(handle.constData());
    return connection && sqlite3_create_function_v2(
                             connection, "burstlab_actor", 1, SQLITE_UTF8 | SQLITE_INNOCUOUS,
                             nullptr, actorFunction, nullptr, nullptr, nullptr) == SQLITE_OK;
}

} // namespace burstlab
